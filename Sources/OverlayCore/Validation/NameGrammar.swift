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
        guard let first = text.utf8.first, isLetter(first) || isDigit(first), text.utf8.count <= maxAppVersionBytes
        else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == dot || $0 == underscore || $0 == plus || $0 == minus }
    }

    package static func isModuleName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, first != dot, first != minus, text.utf8.count <= maxModuleNameBytes else {
            return false
        }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == underscore || $0 == dot || $0 == minus }
    }

    package static func isLocaleName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLetter(first), text.utf8.count <= maxLocaleBytes else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == minus || $0 == underscore }
    }

    package static func isTableName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || isDigit(first), text.utf8.count <= maxTableNameBytes else {
            return false
        }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == underscore || $0 == minus || $0 == dot || $0 == plus }
    }

    private static let dot = UInt8(ascii: ".")
    private static let underscore = UInt8(ascii: "_")
    private static let plus = UInt8(ascii: "+")
    private static let minus = UInt8(ascii: "-")

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
