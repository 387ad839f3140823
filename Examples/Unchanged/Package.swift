// swift-tools-version: 6.0
// An example of a team recording code written the usual way: ScenesModels is a scenes screen's
// view model that fetches with URLSession.shared and delays its loader with Task.sleep (or, in a
// variant, DispatchQueue.main.asyncAfter), with no clock or transport parameter; ScenesBench is
// the glue onto a stock list-screen panel; scenes-filmstrip is its own command line. It depends
// on filmstrip by path and uses only its products.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Unchanged",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scenes-filmstrip", targets: ["scenes-filmstrip"]),
        .library(name: "ScenesModels", targets: ["ScenesModels"]),
        .library(name: "ScenesBench", targets: ["ScenesBench"]),
    ],
    dependencies: [
        .package(name: "filmstrip", path: "../.."),
    ],
    targets: [
        // The app's own code: no filmstrip module, no clock or transport parameter.
        .target(name: "ScenesModels", swiftSettings: swiftSettings),
        .target(
            name: "ScenesBench",
            dependencies: ["ScenesModels", .product(name: "Filmstrip", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "scenes-filmstrip",
            dependencies: ["ScenesBench", .product(name: "FilmstripCLI", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ScenesTests",
            dependencies: [
                "ScenesModels", "ScenesBench",
                .product(name: "Filmstrip", package: "filmstrip"),
                .product(name: "FilmstripTesting", package: "filmstrip"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
