/// The one grammar for app versions, module, locale (`.lproj`) and table names. Each becomes a path component, so each
/// is plain ASCII that cannot be `.`, `..`, empty, hold a separator or control character, or start with `-`. Client
/// and publisher call the same functions, so `overlay publish` never writes a name a client refuses.
package enum NameGrammar {
    /// In bytes.
    package static let maxAppVersionBytes = 64
    package static let maxModuleNameBytes = 128
    package static let maxLocaleBytes = 35
    package static let maxTableNameBytes = 128

    /// What each check accepts, for messages.
    package static let appVersionRule =
        "1–64 ASCII letters, digits and . _ + -, starting with a letter or digit (e.g. 2.3.1 or 2.3.1-beta+45)"
    package static let moduleNameRule = "1–128 ASCII letters, digits and _ . -, not starting with . or -"

    package static func isAppVersion(_ text: some StringProtocol) -> Bool {
        matches(text, maxBytes: maxAppVersionBytes, punctuation: "._+-") { isLetter($0) || isDigit($0) }
    }

    package static func isModuleName(_ text: some StringProtocol) -> Bool {
        matches(text, maxBytes: maxModuleNameBytes, punctuation: "_.-") { !"-.".utf8.contains($0) }
    }

    package static func isLocaleName(_ text: some StringProtocol) -> Bool {
        matches(text, maxBytes: maxLocaleBytes, punctuation: "-_", first: isLetter)
    }

    package static func isTableName(_ text: some StringProtocol) -> Bool {
        matches(text, maxBytes: maxTableNameBytes, punctuation: "_-.+") { isLetter($0) || isDigit($0) }
    }

    /// 1…`maxBytes` ASCII letters, digits and `punctuation`, the first byte also passing `first`.
    private static func matches(
        _ text: some StringProtocol, maxBytes: Int, punctuation: StaticString, first: (UInt8) -> Bool
    ) -> Bool {
        guard let head = text.utf8.first, first(head), text.utf8.count <= maxBytes else { return false }
        return text.utf8.allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || punctuation.withUTF8Buffer { $0.contains(byte) }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
