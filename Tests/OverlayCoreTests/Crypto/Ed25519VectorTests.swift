import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// RFC 8032 §7.1 known answers, kept as data in `testdata/crypto/rfc8032-ed25519.json`.
@Suite struct Ed25519VectorTests {
    @Test("the data file holds the five RFC 8032 vectors, well formed")
    func dataFileIsComplete() throws {
        let vectors = try RFC8032Vector.all()
        #expect(vectors.map(\.name) == RFC8032Vector.names)
        for vector in vectors {
            #expect(vector.secret.count == 32 && vector.publicKey.count == 32 && vector.signature.count == 64)
        }
        #expect(try RFC8032Vector.named("TEST 1").message.isEmpty)
        #expect(try RFC8032Vector.named("TEST 1024").message.count == 1023)
    }

    @Test("the public key is derived from the secret", arguments: RFC8032Vector.names)
    func publicKeyFromSecret(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        let key = try Ed25519PrivateKey(rawRepresentation: vector.secret)
        #expect(key.publicKey.rawRepresentation == vector.publicKey)
        #expect(key.rawRepresentation == vector.secret)
    }

    /// libcrypto signs as RFC 8032 says; CryptoKit randomizes every signature (Apple's `signature(for:)`), which
    /// must still verify under the RFC public key and differ from one call to the next.
    @Test("signing gives the RFC signature bytes (libcrypto), or a fresh signature that verifies (CryptoKit)",
          arguments: RFC8032Vector.names)
    func signatureBytes(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        let key = try Ed25519PrivateKey(rawRepresentation: vector.secret)
        let signature = try key.signature(for: vector.message)
        if Ed25519PrivateKey.signsDeterministically {
            #expect(signature == vector.signature)
        } else {
            #expect(try Ed25519PublicKey(rawRepresentation: vector.publicKey).isValidSignature(signature, for: vector.message))
            let again = try key.signature(for: vector.message)
            #expect(signature != vector.signature && signature != again)
        }
    }

    @Test("the RFC signature verifies under the RFC public key", arguments: RFC8032Vector.names)
    func verifies(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        #expect(key.isValidSignature(vector.signature, for: vector.message))
    }

    @Test("one flipped bit in the message fails", arguments: RFC8032Vector.names)
    func flippedMessage(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        if vector.message.isEmpty {
            #expect(!key.isValidSignature(vector.signature, for: Data([0])))
        } else {
            for bit in [0, vector.message.count * 8 - 1] {
                #expect(!key.isValidSignature(vector.signature, for: vector.message.flippingBit(bit)), "bit \(bit)")
            }
        }
    }

    /// Bits in R (the first 32 bytes), in S, and S's top bit (which makes S non-canonical).
    @Test("one flipped bit in the signature fails", arguments: RFC8032Vector.names)
    func flippedSignature(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        for bit in [0, 100, 255, 256, 400, 511] {
            #expect(!key.isValidSignature(vector.signature.flippingBit(bit), for: vector.message), "bit \(bit)")
        }
    }

    /// A flipped key bit may give bytes that are not a curve point at all: either way, never valid.
    @Test("one flipped bit in the public key fails", arguments: RFC8032Vector.names)
    func flippedKey(name: String) throws {
        let vector = try RFC8032Vector.named(name)
        for bit in [0, 77, 254] {
            let key = try? Ed25519PublicKey(rawRepresentation: vector.publicKey.flippingBit(bit))
            #expect(key?.isValidSignature(vector.signature, for: vector.message) != true, "bit \(bit)")
        }
    }

    @Test("a signature that is not 64 bytes is false", arguments: [0, 1, 63, 65, 128])
    func wrongSignatureLength(length: Int) throws {
        let vector = try RFC8032Vector.named("TEST 2")
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        // Keep the real signature as the prefix, so only the length is wrong.
        let padded = vector.signature + Data(repeating: 0, count: max(0, length - 64))
        #expect(!key.isValidSignature(padded.prefix(length), for: vector.message))
    }

    @Test("keyID is the hex SHA-256 of the raw public key")
    func keyID() throws {
        let vector = try RFC8032Vector.named("TEST 1")
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        #expect(key.keyID == SHA256.hash(vector.publicKey).hex)
        #expect(key.keyID == "21fe31dfa154a261626bf854046fd2271b7bed4b6abe45aa58877ef47f9721b9")
    }
}
