import Foundation
import OverlayCore
import OverlayPublishing

/// SHA-256 throughput against `sha256sum` on the same 16 MiB file, and Ed25519 verification against
/// `openssl speed ed25519`, both measured in the same run.
///
/// Reference (DESIGN.md, Performance): SHA-256 ≈ 2 GB/s, Ed25519 verify 61 µs on this kind of machine.
enum CryptoBenchmark {
    static let size = 16 << 20

    static func run() throws {
        print("crypto: SHA-256 over \(size >> 20) MiB, Ed25519 verify")
        try sha256()
        try ed25519()
    }

    static func sha256() throws {
        var bytes = [UInt8](repeating: 0, count: size)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: 0, to: size, by: 8) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            withUnsafeBytes(of: state.littleEndian) { word in
                for offset in 0..<8 { bytes[index + offset] = word[offset] }
            }
        }
        let data = Data(bytes)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-crypto-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("16MiB.bin")
        let empty = directory.appendingPathComponent("empty.bin")
        try data.write(to: file)
        try Data().write(to: empty)

        let ours = measure("SHA256.hash (16 MiB, in process)", iterations: 20) { blackHole(SHA256.hash(data)) }
        let expected = try BenchProcess.output("/usr/bin/sha256sum", [file.path]).prefix(64)
        precondition(SHA256.hash(data).hex == expected, "SHA256.hash disagrees with sha256sum")
        let whole = report("sha256sum 16MiB.bin (process)", samples: try (0..<15).map { _ in
            try BenchProcess.wallTime("/usr/bin/sha256sum", [file.path])
        })
        let start = report("sha256sum empty.bin (process start + exit)", samples: try (0..<15).map { _ in
            try BenchProcess.wallTime("/usr/bin/sha256sum", [empty.path])
        })
        let oursMBps = Double(size) / ours.medianNanoseconds * 1_000
        let netNanoseconds = max(1, whole.medianNanoseconds - start.medianNanoseconds)
        let theirsMBps = Double(size) / netNanoseconds * 1_000
        print("  SHA-256 ours: \(rounded(oursMBps)) MB/s; sha256sum net of process start: \(rounded(theirsMBps)) MB/s "
            + "(whole process: \(rounded(Double(size) / whole.medianNanoseconds * 1_000)) MB/s)")
        reference("SHA-256 (DESIGN: ≈ 2 GB/s)", Figure("SHA256.hash", oursMBps, unit: "MB/s"),
            baseline: Figure("sha256sum net of process start", theirsMBps, unit: "MB/s"), ratio: oursMBps / theirsMBps)
    }

    static func ed25519() throws {
        let key = try Ed25519PrivateKey.generate()
        let short = Data((0..<64).map { UInt8($0) })
        let manifest = Data(String(repeating: "{\"name\":\"Checkout\",\"sha256\":\"00ff\"},", count: 60).utf8)
        let shortSignature = try key.signature(for: short)
        let manifestSignature = try key.signature(for: manifest)
        let trusted = try TrustedKeys([key.publicKey])
        let records = try SignatureFile.signing(manifest, with: [key]).signatures
        precondition(key.publicKey.isValidSignature(shortSignature, for: short))
        precondition(trusted.verify(message: manifest, signatures: records).isThresholdMet)

        let verify = measure("Ed25519PublicKey.isValidSignature (64-byte message)", iterations: 400) {
            blackHole(key.publicKey.isValidSignature(shortSignature, for: short))
        }
        measure("Ed25519PublicKey.isValidSignature (\(manifest.count)-byte manifest)", iterations: 400) {
            blackHole(key.publicKey.isValidSignature(manifestSignature, for: manifest))
        }
        measure("TrustedKeys.verify (1 record: base64 + key lookup + verify)", iterations: 400) {
            blackHole(trusted.verify(message: manifest, signatures: records))
        }
        let openssl = try opensslVerifyMicroseconds()
        print("  openssl speed -seconds 1 ed25519: \(rounded(openssl)) µs/verify")
        reference("Ed25519 verify (DESIGN: ≈ 61 µs)", Figure(verify),
            baseline: Figure("openssl speed ed25519", openssl * 1_000, unit: "ns"), ratio: verify.medianNanoseconds / (openssl * 1_000))
    }

    /// Microseconds per verify from `openssl speed`'s `sign/s verify/s` line.
    static func opensslVerifyMicroseconds() throws -> Double {
        let output = try BenchProcess.output("/usr/bin/openssl", ["speed", "-seconds", "1", "ed25519"])
        // " 253 bits EdDSA (Ed25519)   0.0001s   0.0002s  17522.9   6200.0"
        guard let line = output.split(separator: "\n").first(where: { $0.contains("(Ed25519)") }),
              let rate = line.split(separator: " ").last.flatMap({ Double($0) }), rate > 0
        else {
            throw BenchProcess.Failure(message: "openssl speed printed no Ed25519 line:\n\(output)")
        }
        return 1e6 / rate
    }
}
