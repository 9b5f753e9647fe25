// Ed25519 signing through OpenSSL's libcrypto: the backend wherever CryptoKit is not.
#if !canImport(CryptoKit)
import Foundation
internal import CLibCrypto
internal import OverlayCore

/// The signer ``Ed25519PrivateKey`` uses on this platform.
typealias Ed25519SignerBackend = OpenSSLEd25519Signer

/// The libcrypto half of ``Ed25519PrivateKey`` (a private key and its public half): generation and signing, which only
/// publishing tools link.
struct OpenSSLEd25519Signer: Sendable {
    let key: EVPKey
    /// The 32-byte seed.
    let seed: [UInt8]
    /// The 32-byte public key.
    let publicKeyBytes: [UInt8]

    /// libcrypto signs as RFC 8032 says: the same key and message give the same bytes.
    static let isDeterministic = true

    /// A new random key (`EVP_PKEY_CTX_new_from_name("ED25519")`, `EVP_PKEY_generate`).
    static func generate() throws(CryptoError) -> OpenSSLEd25519Signer {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "ED25519", nil) else {
            throw .libcrypto(.invalidKey, "libcrypto has no Ed25519 key generator; install OpenSSL 3 (libssl3)")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_generate(context, &generated) == 1, let generated else {
            throw .libcrypto(.invalidKey, "generating an Ed25519 key failed; retry, and check that libcrypto works")
        }
        return try OpenSSLEd25519Signer(EVPKey(taking: generated))
    }

    /// A key from its 32-byte seed (`EVP_PKEY_new_raw_private_key`); the caller checked the length.
    init(seed: [UInt8]) throws(CryptoError) {
        guard let pointer = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, seed, seed.count) else {
            throw .libcrypto(.invalidKey, "libcrypto refused the 32-byte Ed25519 seed")
        }
        try self.init(EVPKey(taking: pointer))
    }

    private init(_ key: EVPKey) throws(CryptoError) {
        guard let seed = key.rawBytes(private: true), let publicKeyBytes = key.rawBytes(private: false) else {
            throw .libcrypto(.invalidKey, "libcrypto could not export the Ed25519 key bytes")
        }
        self.key = key
        self.seed = seed
        self.publicKeyBytes = publicKeyBytes
    }

    /// The 64-byte signature of `message` (one-shot `EVP_DigestSign` with a NULL digest, as Ed25519 requires).
    func sign(_ message: Data) throws(CryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else {
            throw .libcrypto(.signFailed, "EVP_MD_CTX_new failed: out of memory")
        }
        defer { EVP_MD_CTX_free(context) }
        var signature = [UInt8](repeating: 0, count: Ed25519.signatureLength)
        var length = signature.count
        let result = key.withPointer { pointer in
            guard EVP_DigestSignInit(context, nil, nil, nil, pointer) == 1 else { return Int32(0) }
            return withMessageBytes(message) { bytes, count in EVP_DigestSign(context, &signature, &length, bytes, count) }
        }
        guard result == 1, length == Ed25519.signatureLength else {
            throw .libcrypto(.signFailed, "EVP_DigestSign failed (returned \(result)); the key or libcrypto is broken")
        }
        return signature
    }
}
extension EVPKey {
    /// `EVP_PKEY_get_raw_public_key` or `EVP_PKEY_get_raw_private_key` (32 bytes for Ed25519).
    func rawBytes(private isPrivate: Bool) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Ed25519.keyLength)
        var length = bytes.count
        let result = withPointer { key in
            isPrivate
                ? EVP_PKEY_get_raw_private_key(key, &bytes, &length) : EVP_PKEY_get_raw_public_key(key, &bytes, &length)
        }
        guard result == 1, length == Ed25519.keyLength else {
            _ = LibCryptoErrorQueue.drain()
            return nil
        }
        return bytes
    }
}
#endif
