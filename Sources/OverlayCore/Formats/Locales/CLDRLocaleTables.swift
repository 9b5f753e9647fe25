/// Lookup tables parsed once, on first use, from the generated CLDR and CF string data.
enum CLDRLocaleTables {
    /// parentLocales, e.g. `en-IN` → `en-001`, `zh-Hant` → `root`.
    static let parents: [String: String] = pairs(CLDRLocaleData.parentLocales)
    /// likelySubtags, e.g. `zh-TW` → `zh-Hant-TW`.
    static let likelySubtags: [String: String] = pairs(CLDRLocaleData.likelySubtags)
    /// Bare-language aliases, e.g. `iw` → `he`, `sh` → `sr-Latn`.
    static let languageAliases: [String: String] = pairs(CLDRLocaleData.languageAliases)
    /// Legacy lproj names, e.g. `English` → `en`.
    static let legacyNames: [String: String] = pairs(LegacyLocalizationNames.table)

    /// Parses `from to` lines; the first occurrence of a key wins.
    static func pairs(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { continue }
            let key = String(fields[0])
            if result[key] == nil { result[key] = String(fields[1]) }
        }
        return result
    }
}
