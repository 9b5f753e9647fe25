/// Lookup tables over the generated CLDR and CF string data, searched in place: the generator writes them sorted,
/// each key once (`CLDRLocaleTablesTests` checks it), so no launch scans or indexes them first.
enum CLDRLocaleTables {
    /// parentLocales, e.g. `en-IN` → `en-001`, `zh-Hant` → `root`.
    static let parents = SortedPairs.inPlace(CLDRLocaleData.parentLocales)
    /// likelySubtags, e.g. `zh-TW` → `zh-Hant-TW`.
    static let likelySubtags = SortedPairs.inPlace(CLDRLocaleData.likelySubtags)
    /// Bare-language aliases, e.g. `iw` → `he`, `sh` → `sr-Latn`.
    static let languageAliases = SortedPairs.inPlace(CLDRLocaleData.languageAliases)
    /// Legacy lproj names, e.g. `English` → `en`.
    static let legacyNames = SortedPairs.inPlace(LegacyLocalizationNames.table)
}

/// `from to` lines, looked up by binary search over the text's own bytes: these tables are read on the way to an
/// app's first lookup, and building dictionaries of them was most of a cold launch's locale work.
///
/// The first occurrence of a key wins. The generator writes lines sorted by key bytes, each key once; any other
/// text is sorted here, once, so a hand-edited table still reads correctly.
struct SortedPairs: Sendable {
    private struct Entry: Sendable {
        var keyStart: Int32
        var keyEnd: Int32
        var valueStart: Int32
        var valueEnd: Int32
    }

    private let text: String
    /// nil for ``inPlace(_:)``: lines are then found by bisecting the text itself.
    private let entries: [Entry]?

    init(_ source: String) {
        var text = source
        text.makeContiguousUTF8()
        self.text = text
        var entries: [Entry] = []
        var isSorted = true
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                // The line's fields: exactly two, separated by spaces, or the line is skipped.
                if let (key, value) = Self.fields(bytes, lineStart, lineEnd) {
                    let entry = Entry(keyStart: Int32(key.lowerBound), keyEnd: Int32(key.upperBound),
                                      valueStart: Int32(value.lowerBound), valueEnd: Int32(value.upperBound))
                    if let last = entries.last, !Self.precedes(Self.key(last, bytes), Self.key(entry, bytes)) {
                        isSorted = false
                    }
                    entries.append(entry)
                }
                lineStart = lineEnd + 1
            }
            if !isSorted {
                // Stable by key, then the first of equal keys kept.
                let ordered = entries.enumerated().sorted { lhs, rhs in
                    let (a, b) = (Self.key(lhs.element, bytes), Self.key(rhs.element, bytes))
                    return Self.precedes(a, b) || (!Self.precedes(b, a) && lhs.offset < rhs.offset)
                }.map(\.element)
                entries = []
                for entry in ordered {
                    if let last = entries.last, Self.key(last, bytes).elementsEqual(Self.key(entry, bytes)) { continue }
                    entries.append(entry)
                }
            }
        }
        self.entries = entries
        self.isPresorted = isSorted
    }

    /// A table over text the generator wrote sorted by key bytes, each key once: nothing is scanned up front, a
    /// lookup bisects the text's lines (about 13 lines read for 8,000). Text that breaks the promise reads wrong,
    /// so only the generated tables use it, and the tests hold them to it.
    static func inPlace(_ source: String) -> SortedPairs {
        SortedPairs(inPlace: source)
    }

    private init(inPlace source: String) {
        var text = source
        text.makeContiguousUTF8()
        self.text = text
        self.entries = nil
        self.isPresorted = true
    }

    /// The value of `key`, if the table has it.
    subscript(key: String) -> String? {
        var key = key
        return key.withUTF8 { wanted in
            text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
                guard let entries else {
                    return Self.bisect(bytes, for: wanted).map {
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
                    }
                }
                var low = 0
                var high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    let candidate = Self.key(entries[middle], bytes)
                    if Self.precedes(candidate, UnsafeBufferPointer(rebasing: wanted[...])) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                guard low < entries.count, Self.key(entries[low], bytes).elementsEqual(wanted) else { return nil }
                let entry = entries[low]
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.valueStart)..<Int(entry.valueEnd)]),
                              as: UTF8.self)
            } ?? nil
        }
    }

    /// Every pair (for the tests, which compare the table with a plain parse).
    var dictionary: [String: String] {
        let entries = entries ?? SortedPairs(text).entries ?? []
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            var result: [String: String] = [:]
            for entry in entries {
                result[String(decoding: Self.key(entry, bytes), as: UTF8.self)] = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.valueStart)..<Int(entry.valueEnd)]), as: UTF8.self)
            }
            return result
        } ?? [:]
    }

    /// How many keys the table has.
    var count: Int { (entries ?? SortedPairs(text).entries ?? []).count }
    /// Whether the text's lines came sorted by key bytes, each key once (the generator's promise; the tests check it).
    let isPresorted: Bool

    /// The value's byte range for `wanted`, bisecting whole lines of sorted text; a line that is not two fields
    /// (never in generated text) makes that stretch be scanned line by line instead.
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
            if precedes(candidate, wanted) { low = end + 1 } else { high = start }
        }
        return nil
    }

    /// Line by line through `range`: the first line whose key is `wanted`.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, for wanted: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
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

    /// The key's and the value's ranges when the line holds exactly two space-separated fields.
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

    private static func key(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)])
    }

    private static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.lexicographicallyPrecedes(b)
    }
}
