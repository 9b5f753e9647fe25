// swift-tools-version:6.0
import PackageDescription

// Where OpenSSL's libcrypto is the crypto backend: everywhere but Apple platforms, whose SDKs ship no OpenSSL and whose
// CryptoKit is used instead (Sources/OverlayCore/Crypto/*+CryptoKit.swift, chosen by `canImport(CryptoKit)`).
let libcryptoPlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]

let package = Package(
    name: "Overlay",
    // `Atomic` (Synchronization) needs these; nothing older is supported.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // What an app links: lookups, the store and the sync client. No signing code, no writers (docs/API.md).
        .library(name: "OverlayClient", targets: ["OverlayCore", "OverlaySync"]),
        // What publishing tools link: signing keys, archive and table writers, publish, check, lint.
        .library(name: "OverlayPublishing", targets: ["OverlayPublishing", "OverlayTools"]),
        .executable(name: "overlay", targets: ["overlay"]),
        // Keeps a module's typed keys current at build time (`overlay codegen`; docs/INTEGRATING.md).
        .plugin(name: "OverlayCodegenPlugin", targets: ["OverlayCodegenPlugin"]),
        // The parsers' libFuzzer harnesses, linked by the `Fuzz/` package (scripts/fuzz.sh); not for apps.
        .library(name: "OverlayFuzzing", targets: ["OverlayFuzzing"]),
    ],
    targets: [
        // zlib: libz and <zlib.h> from the system (Debian's zlib1g-dev; every Apple SDK has both).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto"),
        // libcurl for the Linux HTTP transport (CurlTransport); FoundationNetworking links it there already.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // POSIX calls Swift cannot name (flock), for the platform layer in Sources/OverlayCore/Platform.
        .systemLibrary(name: "CPlatform", path: "Sources/CPlatform"),
        .target(
            name: "OverlayCore",
            dependencies: ["CZlib", .target(name: "CLibCrypto", condition: .when(platforms: libcryptoPlatforms)), "CPlatform"]),
        // Private keys and signing, ZIP and table writers: publisher-only code, kept out of what apps link.
        .target(
            name: "OverlayPublishing",
            dependencies: ["OverlayCore", "CZlib", .target(name: "CLibCrypto", condition: .when(platforms: libcryptoPlatforms))]),
        .target(
            name: "OverlaySync",
            dependencies: ["OverlayCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // Fault seams (syscall plans, a fault-injecting transport), the loopback servers (nginx, Varnish) and the crash
        // child's revisions that the tests, overlay-bench and `overlay matrix` share; never linked by an app.
        // Also the Xcode-layout builder (a source catalog as the product Xcode builds), which writes tables.
        .target(name: "OverlayTestSupport", dependencies: ["OverlayCore", "OverlaySync", "OverlayPublishing"]),
        .target(name: "OverlayTools", dependencies: ["OverlayCore", "OverlaySync", "OverlayPublishing", "OverlayTestSupport"]),
        .target(name: "OverlayFuzzing", dependencies: ["OverlayCore", "OverlayPublishing", "OverlaySync"]),
        .executableTarget(name: "overlay", dependencies: ["OverlayCore", "OverlaySync", "OverlayPublishing", "OverlayTools"]),
        .executableTarget(
            name: "overlay-bench",
            dependencies: ["OverlayCore", "OverlaySync", "OverlayPublishing", "OverlayTools", "OverlayTestSupport"]),
        .plugin(name: "OverlayCodegenPlugin", capability: .buildTool(), dependencies: ["overlay"]),
        // Compares what a synced store serves with Foundation's reading of a real catalog (scripts/realworld.sh).
        .executableTarget(name: "overlay-realworld", dependencies: ["OverlayCore", "OverlayPublishing"]),
        // The store's crash tests spawn `overlay _torture` (OverlayTools/Torture), a hidden mode of the one binary.
        .testTarget(name: "OverlayCoreTests", dependencies: ["OverlayCore", "OverlayPublishing", "OverlayTestSupport", "overlay"]),
        .testTarget(
            name: "OverlaySyncTests",
            dependencies: ["OverlaySync", "OverlayPublishing", "OverlayTools", "OverlayTestSupport", "overlay"]),
        .testTarget(
            name: "OverlayToolsTests", dependencies: ["OverlayPublishing", "OverlayTools", "OverlayTestSupport", "overlay"]),
        .testTarget(
            name: "OverlayCLITests", dependencies: ["OverlayCore", "OverlayPublishing", "OverlayTestSupport", "overlay"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
