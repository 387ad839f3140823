// swift-tools-version: 6.0
// filmstrip: records filmstrips of async-state UI benches and measures them.
// Targets follow the data flow in docs/ARCHITECTURE.md, with no back edges:
// CLibPNG → CPNGShim, CZlib, CLibCrypto → FilmstripPNG; FilmstripRaster → FilmstripCore → FilmstripReports;
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
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(name: "CMalloc"),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        .target(name: "FilmstripRaster", swiftSettings: swiftSettings),
        .target(name: "FilmstripPNG", dependencies: ["CPNGShim", "CZlib", "CLibCrypto", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripCore", dependencies: ["FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripReports", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "Filmstrip", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports"], swiftSettings: swiftSettings),
        .target(name: "FilmstripSeedBenches", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(
            name: "FilmstripCLI",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", "CMalloc"],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .target(name: "FilmstripTesting", dependencies: ["Filmstrip", "FilmstripCLI"], swiftSettings: swiftSettings),
        .executableTarget(name: "filmstrip", dependencies: ["FilmstripCLI", "FilmstripSeedBenches"], swiftSettings: swiftSettings),

        // Shared test helpers (pattern assertions, test fonts, PNG chunks, plans, the binary runner),
        // used only by test targets.
        .target(
            name: "FilmstripTestSupport",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripSeedBenches"],
            path: "Tests/FilmstripTestSupport",
            swiftSettings: swiftSettings
        ),
        // One unit test target per library target.
        .testTarget(name: "FilmstripRasterTests", dependencies: ["FilmstripRaster", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripPNGTests", dependencies: ["FilmstripPNG", "FilmstripRaster", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCoreTests", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripSeedBenches", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripReportsTests", dependencies: ["FilmstripReports", "FilmstripCore", "FilmstripRaster", "FilmstripSeedBenches"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCLITests", dependencies: ["FilmstripCLI", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripReports", "FilmstripSeedBenches", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        // End to end: the built `filmstrip` binary, its files, its output and its exit codes.
        .testTarget(
            name: "FilmstripEndToEndTests",
            dependencies: ["FilmstripCLI", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripSeedBenches", "FilmstripTestSupport", "filmstrip"],
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
