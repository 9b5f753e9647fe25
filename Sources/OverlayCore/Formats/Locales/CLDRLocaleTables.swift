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

    /// A line that is not two fields (never in generated text) makes that stretch be scanned line by line.
    private static func bisect(_ bytes: UnsafeBufferPointer<UInt8>, for wanted: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let newline = UInt8(ascii: "\n")
        var low = 0
        var high = bytes.count
        while low < high {
            var start = (low + high) / 2
            while start > low, bytes[start - 1] != newline { start -= 1 }
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            guard let (key, value) = fields(bytes, start, end) else { return scan(bytes, low..<high, for: wanted) }
            let candidate = UnsafeBufferPointer(rebasing: bytes[key])
            if candidate.elementsEqual(wanted) { return value }
            if candidate.lexicographicallyPrecedes(wanted) { low = end + 1 } else { high = start }
        }
        return nil
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, for wanted: UnsafeBufferPointer<UInt8>
    ) -> Range<Int>? {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if let (key, value) = fields(bytes, start, end), UnsafeBufferPointer(rebasing: bytes[key]).elementsEqual(wanted) {
                return value
            }
            start = end + 1
        }
        return nil
    }

    /// Nil unless the line holds exactly two space-separated fields.
    private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Range<Int>, Range<Int>)? {
        var key = 0..<0
        var value = 0..<0
        var count = 0
        var index = start
        while index < end {
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let fieldStart = index
            while index < end, bytes[index] != UInt8(ascii: " ") { index += 1 }
            guard fieldStart < index else { continue }
            count += 1
            if count == 1 { key = fieldStart..<index } else if count == 2 { value = fieldStart..<index } else { return nil }
        }
        return count == 2 ? (key, value) : nil
    }
}
