import Foundation
import Testing

/// Only the platform layer names the C library: we cannot build for Apple platforms here, so this keeps every other
/// file free of what would compile on Linux alone (`Glibc.open`, a `dlsym` lookup).
@Suite struct PlatformLayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    static let layer = "OverlayCore/Platform/"

    @Test("no source file outside the platform layer imports, qualifies or tests for Glibc, Darwin or Musl, or uses dlsym")
    func platformNamedOnlyInTheLayer() throws {
        // `canImport(Glibc)` or `os(Linux)` elsewhere would be a second platform layer, untested on the platform it
        // guards.
        let pattern = try Regex(
            #"import\s+(Glibc|Darwin|Musl)\b|\b(Glibc|Darwin|Musl)\.|\bdlsym\(|canImport\((Glibc|Darwin|Musl)\)|\bos\((Linux|macOS|iOS|tvOS|watchOS|visionOS)\)"#)
        var offenders: [String] = []
        var scanned = 0
        let walker = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        for case let path as String in walker where path.hasSuffix(".swift") && !path.hasPrefix(Self.layer) {
            scanned += 1
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(pattern) {
                offenders.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(scanned > 100, "the walk found the sources")
        #expect(offenders.isEmpty, "call the C library through LibC (Sources/\(Self.layer)):\n\(offenders.joined(separator: "\n"))")
        let layer = try String(contentsOf: Self.sources.appendingPathComponent(Self.layer + "LibC.swift"), encoding: .utf8)
        #expect(layer.contains("import Glibc") && layer.contains("import Darwin"), "the layer covers both platforms")
    }
}

/// What an app links (the `OverlayClient` product: OverlayCore and OverlaySync) carries no test seam and no publisher
/// code: no fault injection that could break the store on purpose, no private key, no writer.
@Suite struct ClientBoundaryTests {
    static let forbidden = [
        "FaultPlan", "FaultInjectingTransport", "func injecting(", "Ed25519PrivateKey", "ZIPWriter", "StringsWriter",
        "StringsdictWriter", "import OverlayTestSupport", "import OverlayPublishing", "import OverlayTools",
    ]

    @Test("no file of OverlayCore or OverlaySync declares or imports a fault seam, signing or a writer")
    func clientTargetsHoldNoSeamsOrPublisherCode() throws {
        var offenders: [String] = []
        var scanned = 0
        for target in ["OverlayCore", "OverlaySync"] {
            let folder = PlatformLayerTests.sources.appendingPathComponent(target)
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in walker where path.hasSuffix(".swift") {
                scanned += 1
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }  // a doc comment may say where a seam lives
                    if let name = Self.forbidden.first(where: { code.contains($0) }) {
                        offenders.append("Sources/\(target)/\(path):\(number + 1): \(name)")
                    }
                }
            }
        }
        #expect(scanned > 80, "the walk found the sources")
        #expect(offenders.isEmpty, "move it to OverlayTestSupport or OverlayPublishing:\n\(offenders.joined(separator: "\n"))")
    }

    @Test("the OverlayClient product is OverlayCore and OverlaySync, nothing else")
    func clientProductTargets() throws {
        let manifest = try String(
            contentsOf: PlatformLayerTests.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"),
            encoding: .utf8)
        #expect(manifest.contains(#".library(name: "OverlayClient", targets: ["OverlayCore", "OverlaySync"])"#))
        // The client targets depend on system libraries only (and OverlaySync on OverlayCore).
        #expect(manifest.contains(#".target(name: "OverlayCore", dependencies: ["CZlib", "CLibCrypto", "CPlatform"])"#))
        #expect(manifest.contains(#"name: "OverlaySync",\#n            dependencies: ["OverlayCore", .target(name: "CCurl""#))
    }
}
