import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// The signature-file rules of DESIGN.md, one case each; keys are RFC 8032 secrets so runs are deterministic.
@Suite struct TrustedKeysTests {
    static let message = Data("{\"schema_version\":1,\"revision\":7}".utf8)

    struct Keys {
        let a: Ed25519PrivateKey
        let b: Ed25519PrivateKey
        let outsider: Ed25519PrivateKey

        init() throws {
            a = try Ed25519PrivateKey(rawRepresentation: RFC8032Vector.named("TEST 1").secret)
            b = try Ed25519PrivateKey(rawRepresentation: RFC8032Vector.named("TEST 2").secret)
            outsider = try Ed25519PrivateKey(rawRepresentation: RFC8032Vector.named("TEST 3").secret)
        }
    }

    static func record(
        _ key: Ed25519PrivateKey,
        keyid: String? = nil,
        alg: String = "ed25519",
        over message: Data = message
    ) throws -> SignatureRecord {
        let signature = try key.signature(for: message)
        return SignatureRecord(keyid: keyid ?? key.publicKey.keyID, alg: alg, sig: signature.base64EncodedString())
    }

    @Test("one trusted key, one valid signature: met")
    func singleValid() throws {
        let keys = try Keys()
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(message: Self.message, signatures: [Self.record(keys.a)])
        #expect(verdict.isThresholdMet)
        #expect(verdict.signerKeyIDs == [keys.a.publicKey.keyID])
        #expect(verdict.outcomes.map(\.disposition) == [.counted])
    }

