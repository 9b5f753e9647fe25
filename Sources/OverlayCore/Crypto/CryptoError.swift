/// Why a key could not be read, created or used, or why a trust configuration was refused.
///
/// ```swift
/// do { _ = try Ed25519PrivateKey(pem: text) }
/// catch { print(error.code, error.message, error.cause ?? "") }
/// ```
public struct CryptoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable error kind. The codes here are the ones a device can meet; the tools' key-file
    /// and signing codes are declared in OverlayPublishing.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// A raw key is not exactly 32 bytes.
        public static let invalidKeyLength = Code(rawValue: "crypto.invalid-key-length")
        /// The crypto backend (libcrypto, CryptoKit) refused raw key bytes or failed to generate a key, or a key file's
        /// two halves do not belong together.
        public static let invalidKey = Code(rawValue: "crypto.invalid-key")
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
