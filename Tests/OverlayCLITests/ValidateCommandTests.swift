import Foundation
import OverlayPublishing
import Testing

/// A published origin of testdata/catalog with a fresh key, shared by the validate tests.
final class PublishedOrigin: Sendable {
    let root: URL
    let origin: URL
    let privateKey: String
    let publicKey: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(UUID().uuidString)")
        origin = root.appendingPathComponent("origin")
        let keys = root.appendingPathComponent("keys").path
        let keygen = try CLI.run(["keygen", "--out", keys])
        #expect(keygen.status == 0, "\(keygen.stderr)")
        privateKey = keys + "/overlay-signing-key.pem"
        publicKey = keys + "/overlay-signing-key.pub.pem"
        let publish = try CLI.run([
            "publish", CLI.testdata("catalog"), "--app-version", "1.0", "--key", privateKey, "--out", origin.path,
        ])
        #expect(publish.status == 0, "\(publish.stderr)")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func validate(_ path: String, extra: [String] = []) throws -> (status: Int32, codes: [String]) {
        let result = try CLI.run(
            ["validate", path, "--bundle", CLI.testdata("catalog"), "--trust", publicKey, "--json"] + extra)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let findings = report["findings"] as? [[String: Any]] ?? []
        return (result.status, findings.compactMap { $0["code"] as? String })
    }
}

@Suite struct ValidateCommandTests {
    @Test func aFreshPublishValidates() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let result = try published.validate(published.origin.path)
        #expect(result.status == 0)
        #expect(result.codes.isEmpty, "\(result.codes)")
    }

    @Test func aManifestChangedByOneByteIsRejected() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let manifest = published.origin.appendingPathComponent("1.0/manifest.json")
        var bytes = try Data(contentsOf: manifest)
        let signature = published.origin.appendingPathComponent("1.0/signatures/\(sha256Hex(bytes)).sig")
        bytes[bytes.index(bytes.startIndex, offsetBy: 40)] ^= 0x01
        try bytes.write(to: manifest)
        // Keep the old signature where the client would look for the new bytes' signature.
        try FileManager.default.copyItem(
            at: signature, to: published.origin.appendingPathComponent("1.0/signatures/\(sha256Hex(bytes)).sig"))
        let result = try published.validate(published.origin.path, extra: ["--app-version", "1.0"])
        #expect(result.status == 1)
        #expect(result.codes == ["signature.threshold"])
    }

    @Test func aSignatureByAnotherKeyIsRejected() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let other = try PublishedOrigin()
        defer { other.remove() }
        let result = try CLI.run([
            "validate", published.origin.path, "--bundle", CLI.testdata("catalog"), "--trust", other.publicKey,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("[signature.threshold]"))
    }

    @Test func aTamperedArchiveIsRejected() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let modules = published.origin.appendingPathComponent("1.0/modules")
        let archive = try #require(try FileManager.default.contentsOfDirectory(atPath: modules.path).first { $0.hasPrefix("Checkout-") })
        var bytes = try Data(contentsOf: modules.appendingPathComponent(archive))
        bytes[bytes.index(bytes.startIndex, offsetBy: 100)] ^= 0xFF
        try bytes.write(to: modules.appendingPathComponent(archive))
        #expect(try published.validate(published.origin.path).codes == ["integrity.sha256"])
    }

    static let zipCases: [(String, String)] = {
        let text = (try? String(contentsOfFile: CLI.testdata("zip/EXPECTED.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 2 && fields[1] != "valid" ? (fields[0], fields[1]) : nil
        }
    }()

    @Test func everyZipAttackFixtureIsListed() {
        #expect(Self.zipCases.count >= 50)
    }

    /// Each ZIP attack fixture is rejected by `validate` with its own code.
    @Test("ZIP attacks", arguments: zipCases)
    func zipAttack(fixture: String, code: String) throws {
        let published = try PublishedOrigin.shared()
        let result = try published.validate(CLI.testdata("zip/\(fixture)"))
        #expect(result.status == 1)
        #expect(result.codes.first == code, "\(result.codes)")
    }
}

extension PublishedOrigin {
    private static let instance = Result { try PublishedOrigin() }

    /// One published origin for read-only tests.
    static func shared() throws -> PublishedOrigin { try instance.get() }
}

func sha256Hex(_ data: Data) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the tool found on PATH (coreutils on a Mac)
    process.arguments = ["sha256sum"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try? process.run()
    input.fileHandleForWriting.write(data)
    try? input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.prefix(64))
}
