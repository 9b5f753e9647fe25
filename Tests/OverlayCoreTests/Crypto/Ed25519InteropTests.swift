import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Keys and signatures cross between this code and the `openssl` command-line tool, both ways.
@Suite struct Ed25519InteropTests {
    static let message = Data("{\"schema_version\":1,\"revision\":42}\n".utf8)

    @Test("a key and signature made by openssl are accepted")
    func opensslToUs() throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        try cli.write(Self.message, to: "msg")
        try cli.succeed(["genpkey", "-algorithm", "ed25519", "-out", "k.pem"])
        try cli.succeed(["pkey", "-in", "k.pem", "-pubout", "-out", "pub.pem"])
        try cli.succeed(["pkeyutl", "-sign", "-inkey", "k.pem", "-rawin", "-in", "msg", "-out", "sig"])

        let privateKey = try Ed25519PrivateKey(pem: cli.readText("k.pem"))
        let publicKey = try Ed25519PublicKey(pem: cli.readText("pub.pem"))
        let signature = try cli.read("sig")
        #expect(privateKey.publicKey == publicKey)
        #expect(publicKey.isValidSignature(signature, for: Self.message))
        #expect(!publicKey.isValidSignature(signature, for: Self.message + Data([0x20])))
        // libcrypto signs deterministically: our signature with openssl's key is the same bytes (CryptoKit's verifies).
        let ours = try privateKey.signature(for: Self.message)
        #expect(Ed25519PrivateKey.signsDeterministically ? ours == signature : publicKey.isValidSignature(ours, for: Self.message))
        // Our PEMs are byte-for-byte what openssl writes.
        #expect(try privateKey.pemRepresentation == cli.readText("k.pem"))
        #expect(try publicKey.pemRepresentation == cli.readText("pub.pem"))
    }

    @Test("our PEMs and signature verify with openssl")
    func usToOpenSSL() throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        let key = try Ed25519PrivateKey.generate()
        try cli.write(Self.message, to: "msg")
        try cli.write(Data(key.pemRepresentation.utf8), to: "k.pem")
        try cli.write(Data(key.publicKey.pemRepresentation.utf8), to: "pub.pem")
        try cli.write(key.signature(for: Self.message), to: "sig")

        try cli.succeed(["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin", "-in", "msg", "-sigfile", "sig"])
        // openssl reads our private key PEM and derives the same public key.
        try cli.succeed(["pkey", "-in", "k.pem", "-pubout", "-out", "derived.pem"])
        #expect(try cli.readText("derived.pem") == key.publicKey.pemRepresentation)

        // And openssl rejects our signature over other bytes (the check above is not vacuous).
        try cli.write(Self.message + Data([0x20]), to: "other")
        let tampered = try cli.run(["pkeyutl", "-verify", "-pubin", "-inkey", "pub.pem", "-rawin", "-in", "other", "-sigfile", "sig"])
        #expect(tampered.status != 0)
    }

    /// A key type openssl can generate, the key type name our error must report, and the command line.
    struct ForeignKey: CustomTestStringConvertible, Sendable {
        var name: String
        var reported: String
        var genpkey: [String]
        var testDescription: String { name }
    }

    static let foreignKeys: [ForeignKey] = [
        ForeignKey(name: "RSA", reported: "RSA", genpkey: ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"]),
        ForeignKey(name: "EC P-256", reported: "EC", genpkey: ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]),
        ForeignKey(name: "Ed448", reported: "ED448", genpkey: ["-algorithm", "ed448"]),
        ForeignKey(name: "X25519", reported: "X25519", genpkey: ["-algorithm", "x25519"]),
    ]

    @Test("PKCS#8 and SPKI PEMs of other key types are refused, naming the type", arguments: foreignKeys)
    func foreignKeyTypes(_ foreign: ForeignKey) throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        try cli.succeed(["genpkey"] + foreign.genpkey + ["-out", "k.pem"])
        try cli.succeed(["pkey", "-in", "k.pem", "-pubout", "-out", "pub.pem"])

        let privateError = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: cli.readText("k.pem")) }
        #expect(privateError?.code == .wrongKeyType)
        #expect(privateError?.message.contains("is \(foreign.reported), not Ed25519") == true, "\(privateError?.message ?? "")")
        #expect(privateError?.message.contains("openssl genpkey -algorithm ed25519") == true)

        let publicError = #expect(throws: CryptoError.self) { try Ed25519PublicKey(pem: cli.readText("pub.pem")) }
        #expect(publicError?.code == .wrongKeyType)
        #expect(publicError?.message.contains("is \(foreign.reported), not Ed25519") == true, "\(publicError?.message ?? "")")
    }

    @Test("legacy RSA and EC PEMs are refused, naming the type", arguments: [
        (["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], "RSA"),
        (["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], "EC"),
    ])
    func traditionalFormats(generate: [String], reported: String) throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        try cli.succeed(generate + ["-out", "k.pem"])
        try cli.succeed(["pkey", "-in", "k.pem", "-traditional", "-out", "legacy.pem"])
        let text = try cli.readText("legacy.pem")
        #expect(text.hasPrefix("-----BEGIN \(reported) PRIVATE KEY-----"))
        let error = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: text) }
        #expect(error?.code == .wrongKeyType)
        #expect(error?.message.contains(reported) == true)
    }

    @Test("an openssl PEM cut in half is refused as truncated")
    func truncatedOpenSSLPEM() throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        try cli.succeed(["genpkey", "-algorithm", "ed25519", "-out", "k.pem"])
        let text = try cli.readText("k.pem")
        let error = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: String(text.prefix(text.count / 2))) }
        #expect(error?.code == .invalidPEM)
    }
}
