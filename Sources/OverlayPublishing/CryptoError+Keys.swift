package import OverlayCore

/// The codes only the tools throw: reading key files and signing. No app reads a key file or signs, so they stay out
/// of the client's ``CryptoError/Code``.
extension CryptoError.Code {
    /// The text is not PEM (no armor, truncated, bad base64), or its DER content does not parse.
    package static let invalidPEM = Self(rawValue: "crypto.invalid-pem")
    /// The PEM holds another kind of object than the one asked for (a public key where a private key is
    /// expected, an encrypted key, a certificate …).
    package static let wrongPEMLabel = Self(rawValue: "crypto.wrong-pem-label")
    /// The key is well formed but not Ed25519 (RSA, EC, Ed448, X25519 …).
    package static let wrongKeyType = Self(rawValue: "crypto.wrong-key-type")
    /// Signing failed inside the crypto backend.
    package static let signFailed = Self(rawValue: "crypto.sign-failed")
}
