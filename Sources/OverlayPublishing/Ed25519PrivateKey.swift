public import Foundation
public import OverlayCore

/// An Ed25519 signing key (RFC 8032), as used to sign manifests.
///
/// ```swift
/// let key = try Ed25519PrivateKey(pem: String(contentsOfFile: "key.pem", encoding: .utf8))
/// let signature = try key.signature(for: manifestBytes)       // 64 bytes
/// key.publicKey.isValidSignature(signature, for: manifestBytes) // true
/// ```
public struct Ed25519PrivateKey: Sendable, CustomStringConvertible {
    let backing: OpenSSLEd25519Signer

    /// The matching public key.
    public let publicKey: Ed25519PublicKey

    private init(backing: OpenSSLEd25519Signer) throws(CryptoError) {
        self.backing = backing
        self.publicKey = try Ed25519PublicKey(bytes: backing.publicKeyBytes)
    }

    /// Generates a new random key from libcrypto's CSPRNG.
    ///
    /// - Throws: ``CryptoError/Code/invalidKey`` if libcrypto cannot generate keys.
    public static func generate() throws(CryptoError) -> Ed25519PrivateKey {
        try Ed25519PrivateKey(backing: .generate())
    }

    /// A key from its 32-byte seed (the RFC 8032 "secret key").
    ///
    /// - Throws: ``CryptoError/Code/invalidKeyLength`` unless `rawRepresentation` is 32 bytes.
    public init(rawRepresentation: Data) throws(CryptoError) {
        try Ed25519.requireKeyLength(rawRepresentation, what: "private key seed")
        try self.init(backing: .init(seed: Array(rawRepresentation)))
    }

    /// A key from a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), as `openssl genpkey -algorithm ed25519` writes.
    ///
    /// - Throws: ``CryptoError/Code/invalidPEM`` (not PEM, truncated, bad base64 or DER),
    ///   ``CryptoError/Code/wrongPEMLabel`` (a public key, an encrypted key, a certificate …),
    ///   ``CryptoError/Code/wrongKeyType`` (RSA, EC, Ed448 …).
    public init(pem: String) throws(CryptoError) {
        let block = try PEM.singleBlock(in: pem, expectedLabel: "PRIVATE KEY")
        try PEMLabels.require(block.label, expected: "PRIVATE KEY")
        try self.init(backing: .init(pkcs8DER: block.der))
    }

    /// The 32-byte seed.
    public var rawRepresentation: Data { Data(backing.seed) }

    /// The key as unencrypted PKCS#8 PEM, the form `openssl genpkey` writes and ``init(pem:)`` reads.
    public var pemRepresentation: String {
        PEM.encode(label: "PRIVATE KEY", der: Ed25519.pkcs8Prefix + backing.seed)
    }

    /// Signs `message`, returning the 64-byte Ed25519 signature (deterministic: same key and message, same bytes).
    ///
    /// - Throws: ``CryptoError/Code/signFailed`` if libcrypto fails.
    public func signature(for message: Data) throws(CryptoError) -> Data {
        Data(try backing.sign(message))
    }

    /// Names the key by its public key ID; never prints secret bytes.
    public var description: String { "Ed25519PrivateKey(keyID: \(publicKey.keyID))" }
}
