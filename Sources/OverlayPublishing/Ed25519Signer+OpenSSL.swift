import Foundation
internal import CLibCrypto
internal import OverlayCore

/// The libcrypto half of ``Ed25519PrivateKey`` (a private key and its public half): generation, loading and signing,
/// which only publishing tools link.
struct OpenSSLEd25519Signer: Sendable {
    let key: EVPKey
    /// The 32-byte seed.
    let seed: [UInt8]
    /// The 32-byte public key.
    let publicKeyBytes: [UInt8]

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

    /// A key from PKCS#8 `PrivateKeyInfo` DER (`d2i_PKCS8_PRIV_KEY_INFO`, `EVP_PKCS82PKEY`).
    init(pkcs8DER der: [UInt8]) throws(CryptoError) {
        let info: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor = buffer.baseAddress
            let info = d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, buffer.count)
            // Bytes after the DER structure make the file malformed, not "whatever parsed first".
            guard let info, cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                PKCS8_PRIV_KEY_INFO_free(info)
                return nil
            }
            return info
        }
        guard let info else {
            throw .libcrypto(.invalidPEM, "the PRIVATE KEY block is not PKCS#8 DER; recreate the key with "
                + "`openssl genpkey -algorithm ed25519 -out key.pem`")
        }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let pointer = EVP_PKCS82PKEY(info) else {
            throw .libcrypto(.wrongKeyType, "the PRIVATE KEY block holds a key libcrypto cannot load; "
                + "expected Ed25519 (`openssl genpkey -algorithm ed25519`)")
        }
        try self.init(EVPKey(taking: pointer))
    }

    private init(_ key: EVPKey) throws(CryptoError) {
        try OpenSSLEd25519.requireEd25519(key, what: "private")
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
