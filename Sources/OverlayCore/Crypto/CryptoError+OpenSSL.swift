#if !canImport(CryptoKit)
internal import CLibCrypto

extension CryptoError {
    /// An error whose cause is everything queued in libcrypto's (thread-local) error queue, which this empties.
    package static func libcrypto(_ code: Code, _ message: String) -> CryptoError {
        CryptoError(code: code, message: message, cause: LibCryptoErrorQueue.drain().map { "libcrypto: \($0)" })
    }
}

/// libcrypto's per-thread error queue (`ERR_get_error`, `ERR_error_string_n`).
package enum LibCryptoErrorQueue {
    /// Pops every queued error, oldest first, so a failure never leaks stale errors into the next call.
    package static func drain() -> String? {
        var messages: [String] = []
        while true {
            let error = ERR_get_error()
            guard error != 0 else { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(error, &buffer, buffer.count)
            messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return messages.isEmpty ? nil : messages.joined(separator: "; ")
    }
}
#endif
