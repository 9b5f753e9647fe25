// SHA-256 through CryptoKit on Apple platforms. Apple-only; type-checked on Linux against the declarations Apple
// documents (Tests/CryptoKitInterface) for:
//   SHA256.init(), SHA256.update(bufferPointer:), SHA256.finalize()
//     developer.apple.com/documentation/cryptokit/sha256
//   SHA256Digest, a Sequence of UInt8 (the Digest protocol)
//     developer.apple.com/documentation/cryptokit/digest
#if canImport(CryptoKit)
import CryptoKit

package struct SHA256: ~Copyable {
    // Module-qualified: this module's own `SHA256` is this type.
    private var hasher = CryptoKit.SHA256()

    package init() {}

    mutating func update(buffer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: buffer)
    }

    package consuming func finalize() -> SHA256Digest {
        SHA256Digest(bytes: Array(hasher.finalize()))
    }
}
#endif
