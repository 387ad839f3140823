// swift-tools-version: 6.0
// filmstrip: records filmstrips of async-state UI benches and measures them.
// Targets follow the data flow in docs/ARCHITECTURE.md, with no back edges:
// CLibPNG, CLibDeflate → CPNGShim, CZlib, CLibCrypto → FilmstripPNG; FilmstripRaster → FilmstripCore → FilmstripReports;
// FilmstripOutputs (the engine: inputs, writing, ownership, comparing; files but no terminal);
// Filmstrip (the library users import) re-exports those and the seed benches' definitions;
// FilmstripSeedBenches (the four seed benches, written inside the package; their definitions public); FilmstripCLI (parse, call the engine, print: the only
// target that touches the terminal and the environment) → filmstrip; FilmstripTesting
// (assertFilmstrip, on the engine) for users' test suites.
// Platforms (docs/PLATFORMS.md): libpng and libdeflate come from apt or Homebrew; zlib from apt or, on macOS,
// the SDK; SHA-256 from libcrypto on Linux and CommonCrypto (the SDK) on macOS, so CLibCrypto,
// like glibc's malloc tuning (CMalloc) and syncfs (CSyncFS), is a dependency on Linux only.
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
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // On macOS the SDK has zlib.h and libz: no package is needed, whether or not pkg-config
        // finds a zlib.pc (see docs/PLATFORMS.md).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // The deflate of the palette rows filmstrip writes itself (frames, the animation's frames).
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // Linux only (FilmstripPNG's dependency on it is conditional): macOS uses CommonCrypto.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // glibc's mallopt; Linux only (FilmstripCLI's dependency on it is conditional).
        .systemLibrary(name: "CMalloc"),
        // syncfs(2), which glibc declares only under _GNU_SOURCE; Linux only (FilmstripOutputs'
        // dependency on it is conditional).
        .systemLibrary(name: "CSyncFS"),
        .target(name: "CPNGShim", dependencies: ["CLibPNG", "CZlib", "CLibDeflate"]),
        .target(name: "FilmstripRaster", swiftSettings: swiftSettings),
        .target(name: "FilmstripPNG", dependencies: ["CPNGShim", "CZlib", .target(name: "CLibCrypto", condition: .when(platforms: [.linux])), "FilmstripRaster"], swiftSettings: swiftSettings),
        // The capturing thread of a hosted model run: the monotonic clocks, Dispatch's async and
        // after, and blocking sleeps, interposed while the model's code runs (docs/OWN-CODE.md).
        .target(name: "CHostedRun"),
        .target(name: "FilmstripCore", dependencies: ["FilmstripRaster", "CHostedRun"], swiftSettings: swiftSettings),
        .target(name: "FilmstripReports", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        // The engine: plan and font inputs, producing and writing a plan's outputs (and owning
        // them), comparing recorded outputs with a fresh run, the index across plans. It throws
        // FilmstripError and prints nothing.
        .target(
            name: "FilmstripOutputs",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", .target(name: "CSyncFS", condition: .when(platforms: [.linux]))],
            resources: [.copy("Resources/Fonts")],
            swiftSettings: swiftSettings
        ),
        .target(name: "Filmstrip", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", "FilmstripOutputs", "FilmstripSeedBenches"], swiftSettings: swiftSettings),
        .target(name: "FilmstripSeedBenches", dependencies: ["FilmstripCore", "FilmstripRaster"], swiftSettings: swiftSettings),
        .target(
            name: "FilmstripCLI",
            dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripPNG", "FilmstripReports", "FilmstripOutputs", .target(name: "CMalloc", condition: .when(platforms: [.linux]))],
            swiftSettings: swiftSettings
        ),
        .target(name: "FilmstripTesting", dependencies: ["Filmstrip", "FilmstripOutputs"], swiftSettings: swiftSettings),
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
        .testTarget(name: "FilmstripPNGTests", dependencies: ["FilmstripPNG", "FilmstripRaster", "FilmstripTestSupport", "CPNGShim", "CZlib"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCoreTests", dependencies: ["FilmstripCore", "FilmstripRaster", "FilmstripReports", "FilmstripSeedBenches", "FilmstripTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripReportsTests", dependencies: ["FilmstripReports", "FilmstripCore", "FilmstripRaster", "FilmstripSeedBenches"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripOutputsTests", dependencies: ["FilmstripOutputs", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripReports", "FilmstripSeedBenches", "FilmstripTestSupport", "CZlib"], swiftSettings: swiftSettings),
        .testTarget(name: "FilmstripCLITests", dependencies: ["FilmstripCLI", "FilmstripOutputs", "FilmstripCore"], swiftSettings: swiftSettings),
        // End to end: the built `filmstrip` binary, its files, its output and its exit codes.
        .testTarget(
            name: "FilmstripEndToEndTests",
            dependencies: ["FilmstripCLI", "FilmstripOutputs", "FilmstripTesting", "Filmstrip", "FilmstripCore", "FilmstripPNG", "FilmstripRaster", "FilmstripSeedBenches", "FilmstripTestSupport", "filmstrip"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FilmstripTestingTests",
            dependencies: ["FilmstripTesting", "Filmstrip", "FilmstripOutputs", "FilmstripCLI", "FilmstripSeedBenches", "FilmstripTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
