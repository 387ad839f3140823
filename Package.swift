// swift-tools-version: 6.0
// filmstrip: records filmstrips of async-state UI benches and measures them.
// Targets follow the data flow in docs/ARCHITECTURE.md, with no back edges:
// CLibPNG → CPNGShim, CZlib → FilmstripPNG; FilmstripRaster → FilmstripCore → FilmstripReports;
// Filmstrip (the library users import) re-exports those; FilmstripSeedBenches (the three seed
// benches, written on the public API); FilmstripCLI (the only target that touches files,
// environment and terminal) → filmstrip, and FilmstripTesting for users' test suites.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "filmstrip",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "filmstrip", targets: ["filmstrip"]),
        .library(name: "Filmstrip", targets: ["Filmstrip"]),
        .library(name: "FilmstripCLI", targets: ["FilmstripCLI"]),
        .library(name: "FilmstripSeedBenches", targets: ["FilmstripSeedBenches"]),
        .library(name: "FilmstripTesting", targets: ["FilmstripTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        .target(name: "FilmstripRaster", swiftSettings: swiftSettings),
        .target(name: "FilmstripPNG", dependencies: ["CPNGShim", "CZlib", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripCore", dependencies: ["FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripReports", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "Filmstrip", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports"], swiftSettings: swiftSettings),
        .target(name: "FilmstripSeedBenches", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(
            name: "FilmstripCLI",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports"],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .target(name: "FilmstripTesting", dependencies: ["Filmstrip", "FilmstripCLI"], swiftSettings: swiftSettings),
        .executableTarget(name: "filmstrip", dependencies: ["FilmstripCLI", "FilmstripSeedBenches"], swiftSettings: swiftSettings),

        .testTarget(name: "FilmstripRasterTests", dependencies: ["FilmstripRaster"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripPNGTests", dependencies: ["FilmstripPNG", "FilmstripRaster"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCoreTests", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripSeedBenches"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripReportsTests", dependencies: ["FilmstripReports", "FilmstripCore", "FilmstripSeedBenches"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FilmstripCLITests",
            dependencies: ["FilmstripCLI", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripSeedBenches", "filmstrip"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FilmstripTestingTests",
            dependencies: ["FilmstripTesting", "Filmstrip", "FilmstripCLI", "FilmstripSeedBenches"],
            swiftSettings: swiftSettings
        ),
    ]
)
