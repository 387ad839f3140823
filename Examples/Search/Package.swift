// swift-tools-version: 6.0
// An example of a team recording the model it ships: SearchModels is a search screen's view model
// written without filmstrip (an injected clock and HTTP transport), with a naive model beside it;
// SearchBench is the glue and the panels; search-filmstrip is its own command line. It depends
// on filmstrip by path and uses only its products.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Search",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "search-filmstrip", targets: ["search-filmstrip"]),
        .library(name: "SearchModels", targets: ["SearchModels"]),
        .library(name: "SearchBench", targets: ["SearchBench"]),
    ],
    dependencies: [
        .package(name: "filmstrip", path: "../.."),
    ],
    targets: [
        // The app's own code: no filmstrip module.
        .target(name: "SearchModels", swiftSettings: swiftSettings),
        .target(
            name: "SearchBench",
            dependencies: ["SearchModels", .product(name: "Filmstrip", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "search-filmstrip",
            dependencies: ["SearchBench", .product(name: "FilmstripCLI", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SearchTests",
            dependencies: [
                "SearchModels", "SearchBench",
                .product(name: "Filmstrip", package: "filmstrip"),
                .product(name: "FilmstripTesting", package: "filmstrip"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
