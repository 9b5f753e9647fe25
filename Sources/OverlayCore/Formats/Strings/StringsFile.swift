/// The contents of one `.strings` table as read from disk, entries in file order.
///
/// Duplicates are kept in `entries` so that strict readers (`check`, `publish`) can report them and
/// lenient readers (a shipped catalog at run time) can let the last one win, as Apple does.
package struct StringsFile: Sendable, Equatable {
    /// One `key = value;` pair and where its key starts.
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: String
        package var location: SourceLocation

        package init(key: String, value: String, location: SourceLocation) {
            self.key = key
            self.value = value
            self.location = location
        }
    }

    /// How the bytes were stored.
    package enum Encoding: String, Sendable, Equatable {
        case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian
        case xmlPropertyList, binaryPropertyList
    }

    package var entries: [Entry]
    package var encoding: Encoding
    /// Lint warnings found while reading (lowercase `\u`, high octal escapes, …), in file order.
    package var warnings: [StringsWarning]

    package init(entries: [Entry], encoding: Encoding = .utf8, warnings: [StringsWarning] = []) {
        self.entries = entries
        self.encoding = encoding
        self.warnings = warnings
    }

    /// Key → value, the last duplicate winning (Apple's run-time behaviour).
    package var dictionary: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }

    /// Entries whose key already appeared earlier in the file.
    package var duplicates: [Entry] {
        var seen = Set<String>()
        return entries.filter { !seen.insert($0.key).inserted }
    }
}
