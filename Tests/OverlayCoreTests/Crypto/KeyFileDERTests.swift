import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Key files are read by our own DER code on every backend (CryptoKit reads no Ed25519 PEM): `openssl` is the oracle
/// for what a key file is, over damaged copies of the files it writes.
@Suite struct KeyFileDERTests {
    /// Where we are stricter than the `openssl` command, and why. Never the other way round.
    static let stricter = [
        // The CLI decodes the first DER value of a file and ignores what follows; a key file is one value (the old
        // libcrypto backend checked the same with d2i's end pointer).
        "one byte more",
        // SPKI byte 11 is the BIT STRING's count of unused bits: openssl reads 32 bytes anyway; a key has no unused bits.
        "public byte 11 changed",
    ]

    /// Every prefix, the whole file plus a byte, and each byte changed: what `openssl pkey` refuses we refuse, and what
    /// it accepts we accept with the key it derives (but for ``stricter``).
    @Test("damaged PKCS#8 and SPKI files are accepted or refused as openssl decides", arguments: ["private", "public"])
    func damagedFilesAgreeWithOpenSSL(kind: String) throws {
        let cli = try OpenSSLCLI.inScratchDirectory()
        defer { cli.cleanUp() }
        try cli.succeed(["genpkey", "-algorithm", "ed25519", "-outform", "DER", "-out", "k.der"])
        try cli.succeed(["pkey", "-inform", "DER", "-in", "k.der", "-pubout", "-outform", "DER", "-out", "pub.der"])
        let original = Array(try cli.read(kind == "private" ? "k.der" : "pub.der"))
        var variants: [(String, [UInt8])] = (0..<original.count).map { ("first \($0) bytes", Array(original.prefix($0))) }
        variants.append(("one byte more", original + [0]))
        for index in original.indices.prefix(kind == "private" ? 16 : 12) {
            var changed = original
            changed[index] ^= 0x01
            variants.append(("byte \(index) changed", changed))
        }
        var disagreements: [String] = []
        for (name, der) in variants {
            try cli.write(Data(der), to: "v.der")
            let theirs = try cli.run(["pkey", "-inform", "DER", "-in", "v.der"] + (kind == "public" ? ["-pubin"] : [])
                + ["-pubout", "-outform", "DER", "-out", "v.pub"])
            let ours: [UInt8]?
            if kind == "private" {
                let pem = PEM.encode(label: "PRIVATE KEY", der: der)
                ours = (try? Ed25519PrivateKey(pem: pem)).map { Array($0.publicKey.rawRepresentation) }
            } else {
                ours = try? Ed25519.publicKey(spkiDER: der)
            }
            let theirKey = theirs.status == 0 ? Array(try cli.read("v.pub").suffix(32)) : nil
            let isStricter = ours == nil && Self.stricter.contains { $0 == name || $0 == "\(kind) \(name)" }
            if ours != theirKey, !isStricter {
                disagreements.append("\(name): openssl \(theirKey == nil ? "refuses" : "accepts"), we \(ours == nil ? "refuse" : "accept")")
            }
        }
        #expect(variants.count > 40)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    /// RFC 5958's version 2 may carry the public key (OpenSSL 3.0 reads no such file, so RFC 8032's TEST 1 pair is the
    /// oracle): accepted when it is the seed's, refused when the two halves differ or a version 1 file carries one.
    @Test("a version 2 PKCS#8 file: its public key must be the seed's")
    func versionTwoFile() throws {
        let vector = try RFC8032Vector.named("TEST 1")
        func file(version: UInt8 = 1, publicKey: Data) -> String {
            let der: [UInt8] = [0x30, 0x51, 0x02, 0x01, version, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
                + Array(vector.secret) + [0x81, 0x21, 0x00] + Array(publicKey)
            return PEM.encode(label: "PRIVATE KEY", der: der)
        }
        let key = try Ed25519PrivateKey(pem: file(publicKey: vector.publicKey))
        #expect(key.publicKey.rawRepresentation == vector.publicKey)
        #expect(key.rawRepresentation == vector.secret)
        let versionOne = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: file(version: 0, publicKey: vector.publicKey)) }
        #expect(versionOne?.code == .invalidPEM)
        let mismatch = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: file(publicKey: vector.publicKey.flippingBit(3))) }
        #expect(mismatch?.code == .invalidKey)
        #expect(mismatch?.message.contains("does not belong") == true)
    }

    @Test("the DER reader refuses what DER does not allow", arguments: [
        ([0x30, 0x81, 0x03, 0x02, 0x01, 0x00], "shortest form"),        // a long-form length under 128
        ([0x30, 0x82, 0x00, 0x03, 0x02, 0x01, 0x00], "shortest form"),  // a leading zero length byte
        ([0x30, 0x80, 0x02, 0x01, 0x00, 0x00, 0x00], "definite"),       // BER's indefinite length
        ([0x30, 0x05, 0x02, 0x01, 0x00], "past the end"),
        ([0x30], "length is missing"),
    ] as [([UInt8], String)])
    func derRules(bytes: [UInt8], problem: String) {
        var reader = DERReader(bytes)
        let error = #expect(throws: DERReader.Failure.self) { _ = try reader.read(DERReader.sequence) }
        #expect(error?.problem.contains(problem) == true, "\(error?.description ?? "")")
    }

    @Test("an algorithm is named as openssl names it, else by its OID")
    func algorithmNames() throws {
        var rsa = DERReader([0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00])
        #expect(try KeyAlgorithm(reading: &rsa) == .other("RSA"))
        var unknown = DERReader([0x30, 0x05, 0x06, 0x03, 0x2A, 0x03, 0x04])
        #expect(try KeyAlgorithm(reading: &unknown) == .other("an algorithm with OID 1.2.3.4"))
        // Ed25519 with parameters is not RFC 8410's encoding.
        var withParameters = DERReader([0x30, 0x07, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x05, 0x00])
        #expect(throws: DERReader.Failure.self) { _ = try KeyAlgorithm(reading: &withParameters) }
    }
}