    @Test("threshold 2 with two keys both signing: met")
    func thresholdTwoMet() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.b.publicKey], threshold: 2)
        let verdict = try trusted.verify(message: Self.message, signatures: [Self.record(keys.b), Self.record(keys.a)])
        #expect(verdict.isThresholdMet)
        #expect(verdict.validSignerCount == 2)
        #expect(verdict.signerKeyIDs == [keys.b.publicKey.keyID, keys.a.publicKey.keyID])
    }

    @Test("threshold 2 with only one key signing: not met")
    func thresholdTwoOneSigner() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.b.publicKey], threshold: 2)
        let verdict = try trusted.verify(message: Self.message, signatures: [Self.record(keys.a)])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.validSignerCount == 1)
    }

    @Test("the same key's signature twice counts once")
    func duplicateRecord() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.b.publicKey], threshold: 2)
        let record = try Self.record(keys.a)
        let verdict = trusted.verify(message: Self.message, signatures: [record, record])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.validSignerCount == 1)
        #expect(verdict.outcomes.map(\.disposition) == [.counted, .duplicateKey])
    }

    @Test("a duplicate keyid with a different (bad) signature does not count twice")
    func duplicateKeyID() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.b.publicKey], threshold: 2)
        // The second record claims key A but carries B's signature: it must not let A count twice.
        let verdict = try trusted.verify(
            message: Self.message,
            signatures: [Self.record(keys.a), Self.record(keys.b, keyid: keys.a.publicKey.keyID)]
        )
        #expect(!verdict.isThresholdMet)
        #expect(verdict.validSignerCount == 1)
    }

    @Test("an invalid record before a valid one for the same key: counted once")
    func invalidThenValid() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey])
        let forged = try Self.record(keys.outsider, keyid: keys.a.publicKey.keyID)
        let verdict = try trusted.verify(message: Self.message, signatures: [forged, Self.record(keys.a), Self.record(keys.a)])
        #expect(verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.invalidSignature, .counted, .duplicateKey])
    }

    @Test("the same key trusted twice is one key: threshold 2 is never met by it")
    func duplicateTrustedKey() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.a.publicKey], threshold: 2)
        #expect(trusted.keys.count == 1)
        let verdict = try trusted.verify(message: Self.message, signatures: [Self.record(keys.a), Self.record(keys.a)])
        #expect(!verdict.isThresholdMet)
    }

    @Test("a valid signature by an unknown key is ignored")
    func unknownKey() throws {
        let keys = try Keys()
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(
            message: Self.message, signatures: [Self.record(keys.outsider)]
        )
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.unknownKey])
    }

    @Test("key IDs match exactly: an uppercase keyid names no trusted key")
    func keyIDCase() throws {
        let keys = try Keys()
        let record = try Self.record(keys.a, keyid: keys.a.publicKey.keyID.uppercased())
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(message: Self.message, signatures: [record])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.unknownKey])
    }

    @Test("an algorithm other than ed25519 is ignored even when the signature is valid",
          arguments: ["ed448", "Ed25519", "ED25519", "", "ed25519 ", "eddsa"])
    func wrongAlgorithm(alg: String) throws {
        let keys = try Keys()
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(
            message: Self.message, signatures: [Self.record(keys.a, alg: alg)]
        )
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.unsupportedAlgorithm])
    }

    @Test("a malformed signature for a trusted key is rejected, not a crash", arguments: [
        "", "not base64!", "AAAA", "AAAA\n",
        String(repeating: "A", count: 84),  // canonical base64 of 63 bytes
        String(repeating: "A", count: 87) + "=",  // canonical base64 of 65 bytes
        String(repeating: "A", count: 85) + "B==",  // 64 bytes, but non-zero unused bits
    ])
    func malformedSignature(sig: String) throws {
        let keys = try Keys()
        let record = SignatureRecord(keyid: keys.a.publicKey.keyID, alg: "ed25519", sig: sig)
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(message: Self.message, signatures: [record])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.malformedSignature])
    }

    @Test("a valid signature re-encoded with line breaks is malformed")
    func wrappedSignature() throws {
        let keys = try Keys()
        var record = try Self.record(keys.a)
        record.sig.insert("\n", at: record.sig.index(record.sig.startIndex, offsetBy: 44))
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(message: Self.message, signatures: [record])
        #expect(verdict.outcomes.map(\.disposition) == [.malformedSignature])
    }

    @Test("an empty signature list is not trusted")
    func emptyList() throws {
        let keys = try Keys()
        let verdict = try TrustedKeys([keys.a.publicKey]).verify(message: Self.message, signatures: [])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.validSignerCount == 0)
        #expect(verdict.outcomes.isEmpty)
    }

    @Test("a message changed by one byte is not trusted")
    func tamperedMessage() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey])
        var tampered = Self.message
        tampered[tampered.count - 2] ^= 0x01
        let verdict = try trusted.verify(message: tampered, signatures: [Self.record(keys.a)])
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.invalidSignature])
    }

    @Test("with no keys trusted nothing is ever trusted")
    func noTrustedKeys() throws {
        let keys = try Keys()
        let verdict = try TrustedKeys([]).verify(
            message: Self.message, signatures: [Self.record(keys.a), Self.record(keys.b)]
        )
        #expect(!verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition) == [.unknownKey, .unknownKey])
    }

    @Test("a threshold above the number of keys is never met")
    func unreachableThreshold() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey], threshold: 2)
        #expect(try !trusted.verify(message: Self.message, signatures: [Self.record(keys.a)]).isThresholdMet)
    }

    @Test("a threshold below 1 is refused at init", arguments: [0, -1, Int.min])
    func invalidThreshold(threshold: Int) throws {
        let keys = try Keys()
        let error = #expect(throws: CryptoError.self) { try TrustedKeys([keys.a.publicKey], threshold: threshold) }
        #expect(error?.code == .invalidThreshold)
    }

    @Test("unknown, wrong-algorithm and bad records do not stop a valid one from counting")
    func mixedRecords() throws {
        let keys = try Keys()
        let trusted = try TrustedKeys([keys.a.publicKey, keys.b.publicKey], threshold: 2)
        let records = [
            try Self.record(keys.outsider),
            try Self.record(keys.a, alg: "rsa"),
            SignatureRecord(keyid: keys.b.publicKey.keyID, alg: "ed25519", sig: "%%%%"),
            try Self.record(keys.a),
            try Self.record(keys.b),
        ]
        let verdict = trusted.verify(message: Self.message, signatures: records)
        #expect(verdict.isThresholdMet)
        #expect(verdict.outcomes.map(\.disposition)
            == [.unknownKey, .unsupportedAlgorithm, .malformedSignature, .counted, .counted])
        #expect(verdict.outcomes.map(\.keyid) == records.map(\.keyid))
    }
}
