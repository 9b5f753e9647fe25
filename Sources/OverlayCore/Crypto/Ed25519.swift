public import Foundation

/// Sizes and fixed encodings of Ed25519 (RFC 8032, RFC 8410).
package enum Ed25519 {
    package static let keyLength = 32
    package static let signatureLength = 64

    /// The 32 key bytes of an X.509 `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7, RFC 8410 §4): read here, not by the
    /// backend, so every backend accepts and refuses the same files.
    /// - Throws: ``CryptoError/Code/wrongKeyType`` for another algorithm, ``CryptoError/Code/invalidPEM`` for anything
    ///   that is not such a structure (the cause says where the DER reader stopped).
    package static func publicKey(spkiDER der: [UInt8]) throws(CryptoError) -> [UInt8] {
        let algorithm: KeyAlgorithm
        let key: ArraySlice<UInt8>?
        do {
            (algorithm, key) = try readSubjectPublicKeyInfo(der)
        } catch {
            throw notSubjectPublicKeyInfo(cause: error)
        }
        guard let key else { throw algorithm.wrongType(what: "public") }
        // A BIT STRING starts with its count of unused bits: none, then the 32-byte key.
        guard key.count == 1 + keyLength, key.first == 0 else {
            throw notSubjectPublicKeyInfo(cause: DERReader.Failure(offset: 0, problem: "the key is not 32 whole bytes"))
        }
        return Array(key.dropFirst())
    }

    private static func readSubjectPublicKeyInfo(_ der: [UInt8]) throws(DERReader.Failure)
        -> (KeyAlgorithm, ArraySlice<UInt8>?) {
        var file = DERReader(der)
        var info = try file.read(DERReader.sequence)
        try file.finish()
        let algorithm = try KeyAlgorithm(reading: &info)
        guard algorithm == .ed25519 else { return (algorithm, nil) }
        let key = try info.read(DERReader.bitString).remaining
        try info.finish()
        return (algorithm, key)
    }

    private static func notSubjectPublicKeyInfo(cause: DERReader.Failure) -> CryptoError {
        CryptoError(
            code: .invalidPEM, message: "the PUBLIC KEY block is not SubjectPublicKeyInfo DER; export the public key "
                + "with `openssl pkey -in key.pem -pubout -out public.pem`", cause: "DER \(cause)")
    }

    package static func requireKeyLength(_ bytes: Data, what: String) throws(CryptoError) {
        guard bytes.count == Ed25519.keyLength else {
            throw CryptoError(
                code: .invalidKeyLength,
                message: "an Ed25519 \(what) is 32 bytes, got \(bytes.count); pass the raw key, not hex, base64 or DER"
            )
        }
    }
}

/// An Ed25519 public key that checks signatures.
///
/// ```swift
/// let key = try Ed25519PublicKey(pem: publicPEM)
/// key.keyID                                  // lowercase hex SHA-256 of the 32 raw bytes
/// key.isValidSignature(signature, for: data) // false for anything but a valid signature
/// ```
public struct Ed25519PublicKey: Sendable, Hashable, CustomStringConvertible {
    let backing: Ed25519Backend.PublicKey

    public let rawRepresentation: Data

    package init(bytes: [UInt8]) throws(CryptoError) {
        backing = try .init(bytes: bytes)
        rawRepresentation = Data(bytes)
    }

    /// - Throws: ``CryptoError/Code/invalidKeyLength`` unless `rawRepresentation` is 32 bytes.
    public init(rawRepresentation: Data) throws(CryptoError) {
        try Ed25519.requireKeyLength(rawRepresentation, what: "public key")
        try self.init(bytes: Array(rawRepresentation))
    }

    /// A key from an SPKI PEM (`-----BEGIN PUBLIC KEY-----`), as `openssl pkey -pubout` writes.
    /// - Throws: ``CryptoError/Code/invalidPEM``, ``CryptoError/Code/wrongPEMLabel`` (e.g. a private key),
    ///   ``CryptoError/Code/wrongKeyType`` (RSA, EC …).
    public init(pem: String) throws(CryptoError) {
        let block = try PEM.singleBlock(in: pem, expectedLabel: "PUBLIC KEY")
        try PEMLabels.require(block.label, expected: "PUBLIC KEY")
        try self.init(bytes: Ed25519.publicKey(spkiDER: block.der))
    }

    /// The key ID signature files use: lowercase hex SHA-256 of the 32 raw bytes.
    public var keyID: String { SHA256.hash(rawRepresentation).hex }

    /// Whether `signature` is a valid Ed25519 signature of `message` by this key; fails closed (`false`) on any error.
    public func isValidSignature(_ signature: Data, for message: Data) -> Bool {
        guard signature.count == Ed25519.signatureLength else { return false }
        return backing.verify(signature: Array(signature), message: message)
    }

    public static func == (lhs: Ed25519PublicKey, rhs: Ed25519PublicKey) -> Bool {
        lhs.rawRepresentation == rhs.rawRepresentation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawRepresentation)
    }

    public var description: String { "Ed25519PublicKey(keyID: \(keyID))" }
}

/// A PEM label that is not the expected one, as an error that says what to do.
package enum PEMLabels {
    package static func require(_ label: String, expected: String) throws(CryptoError) {
        guard label != expected else { return }
        let fix = expected == "PRIVATE KEY"
            ? "pass a PKCS#8 Ed25519 private key (`openssl genpkey -algorithm ed25519 -out key.pem`)"
            : "pass an Ed25519 package key (`openssl pkey -in key.pem -pubout -out public.pem`)"
        switch label {
        case "RSA PRIVATE KEY", "RSA PUBLIC KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY":
            let type = String(label.prefix { $0 != " " })
            throw CryptoError(code: .wrongKeyType, message: "the PEM holds a \(label) (\(type)), not Ed25519; \(fix)")
        case "ENCRYPTED PRIVATE KEY":
            throw CryptoError(
                code: .wrongPEMLabel,
                message: "the private key is encrypted; decrypt it with `openssl pkey -in key.pem -out plain.pem`, "
                    + "keep plain.pem secret, and pass that"
            )
        default:
            throw CryptoError(code: .wrongPEMLabel, message: "the PEM holds a \(label), expected a \(expected); \(fix)")
        }
    }
}
