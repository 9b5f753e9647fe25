import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// A signed manifest and the context of the build it was made for.
struct SignedManifestFixture {
    static let sourceHash = "sha256:" + String(repeating: "ab", count: 32)
    let key: Ed25519PrivateKey
    var manifest: Manifest
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        key = try Ed25519PrivateKey.generate()
        let archive = String(repeating: "cd", count: 32)
        manifest = Manifest(
            appVersion: "1.0", sourceHash: Self.sourceHash, developmentRegion: "en", revision: 3,
            publishedAt: now.addingTimeInterval(-3_600), expiresAt: now.addingTimeInterval(29 * 86_400),
            modules: [Manifest.Module(
                name: "Checkout", path: Manifest.archivePath(name: "Checkout", sha256: archive), sha256: archive,
                size: 1234, revision: 2, locales: ["en", "fr"], tables: ["Localizable"], entries: 40)])
    }

    var bytes: Data { manifest.encoded() }

    func signature(for bytes: Data, keys: [Ed25519PrivateKey]? = nil) throws -> Data {
        try SignatureFile.signing(bytes, with: keys ?? [key]).encoded()
    }

    func context(trusting keys: [Ed25519PublicKey]? = nil, threshold: Int = 1) throws -> ValidationContext {
        ValidationContext(
            trustedKeys: try TrustedKeys(keys ?? [key.publicKey], threshold: threshold), appVersion: "1.0",
            sourceHash: Self.sourceHash, now: now)
    }
}

