// Ed25519 verification through CryptoKit, the backend on Apple platforms (their SDKs ship no OpenSSL). Apple-only:
// compiled where `import CryptoKit` is possible; on Linux, Tests/CryptoKitInterface type-checks it against the
// declarations Apple documents for:
//   Curve25519.Signing.PublicKey.init(rawRepresentation:)
//     developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/init(rawrepresentation:)
//   Curve25519.Signing.PublicKey.isValidSignature(_:for:)
//     developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/isvalidsignature(_:for:)
#if canImport(CryptoKit)
import CryptoKit
import Foundation

typealias Ed25519Backend = CryptoKitEd25519

package enum CryptoKitEd25519 {
    /// A public key: its 32 bytes, made into CryptoKit's key for each check (that only copies them).
    package struct PublicKey: Sendable {
        let bytes: [UInt8]

        init(bytes: [UInt8]) throws(CryptoError) {
            do {
                _ = try Curve25519.Signing.PublicKey(rawRepresentation: bytes)
            } catch {
                throw CryptoError(code: .invalidKey, message: "CryptoKit refused the 32-byte Ed25519 public key",
                                  cause: "\(error)")
            }
            self.bytes = bytes
        }

        func verify(signature: [UInt8], message: Data) -> Bool {
            guard signature.count == Ed25519.signatureLength,
                  let key = try? Curve25519.Signing.PublicKey(rawRepresentation: bytes)
            else { return false }
            return key.isValidSignature(signature, for: message)
        }
    }
}
#endif
