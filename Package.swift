// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Overlay",
    products: [
        .library(name: "OverlayCore", targets: ["OverlayCore"]),
        .executable(name: "overlay", targets: ["overlay"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto"),
        .target(name: "OverlayCore", dependencies: ["CZlib", "CLibCrypto"]),
        .executableTarget(name: "overlay", dependencies: ["OverlayCore"]),
        .executableTarget(name: "overlay-bench", dependencies: ["OverlayCore"]),
        .testTarget(name: "OverlayCoreTests", dependencies: ["OverlayCore"]),
        .testTarget(name: "OverlayCLITests", dependencies: ["OverlayCore", "overlay"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
