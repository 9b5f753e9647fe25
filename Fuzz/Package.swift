// swift-tools-version:6.0
// libFuzzer targets, kept out of the main package so `swift build` there stays sanitizer-free.
// Run them with scripts/fuzz.sh. FuzzArguments compiles the CLI's argument readers in through symbolic links into
// Sources/overlay/CLI (an executable target cannot be linked).
import PackageDescription

let fuzzTargets = [
    "FuzzStrings", "FuzzStringsdict", "FuzzFormatSpecifier", "FuzzZIP", "FuzzJSON", "FuzzArguments", "FuzzHeaders",
    "FuzzRender",
]

let package = Package(
    name: "OverlayFuzz",
    dependencies: [.package(name: "Overlay", path: "..")],
    targets: fuzzTargets.map { name in
        .executableTarget(
            name: name,
            // FuzzArguments compiles the CLI's files in; the others call the harnesses of the main package.
            dependencies: [.product(name: "OverlayFuzzing", package: "Overlay")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    },
    swiftLanguageModes: [.v6]
)
