// SHA-256 through libcrypto: the backend wherever CryptoKit is not.
#if !canImport(CryptoKit)
internal import CLibCrypto

/// Owns an `EVP_MD_CTX`, freed in `deinit`; noncopyable, so no two hashers share one.
package struct SHA256: ~Copyable {
    private let context: OpaquePointer

    package init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
        // EVP_DigestInit_ex only fails on allocation failure or a disabled algorithm; SHA-256 is always present.
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { fatalError("EVP_DigestInit_ex(SHA-256) failed") }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    mutating func update(buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        guard EVP_DigestUpdate(context, base, buffer.count) == 1 else { fatalError("EVP_DigestUpdate failed") }
    }

    package consuming func finalize() -> SHA256Digest {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1, length == 32 else {
            fatalError("EVP_DigestFinal_ex failed")
        }
        return SHA256Digest(bytes: output)
    }
}
#endif
