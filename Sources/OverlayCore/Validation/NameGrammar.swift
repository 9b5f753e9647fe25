/// The one grammar for the names an origin, a module archive and a store are built from: app versions, module
/// names, locale (`.lproj`) names and table names.
///
/// Every name becomes a path component somewhere — `<origin>/<app-version>/`, `modules/<Module>-<hex>.zip`,
/// `<lang>.lproj/<Table>.strings`, the store's `modules/<Module>/` — so each is plain ASCII that cannot be `.`, `..`,
/// empty, hold a separator or a control character, or start with `-` (an option on a command line). The client
/// checks (manifest and header decoding, the archive layout, the store) and the publisher call the same functions,
/// so `overlay publish` can never write a name a client refuses.
///
/// ```swift
/// NameGrammar.isAppVersion("2.3.1-beta+45")   // true
/// NameGrammar.isModuleName("My Mod")          // false: a space
/// NameGrammar.isLocaleName("fr-CA")           // true
/// ```
package enum NameGrammar {
    /// Longest app version, in bytes.
    package static let maxAppVersionBytes = 64
    /// Longest module name, in bytes.
    package static let maxModuleNameBytes = 128
    /// Longest locale name (the part of `<lang>.lproj` before `.lproj`), in bytes.
    package static let maxLocaleBytes = 35
    /// Longest table name, in bytes.
    package static let maxTableNameBytes = 128

    /// What ``isAppVersion(_:)`` accepts, for messages.
    package static let appVersionRule =
        "1–64 ASCII letters, digits and . _ + -, starting with a letter or digit (e.g. 2.3.1 or 2.3.1-beta+45)"
    /// What ``isModuleName(_:)`` accepts, for messages.
    package static let moduleNameRule = "1–128 ASCII letters, digits and _ . -, not starting with . or -"
    /// What ``isLocaleName(_:)`` accepts, for messages.
    package static let localeNameRule =
        "Base, or an ASCII letter then up to 34 letters, digits, - and _ (e.g. fr-CA, zh-Hans, pt_BR)"
    /// What ``isTableName(_:)`` accepts, for messages.
    package static let tableNameRule = "1–128 ASCII letters, digits and _ - . +, starting with a letter or digit"

    /// An app version: the `<app-version>` folder of an origin and the binding of a manifest.
    package static func isAppVersion(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || isDigit(first), text.utf8.count <= maxAppVersionBytes
        else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == dot || $0 == underscore || $0 == plus || $0 == minus }
    }

    /// A module name: a catalog folder, an archive name prefix and a store folder.
    package static func isModuleName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, first != dot, first != minus, text.utf8.count <= maxModuleNameBytes else {
            return false
        }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == underscore || $0 == dot || $0 == minus }
    }

    /// A locale name as it appears before `.lproj` in an archive: `Base` or a BCP 47-style tag.
    package static func isLocaleName(_ text: some StringProtocol) -> Bool {
        guard let first = text.utf8.first, isLetter(first), text.utf8.count <= maxLocaleBytes else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == minus || $0 == underscore }
    }

    /// A table name: `<Table>.strings` and `<Table>.stringsdict`.
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
