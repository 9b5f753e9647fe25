import Foundation
import Testing
import OverlayCore
import OverlayPublishing

@Suite struct KeygenCommandTests {
    @Test func writesAPrivateKeyOnlyTheOwnerCanReadAndNeverOverwrites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keygen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try CLI.run(["keygen", "--out", directory, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
        let privatePath = try #require(object["private_key"])
        let attributes = try FileManager.default.attributesOfItem(atPath: privatePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let privateText = try String(contentsOfFile: privatePath, encoding: .utf8)
        #expect(privateText.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(object["keyid"]?.count == 64)

        // The openssl CLI reads both files and derives the same public key.
        let derived = try Self.openssl(["pkey", "-in", privatePath, "-pubout"])
        #expect(derived == (try String(contentsOfFile: try #require(object["public_key"]), encoding: .utf8)))
        // The raw key an app embeds is the one the public key file holds.
        let raw = try Ed25519PublicKey(rawRepresentation: #require(Data(base64Encoded: object["public_key_base64"] ?? "")))
        #expect(raw == (try Ed25519PublicKey(pem: derived)))
        #expect(raw.keyID == object["keyid"])

        let again = try CLI.run(["keygen", "--out", directory])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: privatePath, encoding: .utf8) == privateText)
    }

    @Test func outIsRequired() throws {
        let result = try CLI.run(["keygen"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("missing required option --out"))
    }

    static func openssl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the tool found on PATH (Homebrew on a Mac)
        process.arguments = ["openssl"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
