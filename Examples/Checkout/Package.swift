// swift-tools-version: 6.0
// An example of a package outside filmstrip that records its own screen: a checkout whose
// payment is idle, submitting, succeeded, declined or timed out. It depends on filmstrip by path
// and uses only its products: Filmstrip (to write the bench), FilmstripCLI (its own command
// line) and FilmstripTesting (assertFilmstrip in its tests).
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Checkout",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "checkout-filmstrip", targets: ["checkout-filmstrip"]),
        .library(name: "Checkout", targets: ["Checkout"]),
    ],
    dependencies: [
        .package(name: "filmstrip", path: "../.."),
    ],
    targets: [
        .target(
            name: "Checkout",
            dependencies: [.product(name: "Filmstrip", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "checkout-filmstrip",
            dependencies: ["Checkout", .product(name: "FilmstripCLI", package: "filmstrip")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: [
                "Checkout",
                .product(name: "Filmstrip", package: "filmstrip"),
                .product(name: "FilmstripTesting", package: "filmstrip"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
