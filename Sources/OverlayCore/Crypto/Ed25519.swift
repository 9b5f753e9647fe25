public import Foundation

/// Sizes of Ed25519 (RFC 8032).
package enum Ed25519 {
    package static let keyLength = 32
    package static let signatureLength = 64

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
/// let key = try Ed25519PublicKey(rawRepresentation: releaseKey)  // the 32 bytes `overlay keygen` prints
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
