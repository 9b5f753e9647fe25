import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Raw and PEM key handling, and every way a key is refused.
@Suite struct Ed25519KeyTests {
    @Test("generated keys are distinct and sign and verify")
    func generate() throws {
        let first = try Ed25519PrivateKey.generate()
        let second = try Ed25519PrivateKey.generate()
        #expect(first.rawRepresentation != second.rawRepresentation)
        let message = Data("manifest".utf8)
        let signature = try first.signature(for: message)
        #expect(signature.count == 64)
        #expect(first.publicKey.isValidSignature(signature, for: message))
        #expect(!second.publicKey.isValidSignature(signature, for: message))
    }

    @Test("raw keys must be exactly 32 bytes", arguments: [0, 31, 33, 44, 48, 64])
    func rawLength(length: Int) {
        let bytes = Data(repeating: 7, count: length)
        #expect { try Ed25519PrivateKey(rawRepresentation: bytes) } throws: { error in
            (error as? CryptoError)?.code == .invalidKeyLength
        }
        #expect { try Ed25519PublicKey(rawRepresentation: bytes) } throws: { error in
            (error as? CryptoError)?.code == .invalidKeyLength
        }
    }

    @Test("PEM round trips, and has the RFC 8410 PKCS#8 / SPKI bytes")
    func pemRoundTrip() throws {
        let vector = try RFC8032Vector.named("TEST 1")
        let key = try Ed25519PrivateKey(rawRepresentation: vector.secret)
        #expect(key.pemRepresentation == """
            -----BEGIN PRIVATE KEY-----
            MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
            -----END PRIVATE KEY-----

            """)
        #expect(key.publicKey.pemRepresentation == """
            -----BEGIN PUBLIC KEY-----
            MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=
            -----END PUBLIC KEY-----

            """)
        let reread = try Ed25519PrivateKey(pem: key.pemRepresentation)
        #expect(reread.rawRepresentation == vector.secret)
        #expect(try Ed25519PublicKey(pem: key.publicKey.pemRepresentation) == key.publicKey)
    }

    @Test("PEM with CRLF line ends and surrounding text is read")
    func pemTolerance() throws {
        let key = try Ed25519PrivateKey(rawRepresentation: RFC8032Vector.named("TEST 2").secret)
        let crlf = key.pemRepresentation.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try Ed25519PrivateKey(pem: crlf).rawRepresentation == key.rawRepresentation)
        let explained = "ED25519 Private-Key:\n" + key.publicKey.pemRepresentation + "trailing notes\n"
        #expect(try Ed25519PublicKey(pem: explained) == key.publicKey)
    }

    @Test("description never shows the secret")
    func descriptionHidesSecret() throws {
        let vector = try RFC8032Vector.named("TEST 1")
        let key = try Ed25519PrivateKey(rawRepresentation: vector.secret)
        #expect(key.description == "Ed25519PrivateKey(keyID: \(key.publicKey.keyID))")
        #expect(!String(reflecting: key).contains(HexEncoding.encode(Array(vector.secret))))
    }

    /// A PEM that must be refused, the code it must be refused with, and a word the message must contain.
    struct BadPEM: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var code: CryptoError.Code
        var mentions: String
        var testDescription: String { name }
    }

    static let validPrivate = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
        -----END PRIVATE KEY-----

        """
    static let validPublic = """
        -----BEGIN PUBLIC KEY-----
        MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=
        -----END PUBLIC KEY-----

        """

    static let badPrivatePEMs: [BadPEM] = [
        BadPEM(name: "empty", text: "", code: .invalidPEM, mentions: "BEGIN"),
        BadPEM(name: "garbage", text: "not a key at all\n", code: .invalidPEM, mentions: "BEGIN"),
        BadPEM(name: "raw base64 without armor", text: "MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g\n",
               code: .invalidPEM, mentions: "BEGIN"),
        BadPEM(name: "truncated (no END line)", text: String(validPrivate.prefix(60)), code: .invalidPEM, mentions: "truncated"),
        BadPEM(name: "END label differs", text: validPrivate.replacingOccurrences(of: "END PRIVATE", with: "END PUBLIC"),
               code: .invalidPEM, mentions: "ends with"),
        BadPEM(name: "body not base64", text: validPrivate.replacingOccurrences(of: "MC4C", with: "MC4*"),
               code: .invalidPEM, mentions: "base64"),
        BadPEM(name: "body base64 but DER cut short", text: validPrivate.replacingOccurrences(of: "rAMcrn9g", with: ""),
               code: .invalidPEM, mentions: "PKCS#8"),
        BadPEM(name: "bytes after the DER", text: validPrivate.replacingOccurrences(of: "rn9g", with: "rn9gAAAA"),
               code: .invalidPEM, mentions: "PKCS#8"),
        BadPEM(name: "two blocks", text: validPrivate + validPrivate, code: .invalidPEM, mentions: "2 PEM blocks"),
        BadPEM(name: "a public key", text: validPublic, code: .wrongPEMLabel, mentions: "PUBLIC KEY"),
        BadPEM(name: "an encrypted PKCS#8 key",
               text: validPrivate.replacingOccurrences(of: "PRIVATE KEY", with: "ENCRYPTED PRIVATE KEY"),
               code: .wrongPEMLabel, mentions: "encrypted"),
        BadPEM(name: "an encrypted legacy key",
               text: "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nAAAA\n-----END RSA PRIVATE KEY-----\n",
               code: .wrongPEMLabel, mentions: "encrypted"),
        BadPEM(name: "a PKCS#1 RSA key label",
               text: validPrivate.replacingOccurrences(of: "PRIVATE KEY", with: "RSA PRIVATE KEY"),
               code: .wrongKeyType, mentions: "RSA"),
        BadPEM(name: "a certificate", text: validPrivate.replacingOccurrences(of: "PRIVATE KEY", with: "CERTIFICATE"),
               code: .wrongPEMLabel, mentions: "CERTIFICATE"),
    ]

    @Test("malformed or misplaced private key PEMs are refused", arguments: badPrivatePEMs)
    func badPrivatePEM(_ bad: BadPEM) {
        let error = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: bad.text) }
        #expect(error?.code == bad.code)
        #expect(error?.message.contains(bad.mentions) == true, "\(error?.message ?? "")")
    }

    static let badPublicPEMs: [BadPEM] = [
        BadPEM(name: "garbage", text: "garbage", code: .invalidPEM, mentions: "BEGIN"),
        BadPEM(name: "truncated", text: String(validPublic.prefix(50)), code: .invalidPEM, mentions: "truncated"),
        BadPEM(name: "a private key", text: validPrivate, code: .wrongPEMLabel, mentions: "-pubout"),
        BadPEM(name: "DER cut short", text: validPublic.replacingOccurrences(of: "aPcHURo=", with: ""),
               code: .invalidPEM, mentions: "SubjectPublicKeyInfo"),
        BadPEM(name: "an RSA public key label", text: validPublic.replacingOccurrences(of: "PUBLIC KEY", with: "RSA PUBLIC KEY"),
               code: .wrongKeyType, mentions: "RSA"),
    ]

    @Test("malformed or misplaced public key PEMs are refused", arguments: badPublicPEMs)
    func badPublicPEM(_ bad: BadPEM) {
        let error = #expect(throws: CryptoError.self) { try Ed25519PublicKey(pem: bad.text) }
        #expect(error?.code == bad.code)
        #expect(error?.message.contains(bad.mentions) == true, "\(error?.message ?? "")")
    }

    @Test("a DER failure says where the DER reader stopped")
    func derCause() throws {
        let cut = Self.validPrivate.replacingOccurrences(of: "rAMcrn9g", with: "")
        let error = #expect(throws: CryptoError.self) { try Ed25519PrivateKey(pem: cut) }
        #expect(error?.cause?.hasPrefix("DER at byte ") == true, "\(error?.cause ?? "")")
        let publicError = #expect(throws: CryptoError.self) {
            try Ed25519PublicKey(pem: Self.validPublic.replacingOccurrences(of: "aPcHURo=", with: ""))
        }
        #expect(publicError?.cause?.hasPrefix("DER at byte ") == true, "\(publicError?.cause ?? "")")
    }

    @Test("keys are shared across concurrent tasks")
    func concurrentUse() async throws {
        let vector = try RFC8032Vector.named("TEST 3")
        let key = try Ed25519PrivateKey(rawRepresentation: vector.secret)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<20).allSatisfy { _ in
                        (try? key.signature(for: vector.message)).map {
                            Ed25519PrivateKey.signsDeterministically
                                ? $0 == vector.signature : key.publicKey.isValidSignature($0, for: vector.message)
                        } == true && key.publicKey.isValidSignature(vector.signature, for: vector.message)
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
