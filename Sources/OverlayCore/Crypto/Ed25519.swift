public import Foundation

/// Sizes and fixed encodings of Ed25519 (RFC 8032, RFC 8410).
package enum Ed25519 {
    /// Bytes in a seed (private key) or a public key.
    package static let keyLength = 32
    /// Bytes in a signature.
    package static let signatureLength = 64
    /// PKCS#8 `PrivateKeyInfo` for Ed25519 is this DER prefix followed by the 32-byte seed (RFC 8410 §7).
    package static let pkcs8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    /// `SubjectPublicKeyInfo` for Ed25519 is this DER prefix followed by the 32-byte public key (RFC 8410 §4).
    package static let spkiPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

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

    /// The 32 raw public key bytes.
    public let rawRepresentation: Data

    package init(bytes: [UInt8]) throws(CryptoError) {
        backing = try .init(bytes: bytes)
        rawRepresentation = Data(bytes)
    }

    /// A key from its 32 raw bytes.
    ///
    /// - Throws: ``CryptoError/Code/invalidKeyLength`` unless `rawRepresentation` is 32 bytes.
    public init(rawRepresentation: Data) throws(CryptoError) {
        try Ed25519.requireKeyLength(rawRepresentation, what: "public key")
        try self.init(bytes: Array(rawRepresentation))
    }

    /// A key from an SPKI PEM (`-----BEGIN PUBLIC KEY-----`), as `openssl pkey -pubout` writes.
    ///
    /// - Throws: ``CryptoError/Code/invalidPEM``, ``CryptoError/Code/wrongPEMLabel`` (e.g. a private key),
    ///   ``CryptoError/Code/wrongKeyType`` (RSA, EC …).
    public init(pem: String) throws(CryptoError) {
        let block = try PEM.singleBlock(in: pem, expectedLabel: "PUBLIC KEY")
        try PEMLabels.require(block.label, expected: "PUBLIC KEY")
        backing = try .init(spkiDER: block.der)
        rawRepresentation = Data(backing.bytes)
    }

    /// The key as SPKI PEM, the form `openssl pkey -pubout` writes and ``init(pem:)`` reads.
    public var pemRepresentation: String {
        PEM.encode(label: "PUBLIC KEY", der: Ed25519.spkiPrefix + Array(rawRepresentation))
    }

    /// The key ID signature files use: lowercase hex SHA-256 of the 32 raw bytes.
    public var keyID: String { SHA256.hash(rawRepresentation).hex }

    /// Whether `signature` is a valid Ed25519 signature of `message` by this key.
    ///
    /// Fails closed: a signature that is not 64 bytes, a bad signature and any libcrypto error are all `false`.
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

    /// `Ed25519PublicKey(keyID: …)`.
    public var description: String { "Ed25519PublicKey(keyID: \(keyID))" }
}

/// What a PEM label that is not the expected one actually holds, as an error that says what to do.
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
