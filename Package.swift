// swift-tools-version: 6.0
// filmstrip: records filmstrips of async-state UI benches and measures them.
// Targets follow the data flow of DESIGN.md with no back edges:
// CLibPNG → CPNGShim, CZlib, CLibCrypto → FilmstripPNG; FilmstripRaster → FilmstripCore → FilmstripReports;
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
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "CPNGShim", dependencies: ["CLibPNG"]),
        .target(name: "FilmstripRaster", swiftSettings: swiftSettings),
        .target(name: "FilmstripPNG", dependencies: ["CPNGShim", "CZlib", "CLibCrypto", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripCore", dependencies: ["FilmstripRaster"], swiftSettings: swiftSettings),
        .target(name: "FilmstripReports", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(
            name: "FilmstripCommand",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports"],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "filmstrip", dependencies: ["FilmstripCommand"], swiftSettings: swiftSettings),

        .testTarget(name: "FilmstripRasterTests", dependencies: ["FilmstripRaster"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripPNGTests", dependencies: ["FilmstripPNG", "FilmstripRaster"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCoreTests", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripReportsTests", dependencies: ["FilmstripReports", "FilmstripCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FilmstripCommandTests",
            dependencies: ["FilmstripCommand", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripReports", "filmstrip"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
