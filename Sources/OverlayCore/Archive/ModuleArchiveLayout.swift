/// The entries a module archive may hold (DESIGN.md "Module archive"): `overlay-module.json`,
/// `Info.plist`, and `<lang>.lproj/<Table>.strings|.stringsdict` (plus the `<lang>.lproj/` folders).
///
/// ```swift
/// let archive = try ZIPArchive(data: bytes)
/// try ModuleArchiveLayout.validate(archive)   // zip.unexpected-entry on anything else
/// ```
public enum ModuleArchiveLayout {
    /// Whether `name` is allowed in a module archive.
    public static func isAllowed(_ name: String) -> Bool {
        if name == "overlay-module.json" || name == "Info.plist" { return true }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasSuffix(".lproj") else { return false }
        let language = parts[0].dropLast(".lproj".count)
        guard isLanguage(language) else { return false }
        if parts[1].isEmpty { return true }  // the folder itself
        for suffix in [".strings", ".stringsdict"] where parts[1].hasSuffix(suffix) {
            return isTableName(parts[1].dropLast(suffix.count))
        }
        return false
    }

    /// Rejects `archive` when one of its entries is not allowed.
    /// - Throws: ``ZIPError`` with `.unexpectedEntry` naming the entry.
    public static func validate(_ archive: ZIPArchive) throws(ZIPError) {
        for entry in archive.entries where !isAllowed(entry.name) {
            throw ZIPError(code: .unexpectedEntry, message: "entry \(entry.name.debugDescription) does not belong in a module archive (only overlay-module.json, Info.plist and <lang>.lproj/<Table>.strings|stringsdict); remove it", entryName: entry.name)
        }
    }

    /// `Base` or a BCP 47-style tag of ASCII letters, digits, `-` and `_` (`en`, `fr-CA`, `zh-Hans`, `pt_BR`).
    private static func isLanguage(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first), text.utf8.count <= 35 else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// A table name: an ASCII letter or digit first, then letters, digits, `_`, `-`, `.` or `+`.
    private static func isTableName(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) || isDigit(first), text.utf8.count <= 128 else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "+")].contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
