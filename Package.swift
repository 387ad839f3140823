// swift-tools-version: 6.0
// filmstrip: records filmstrips of async-state UI benches and measures them.
// Targets follow the data flow of DESIGN.md with no back edges:
// CLibPNG → CPNGShim, CZlib → FilmstripPNG; FilmstripRaster → FilmstripCore → FilmstripReports;
// FilmstripCommand (the only target that touches files, environment and terminal) → filmstrip.
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
        .library(name: "FilmstripCore", targets: ["FilmstripCore"]),
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
        .target(
            name: "FilmstripCommand",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports"],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "filmstrip", dependencies: ["FilmstripCommand"], swiftSettings: swiftSettings),

        // Helpers shared by the test targets (pattern assertions, test fonts, PNG file reader,
        // shipped plans, the command runner and its workspaces); used by test targets only.
        .target(
            name: "FilmstripTestSupport",
            dependencies: ["FilmstripCore", "FilmstripRaster"],
            path: "Tests/FilmstripTestSupport",
            swiftSettings: swiftSettings
        ),
        // One unit test target per library target.
        .testTarget(name: "FilmstripRasterTests", dependencies: ["FilmstripRaster", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripPNGTests", dependencies: ["FilmstripPNG", "FilmstripRaster", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCoreTests", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripReportsTests", dependencies: ["FilmstripReports", "FilmstripCore"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCommandTests", dependencies: ["FilmstripCommand", "FilmstripPNG", "FilmstripRaster"], swiftSettings: swiftSettings),
        // End to end: the built `filmstrip` binary, its files, its output and its exit codes.
        .testTarget(
            name: "FilmstripEndToEndTests",
            dependencies: ["FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripTestSupport", "filmstrip"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
