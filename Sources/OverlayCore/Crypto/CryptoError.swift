/// Why a key could not be read, created or used, or why a trust configuration was refused.
///
/// ```swift
/// do { _ = try Ed25519PrivateKey(pem: text) }
/// catch { print(error.code, error.message, error.cause ?? "") }
/// ```
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable error kind.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// The text is not PEM (no armor, truncated, bad base64), or its DER content does not parse.
        public static let invalidPEM = Code(rawValue: "crypto.invalid-pem")
        /// The PEM holds another kind of object than the one asked for (a public key where a private key is
        /// expected, an encrypted key, a certificate …).
        public static let wrongPEMLabel = Code(rawValue: "crypto.wrong-pem-label")
        /// The key is well formed but not Ed25519 (RSA, EC, Ed448, X25519 …).
        public static let wrongKeyType = Code(rawValue: "crypto.wrong-key-type")
        /// A raw key is not exactly 32 bytes.
        public static let invalidKeyLength = Code(rawValue: "crypto.invalid-key-length")
        /// The crypto backend (libcrypto, CryptoKit) refused raw key bytes or failed to generate a key, or a key file's
        /// two halves do not belong together.
        public static let invalidKey = Code(rawValue: "crypto.invalid-key")
        /// Signing failed inside the crypto backend.
        public static let signFailed = Code(rawValue: "crypto.sign-failed")
        /// A signature threshold below 1.
        public static let invalidThreshold = Code(rawValue: "crypto.invalid-threshold")

        public var description: String { rawValue }
    }

    public var code: Code
    /// What is wrong and how to fix it.
    public var message: String
    /// The underlying reason, when there is one: libcrypto's queued errors (`ERR_error_string_n`), CryptoKit's error,
    /// or where the DER reader stopped in a key file.
    public var cause: String?

    public init(code: Code, message: String, cause: String? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// `code: message (cause)`.
    public var description: String {
        if let cause { "\(code): \(message) (\(cause))" } else { "\(code): \(message)" }
    }
}
