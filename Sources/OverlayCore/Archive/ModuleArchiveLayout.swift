/// The entries a module archive may hold (DESIGN.md "Module archive"): `overlay-module.json`,
/// `Info.plist`, and `<lang>.lproj/<Table>.strings|.stringsdict` (plus the `<lang>.lproj/` folders), with locale and
/// table names from ``NameGrammar``, the grammar the publisher writes.
package enum ModuleArchiveLayout {
    package static func isAllowed(_ name: String) -> Bool {
        if name == "overlay-module.json" || name == "Info.plist" { return true }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasSuffix(".lproj") else { return false }
        let language = parts[0].dropLast(".lproj".count)
        guard NameGrammar.isLocaleName(language) else { return false }
        if parts[1].isEmpty { return true }  // the folder itself
        for suffix in [".strings", ".stringsdict"] where parts[1].hasSuffix(suffix) {
            return NameGrammar.isTableName(parts[1].dropLast(suffix.count))
        }
        return false
    }

    package static func validate(_ archive: ZIPArchive) throws(ZIPError) {
        for entry in archive.entries where !isAllowed(entry.name) {
            throw ZIPError(code: .unexpectedEntry, message: "entry \(entry.name.debugDescription) does not belong in a module archive (only overlay-module.json, Info.plist and <lang>.lproj/<Table>.strings|stringsdict); remove it", entryName: entry.name)
        }
    }
}
