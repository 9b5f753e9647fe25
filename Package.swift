// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Overlay",
    products: [
        .library(name: "OverlayCore", targets: ["OverlayCore"]),
        .library(name: "OverlaySync", targets: ["OverlaySync"]),
        .library(name: "OverlayTools", targets: ["OverlayTools"]),
        .executable(name: "overlay", targets: ["overlay"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto"),
        // libcurl for the Linux HTTP transport (CurlTransport); FoundationNetworking links it there already.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .target(name: "OverlayCore", dependencies: ["CZlib", "CLibCrypto"]),
        .target(
            name: "OverlaySync",
            dependencies: ["OverlayCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        .target(name: "OverlayTools", dependencies: ["OverlayCore", "OverlaySync"]),
        .executableTarget(name: "overlay", dependencies: ["OverlayCore", "OverlaySync", "OverlayTools"]),
        .executableTarget(name: "overlay-bench", dependencies: ["OverlayCore", "OverlaySync", "OverlayTools"]),
        // Compares what a synced store serves with Foundation's reading of a real catalog (scripts/realworld.sh).
        .executableTarget(name: "overlay-realworld", dependencies: ["OverlayCore"]),
        // A child process for the store's crash tests and `overlay matrix`: activates revisions in a loop until it is
        // killed, or runs one sync cycle that SIGKILLs itself at a chosen store syscall.
        .executableTarget(name: "overlay-torture", dependencies: ["OverlayCore", "OverlaySync"]),
        .testTarget(name: "OverlayCoreTests", dependencies: ["OverlayCore", "overlay-torture"]),
        .testTarget(name: "OverlaySyncTests", dependencies: ["OverlaySync", "OverlayTools", "overlay"]),
        .testTarget(name: "OverlayToolsTests", dependencies: ["OverlayTools", "overlay-torture"]),
        .testTarget(name: "OverlayCLITests", dependencies: ["OverlayCore", "overlay", "overlay-torture"]),
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
