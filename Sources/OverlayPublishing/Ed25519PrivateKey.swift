public import Foundation
public import OverlayCore

/// An Ed25519 signing key (RFC 8032), as used to sign manifests.
///
/// ```swift
/// let key = try Ed25519PrivateKey(pem: String(contentsOfFile: "key.pem", encoding: .utf8))
/// let signature = try key.signature(for: manifestBytes)       // 64 bytes
/// key.publicKey.isValidSignature(signature, for: manifestBytes) // true
/// ```
///
/// Signed by libcrypto, or by CryptoKit on Apple platforms; key files are read by our own code on both.
public struct Ed25519PrivateKey: Sendable, CustomStringConvertible {
    let backing: Ed25519SignerBackend

    /// The matching public key.
    public let publicKey: Ed25519PublicKey

    private init(backing: Ed25519SignerBackend) throws(CryptoError) {
        self.backing = backing
        self.publicKey = try Ed25519PublicKey(bytes: backing.publicKeyBytes)
    }

    /// Generates a new random key from the backend's CSPRNG.
    ///
    /// - Throws: ``CryptoError/Code/invalidKey`` if the backend cannot generate keys.
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
        let info = try PrivateKeyInfo.ed25519(pkcs8DER: block.der)
        try self.init(backing: .init(seed: info.seed))
        // A version 2 file names its public key too: one that is not this seed's means the file was put together wrong.
        if let stated = info.publicKey, stated != backing.publicKeyBytes {
            throw CryptoError(code: .invalidKey, message: "the PRIVATE KEY block's public key does not belong to its "
                + "private key; recreate the key with `openssl genpkey -algorithm ed25519 -out key.pem`")
        }
    }

    /// The 32-byte seed.
    public var rawRepresentation: Data { Data(backing.seed) }

    /// The key as unencrypted PKCS#8 PEM, the form `openssl genpkey` writes and ``init(pem:)`` reads.
    public var pemRepresentation: String {
        PEM.encode(label: "PRIVATE KEY", der: Ed25519.pkcs8Prefix + backing.seed)
    }

    /// Signs `message`, returning the 64-byte Ed25519 signature. libcrypto signs deterministically (RFC 8032: same key
    /// and message, same bytes); CryptoKit randomizes each signature (see ``signsDeterministically``). Every one
    /// verifies under ``publicKey``.
    ///
    /// - Throws: ``CryptoError/Code/signFailed`` if the backend fails.
    public func signature(for message: Data) throws(CryptoError) -> Data {
        Data(try backing.sign(message))
    }

    /// Whether this platform's backend gives the same signature bytes for the same key and message (libcrypto: yes;
    /// CryptoKit: no, by design).
    package static var signsDeterministically: Bool { Ed25519SignerBackend.isDeterministic }

    /// Names the key by its public key ID; never prints secret bytes.
    public var description: String { "Ed25519PrivateKey(keyID: \(publicKey.keyID))" }
}
