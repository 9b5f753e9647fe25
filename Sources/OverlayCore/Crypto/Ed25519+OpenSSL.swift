// Ed25519 through OpenSSL's libcrypto: the backend wherever CryptoKit is not (Package.swift links CLibCrypto on those
// platforms only). Key files are read by OverlayPublishing's own DER code, not here.
#if !canImport(CryptoKit)
package import Foundation
internal import CLibCrypto

typealias Ed25519Backend = OpenSSLEd25519

/// Owns one `EVP_PKEY`, freed in `deinit`.
///
/// `@unchecked Sendable` is safe: the key is fully built before this object exists and never modified
/// afterwards; every operation creates its own `EVP_MD_CTX`, and OpenSSL 3 allows an `EVP_PKEY` to be read
/// from several threads at once (openssl-threads(7); its internal caches take their own lock).
package final class EVPKey: @unchecked Sendable {
    private let pointer: OpaquePointer

    package init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    /// Lends the `EVP_PKEY*` for the duration of `body`; it must not escape.
    package func withPointer<Result, Failure: Error>(
        _ body: (OpaquePointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(pointer)
    }
}

/// Ed25519 through libcrypto's EVP interface.
package enum OpenSSLEd25519 {
    package struct PublicKey: Sendable {
        let key: EVPKey

        /// A key from its 32 raw bytes (`EVP_PKEY_new_raw_public_key`); the caller checked the length.
        init(bytes: [UInt8]) throws(CryptoError) {
            guard let pointer = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, bytes, bytes.count) else {
                throw .libcrypto(.invalidKey, "libcrypto refused the 32-byte Ed25519 public key")
            }
            self.key = EVPKey(taking: pointer)
        }

        /// One-shot `EVP_DigestVerify`; a signature that is not 64 bytes is false without calling libcrypto.
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

    /// Exactly 1 is success: 0 is a bad signature, -1 an error.
    package static func isVerified(_ result: Int32) -> Bool {
        result == 1
    }
}

/// Lends `message`'s bytes as a C pointer and count; an empty message still gets a valid (unread) pointer.
package func withMessageBytes<Result>(
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
#endif
