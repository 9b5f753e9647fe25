/// The generated CLDR and CF tables, searched in place (sorted, each key once: `CLDRLocaleTablesTests` checks it).
enum CLDRLocaleTables {
    /// parentLocales, e.g. `en-IN` → `en-001`, `zh-Hant` → `root`.
    static let parents = SortedPairs(CLDRLocaleData.parentLocales)
    /// likelySubtags, e.g. `zh-TW` → `zh-Hant-TW`.
    static let likelySubtags = SortedPairs(CLDRLocaleData.likelySubtags)
    /// Bare-language aliases, e.g. `iw` → `he`, `sh` → `sr-Latn`.
    static let languageAliases = SortedPairs(CLDRLocaleData.languageAliases)
    /// Legacy lproj names, e.g. `English` → `en`.
    static let legacyNames = SortedPairs(LegacyLocalizationNames.table)
}

/// `key value` lines sorted by key bytes, bisected in place: building dictionaries of them was most of a cold
/// launch's locale work. Only the generated tables use it.
struct SortedPairs: Sendable {
    private let text: String

    init(_ source: String) {
        var text = source
        text.makeContiguousUTF8()
        self.text = text
    }

    subscript(key: String) -> String? {
        var key = key
        return key.withUTF8 { wanted in
            text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
                Self.bisect(bytes, for: wanted).map {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
                }
            } ?? nil
        }
    }

    /// Bisects whole lines, each `key value` with one space (`CLDRLocaleTablesTests` holds the generator to it).
    private static func bisect(_ bytes: UnsafeBufferPointer<UInt8>, for wanted: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let newline = UInt8(ascii: "\n")
        var low = 0
        var high = bytes.count
        while low < high {
            var start = (low + high) / 2
            while start > low, bytes[start - 1] != newline { start -= 1 }
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            let space = bytes[start..<end].firstIndex(of: UInt8(ascii: " ")) ?? end
            let candidate = UnsafeBufferPointer(rebasing: bytes[start..<space])
            if candidate.elementsEqual(wanted) { return space < end ? space + 1..<end : nil }
            if candidate.lexicographicallyPrecedes(wanted) { low = end + 1 } else { high = start }
        }
        return nil
    }
}
