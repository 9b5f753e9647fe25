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

    /// Parses `from to` lines; the first occurrence of a key wins. Splits UTF-8 bytes, not Characters: these
    /// tables are parsed on the way to an app's first lookup, and grapheme breaking made this 3.5 ms of it.
    static func pairs(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var text = text
        text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                var fields: [Range<Int>] = []
                var index = lineStart
                while index < lineEnd {
                    while index < lineEnd, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    let start = index
                    while index < lineEnd, bytes[index] != UInt8(ascii: " ") { index += 1 }
                    if start < index { fields.append(start..<index) }
                }
                if fields.count == 2 {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[0]]), as: UTF8.self)
                    if result[key] == nil {
                        result[key] = String(decoding: UnsafeBufferPointer(rebasing: bytes[fields[1]]), as: UTF8.self)
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        return result
    }
}
