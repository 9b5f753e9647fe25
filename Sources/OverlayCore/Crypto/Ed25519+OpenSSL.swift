import Foundation
internal import CLibCrypto

/// The backend ``Ed25519PrivateKey`` and ``Ed25519PublicKey`` use on this platform.
typealias Ed25519Backend = OpenSSLEd25519

/// Owns one `EVP_PKEY`, freed in `deinit`.
///
/// `@unchecked Sendable` is safe: the key is fully built before this object exists and never modified
/// afterwards; every operation creates its own `EVP_MD_CTX`, and OpenSSL 3 allows an `EVP_PKEY` to be read
/// from several threads at once (openssl-threads(7); its internal caches take their own lock).
final class EVPKey: @unchecked Sendable {
    private let pointer: OpaquePointer

    /// Takes ownership of `pointer`.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Lends the `EVP_PKEY*` for the duration of `body`; it must not escape.
    func withPointer<Result, Failure: Error>(
        _ body: (OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(pointer)
    }

    /// `EVP_PKEY_get0_type_name`, e.g. "ED25519", "RSA", "EC".
    var typeName: String {
        guard let name = EVP_PKEY_get0_type_name(pointer) else { return "unknown (NID \(EVP_PKEY_get_id(pointer)))" }
        return String(cString: name)
    }

    /// Whether this is an Ed25519 key (`EVP_PKEY_get_id`).
    var isEd25519: Bool { EVP_PKEY_get_id(pointer) == EVP_PKEY_ED25519 }

    /// `EVP_PKEY_get_raw_public_key` or `EVP_PKEY_get_raw_private_key` (32 bytes for Ed25519).
    func rawBytes(private isPrivate: Bool) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: Ed25519.keyLength)
        var length = bytes.count
        let result = isPrivate
            ? EVP_PKEY_get_raw_private_key(pointer, &bytes, &length)
            : EVP_PKEY_get_raw_public_key(pointer, &bytes, &length)
        guard result == 1, length == Ed25519.keyLength else {
            _ = LibCryptoErrorQueue.drain()
            return nil
        }
        return bytes
    }
}

/// Ed25519 through libcrypto's EVP interface.
enum OpenSSLEd25519 {
    /// A private key and its public half.
    struct PrivateKey: Sendable {
        let key: EVPKey
        /// The 32-byte seed.
        let seed: [UInt8]
        /// The 32-byte public key.
        let publicKeyBytes: [UInt8]

        /// A new random key (`EVP_PKEY_CTX_new_from_name("ED25519")`, `EVP_PKEY_generate`).
        static func generate() throws(CryptoError) -> PrivateKey {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "ED25519", nil) else {
                throw .libcrypto(.invalidKey, "libcrypto has no Ed25519 key generator; install OpenSSL 3 (libssl3)")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var generated: OpaquePointer?
            guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_generate(context, &generated) == 1, let generated else {
                throw .libcrypto(.invalidKey, "generating an Ed25519 key failed; retry, and check that libcrypto works")
            }
            return try PrivateKey(EVPKey(taking: generated))
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

    /// A public key.
    struct PublicKey: Sendable {
        let key: EVPKey
        /// The 32-byte public key.
        let bytes: [UInt8]

        /// A key from its 32 raw bytes (`EVP_PKEY_new_raw_public_key`); the caller checked the length.
        init(bytes: [UInt8]) throws(CryptoError) {
            guard let pointer = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, bytes, bytes.count) else {
                throw .libcrypto(.invalidKey, "libcrypto refused the 32-byte Ed25519 public key")
            }
            self.key = EVPKey(taking: pointer)
            self.bytes = bytes
        }

        /// A key from X.509 `SubjectPublicKeyInfo` DER (`d2i_PUBKEY`).
        init(spkiDER der: [UInt8]) throws(CryptoError) {
            let pointer: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
                var cursor = buffer.baseAddress
                let pointer = d2i_PUBKEY(nil, &cursor, buffer.count)
                guard let pointer, cursor == buffer.baseAddress.map({ $0 + buffer.count }) else {
                    EVP_PKEY_free(pointer)
                    return nil
                }
                return pointer
            }
            guard let pointer else {
                throw .libcrypto(.invalidPEM, "the PUBLIC KEY block is not SubjectPublicKeyInfo DER; export the "
                    + "public key with `openssl pkey -in key.pem -pubout -out public.pem`")
            }
            let key = EVPKey(taking: pointer)
            try OpenSSLEd25519.requireEd25519(key, what: "public")
            guard let bytes = key.rawBytes(private: false) else {
                throw .libcrypto(.invalidKey, "libcrypto could not export the Ed25519 public key bytes")
            }
            self.key = key
            self.bytes = bytes
        }

        /// Whether `signature` is valid for `message` (one-shot `EVP_DigestVerify`).
        ///
        /// Only a return of exactly 1 is success; 0 (bad signature) and negative values (errors) are false.
        /// A signature that is not 64 bytes is false without calling libcrypto.
        func verify(signature: [UInt8], message: Data) -> Bool {
            guard signature.count == Ed25519.signatureLength, let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            let result = key.withPointer { pointer in
                guard EVP_DigestVerifyInit(context, nil, nil, nil, pointer) == 1 else { return Int32(-1) }
                return withMessageBytes(message) { bytes, count in
                    EVP_DigestVerify(context, signature, signature.count, bytes, count)
                }
            }
            let accepted = OpenSSLEd25519.isVerified(result)
            if !accepted { _ = LibCryptoErrorQueue.drain() }
            return accepted
        }
    }

    /// How an `EVP_DigestVerify` return code is read: exactly 1 is success, everything else (0, -1, …) is not.
    static func isVerified(_ result: Int32) -> Bool {
        result == 1
    }

    private static func requireEd25519(_ key: EVPKey, what: String) throws(CryptoError) {
        guard key.isEd25519 else {
            _ = LibCryptoErrorQueue.drain()
            throw CryptoError(
                code: .wrongKeyType,
                message: "the \(what) key is \(key.typeName), not Ed25519; Overlay signs with Ed25519 only: create a key "
                    + "with `openssl genpkey -algorithm ed25519 -out key.pem`"
            )
        }
    }
}

/// Lends `message`'s bytes as a C pointer and count; an empty message still gets a valid (unread) pointer.
private func withMessageBytes<Result>(
    _ message: Data,
    _ body: (UnsafePointer<UInt8>, Int) -> Result
) -> Result {
    message.withUnsafeBytes { buffer in
        if let base = buffer.baseAddress, buffer.count > 0 {
            return body(base.assumingMemoryBound(to: UInt8.self), buffer.count)
        }
        var placeholder: UInt8 = 0
        return withUnsafePointer(to: &placeholder) { body($0, 0) }
    }
}