@Suite struct ManifestValidatorTests {
    @Test func aSignedBoundFreshManifestIsAccepted() throws {
        let fixture = try SignedManifestFixture()
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes), context: try fixture.context())
        #expect(verdict.isAccepted, "\(verdict.findings)")
        #expect(verdict.manifest == fixture.manifest)
        #expect(verdict.sha256 == SHA256.hash(fixture.bytes).hex)
    }

    @Test func oneChangedByteIsRejectedBeforeParsing() throws {
        let fixture = try SignedManifestFixture()
        let signature = try fixture.signature(for: fixture.bytes)
        var tampered = fixture.bytes
        let index = tampered.firstIndex(of: UInt8(ascii: "3"))!
        tampered[index] = UInt8(ascii: "4")
        let verdict = ManifestValidator.validate(manifest: tampered, signatureFile: signature, context: try fixture.context())
        #expect(verdict.findings.map(\.code) == ["signature.threshold"])
        #expect(verdict.manifest == nil)
    }

    @Test func aSignatureByAnotherKeyIsRejected() throws {
        let fixture = try SignedManifestFixture()
        let stranger = try Ed25519PrivateKey.generate()
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes, keys: [stranger]),
            context: try fixture.context())
        #expect(verdict.findings.map(\.code) == ["signature.threshold"])
        #expect(verdict.findings.first?.message.contains("unknown-key") == true)
    }

    @Test func missingAndMalformedSignatureFilesFailClosed() throws {
        let fixture = try SignedManifestFixture()
        let context = try fixture.context()
        #expect(ManifestValidator.validate(manifest: fixture.bytes, signatureFile: nil, context: context)
            .findings.map(\.code) == ["signature.missing"])
        #expect(ManifestValidator.validate(manifest: fixture.bytes, signatureFile: Data("{}".utf8), context: context)
            .findings.map(\.code) == ["signature.malformed"])
        #expect(ManifestValidator.validate(manifest: fixture.bytes, signatureFile: Data("not json".utf8), context: context)
            .findings.map(\.code) == ["signature.malformed"])
    }

    @Test func thresholdTwoNeedsTwoDistinctTrustedKeys() throws {
        let fixture = try SignedManifestFixture()
        let second = try Ed25519PrivateKey.generate()
        let context = try fixture.context(trusting: [fixture.key.publicKey, second.publicKey], threshold: 2)
        let one = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes, keys: [fixture.key, fixture.key]),
            context: context)
        #expect(one.findings.map(\.code) == ["signature.threshold"])
        let both = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes, keys: [fixture.key, second]),
            context: context)
        #expect(both.isAccepted)
    }

    @Test("binding and freeze rules", arguments: [
        ("app version", "binding.app-version"),
        ("source hash", "binding.source-hash"),
        ("expired", "freeze.expired"),
        ("expiry too far", "freeze.expiry-too-far"),
    ])
    func rejected(change: String, code: String) throws {
        var fixture = try SignedManifestFixture()
        switch change {
        case "app version": fixture.manifest.appVersion = "2.0"
        case "source hash": fixture.manifest.sourceHash = "sha256:" + String(repeating: "00", count: 32)
        case "expired": fixture.manifest.expiresAt = fixture.now.addingTimeInterval(-1)
        default: fixture.manifest.expiresAt = fixture.manifest.publishedAt.addingTimeInterval(91 * 86_400)
        }
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes), context: try fixture.context())
        #expect(verdict.findings.map(\.code) == [code])
        #expect(!verdict.isAccepted)
    }

    /// A validly signed manifest dated 9999 would otherwise be applied and never expire.
    @Test func aManifestPublishedInTheFarFutureIsRefused() throws {
        var fixture = try SignedManifestFixture()
        fixture.manifest.publishedAt = try #require(RFC3339.date(from: "9999-01-01T00:00:00Z"))
        fixture.manifest.expiresAt = try #require(RFC3339.date(from: "9999-01-31T00:00:00Z"))
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes), context: try fixture.context())
        #expect(verdict.findings.map(\.code) == ["freeze.published-in-future"])
        #expect(verdict.findings.first?.severity == .error)
        #expect(verdict.findings.first?.message.contains("1 hour ahead of this clock") == true)
        #expect(!verdict.isAccepted)
    }

    @Test("published_at may run ahead of the clock by the documented skew, not more", arguments: [
        (59 * 60.0, true), (3_600.0, true), (3_601.0, false), (2 * 86_400.0, false),
    ] as [(TimeInterval, Bool)])
    func clockSkew(ahead: TimeInterval, accepted: Bool) throws {
        var fixture = try SignedManifestFixture()
        fixture.manifest.publishedAt = fixture.now.addingTimeInterval(ahead)
        fixture.manifest.expiresAt = fixture.manifest.publishedAt.addingTimeInterval(86_400)
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes), context: try fixture.context())
        #expect(verdict.isAccepted == accepted, "\(verdict.findings)")
    }

    @Test func oversizeManifestIsRejectedUnread() throws {
        let fixture = try SignedManifestFixture()
        var context = try fixture.context()
        context.limits.maxManifestBytes = fixture.bytes.count - 1
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: try fixture.signature(for: fixture.bytes), context: context)
        #expect(verdict.findings.map(\.code) == ["size.manifest"])
    }

    /// A signature made by the `openssl` CLI over the same bytes verifies.
    @Test func opensslSignedManifestInteroperates() throws {
        let fixture = try SignedManifestFixture()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyPath = directory.appendingPathComponent("key.pem").path
        let manifestPath = directory.appendingPathComponent("manifest.json").path
        let signaturePath = directory.appendingPathComponent("sig").path
        try fixture.bytes.write(to: URL(fileURLWithPath: manifestPath))
        try runOpenSSL(["genpkey", "-algorithm", "ed25519", "-out", keyPath])
        try runOpenSSL(["pkeyutl", "-sign", "-inkey", keyPath, "-rawin", "-in", manifestPath, "-out", signaturePath])
        let key = try Ed25519PrivateKey(pem: String(contentsOfFile: keyPath, encoding: .utf8))
        let signature = try Data(contentsOf: URL(fileURLWithPath: signaturePath))
        let record = SignatureRecord(keyid: key.publicKey.keyID, alg: "ed25519", sig: signature.base64EncodedString())
        let file = SignatureFile(signatures: [record])
        let verdict = ManifestValidator.validate(
            manifest: fixture.bytes, signatureFile: file.encoded(), context: try fixture.context(trusting: [key.publicKey]))
        #expect(verdict.isAccepted, "\(verdict.findings)")
    }

    func runOpenSSL(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the tool found on PATH (Homebrew on a Mac)
        process.arguments = ["openssl"] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments)")
    }
}
