// SHA-256 through CryptoKit on Apple platforms. Apple-only; type-checked on Linux against the declarations Apple
// documents (Tests/CryptoKitInterface) for:
//   SHA256.init(), SHA256.update(bufferPointer:), SHA256.finalize()
//     developer.apple.com/documentation/cryptokit/sha256
//   SHA256Digest, a Sequence of UInt8 (the Digest protocol)
//     developer.apple.com/documentation/cryptokit/digest
#if canImport(CryptoKit)
import CryptoKit

struct SHA256Context {
    // Module-qualified: this module's own `SHA256` wraps this context.
    private var hasher = CryptoKit.SHA256()

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: buffer)
    }

    func finalize() -> SHA256Digest {
        SHA256Digest(bytes: Array(hasher.finalize()))
    }
}
#endif
