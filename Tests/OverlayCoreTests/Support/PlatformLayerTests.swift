import Foundation
import Testing

/// Only the platform layer names the C library: we cannot build for Apple platforms here, so this keeps every other
/// file free of what would compile on Linux alone (`Glibc.open`, a `dlsym` lookup).
@Suite struct PlatformLayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")
    static let layer = "OverlayCore/Platform/LibC.swift"

    @Test("no source file outside the platform layer imports, qualifies or tests for Glibc, Darwin or Musl, or uses dlsym")
    func platformNamedOnlyInTheLayer() throws {
        // `canImport(Glibc)` or `os(Linux)` elsewhere would be a second platform layer, untested on the platform it
        // guards.
        let pattern = try Regex(
            #"import\s+(Glibc|Darwin|Musl)\b|\b(Glibc|Darwin|Musl)\.|\bdlsym\(|canImport\((Glibc|Darwin|Musl)\)|\bos\((Linux|macOS|iOS|tvOS|watchOS|visionOS)\)"#)
        var offenders: [String] = []
        var scanned = 0
        let walker = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
        for case let path as String in walker where path.hasSuffix(".swift") && path != Self.layer {
            scanned += 1
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(pattern) {
                offenders.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(scanned > 100, "the walk found the sources")
        #expect(offenders.isEmpty, "call the C library through LibC (Sources/\(Self.layer)):\n\(offenders.joined(separator: "\n"))")
        let layer = try String(contentsOf: Self.sources.appendingPathComponent(Self.layer), encoding: .utf8)
        #expect(layer.contains("import Glibc") && layer.contains("import Darwin"), "the layer covers both platforms")
    }
}
