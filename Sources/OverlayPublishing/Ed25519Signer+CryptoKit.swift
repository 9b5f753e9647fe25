// Ed25519 signing through CryptoKit, the backend on Apple platforms. Apple-only; type-checked on Linux against the
// declarations Apple documents (Tests/CryptoKitInterface) for:
//   Curve25519.Signing.PrivateKey.init(), init(rawRepresentation:), rawRepresentation, publicKey
//     developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey
//   Curve25519.Signing.PrivateKey.signature(for:)
//     developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/signature(for:)
#if canImport(CryptoKit)
import CryptoKit
import Foundation
internal import OverlayCore

/// The signer ``Ed25519PrivateKey`` uses on this platform.
typealias Ed25519SignerBackend = CryptoKitEd25519Signer

/// The CryptoKit half of ``Ed25519PrivateKey``: the seed and its public key, made into CryptoKit's key to sign.
struct CryptoKitEd25519Signer: Sendable {
    /// The 32-byte seed.
    let seed: [UInt8]
    /// The 32-byte public key.
    let publicKeyBytes: [UInt8]

    /// Apple's `signature(for:)`: "the CryptoKit implementation of the algorithm employs randomization to generate a
    /// different signature on every call, even for the same data and key". Each one verifies; the bytes differ.
    static let isDeterministic = false

    /// A new random key (`Curve25519.Signing.PrivateKey()`).
    static func generate() throws(CryptoError) -> CryptoKitEd25519Signer {
        let key = Curve25519.Signing.PrivateKey()
        return CryptoKitEd25519Signer(seed: Array(key.rawRepresentation), publicKeyBytes: Array(key.publicKey.rawRepresentation))
    }

    /// A key from its 32-byte seed; the caller checked the length.
    init(seed: [UInt8]) throws(CryptoError) {
        let key: Curve25519.Signing.PrivateKey
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: seed)
        } catch {
            throw CryptoError(code: .invalidKey, message: "CryptoKit refused the 32-byte Ed25519 seed", cause: "\(error)")
        }
        self.init(seed: seed, publicKeyBytes: Array(key.publicKey.rawRepresentation))
    }

    private init(seed: [UInt8], publicKeyBytes: [UInt8]) {
        self.seed = seed
        self.publicKeyBytes = publicKeyBytes
    }

    /// The 64-byte signature of `message`.
    func sign(_ message: Data) throws(CryptoError) -> [UInt8] {
        do {
            return Array(try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message))
        } catch {
            throw CryptoError(code: .signFailed, message: "CryptoKit could not sign; the key is broken", cause: "\(error)")
        }
    }
}
#endif
