/// Lookup tables over the generated CLDR and CF string data, searched in place.
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
    private let entries: [Entry]

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
                var fields: (Int, Int, Int, Int) = (0, 0, 0, 0)
                var count = 0
                var index = lineStart
                while index < lineEnd {
                    while index < lineEnd, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    let start = index
                    while index < lineEnd, bytes[index] != UInt8(ascii: " ") { index += 1 }
                    guard start < index else { continue }
                    if count == 0 { fields.0 = start; fields.1 = index } else if count == 1 { fields.2 = start; fields.3 = index }
                    count += 1
                }
                if count == 2 {
                    let entry = Entry(keyStart: Int32(fields.0), keyEnd: Int32(fields.1),
                                      valueStart: Int32(fields.2), valueEnd: Int32(fields.3))
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

    /// The value of `key`, if the table has it.
    subscript(key: String) -> String? {
        var key = key
        return key.withUTF8 { wanted in
            text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
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
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var result: [String: String] = [:]
            for entry in entries {
                result[String(decoding: Self.key(entry, bytes), as: UTF8.self)] = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[Int(entry.valueStart)..<Int(entry.valueEnd)]), as: UTF8.self)
            }
            return result
        } ?? [:]
    }

    /// How many keys the table has.
    var count: Int { entries.count }
    /// Whether the text's lines came sorted by key bytes, each key once (the generator's promise; the tests check it).
    let isPresorted: Bool

    private static func key(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[Int(entry.keyStart)..<Int(entry.keyEnd)])
    }

    private static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.lexicographicallyPrecedes(b)
    }
}
