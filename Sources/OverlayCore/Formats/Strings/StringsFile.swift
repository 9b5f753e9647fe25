/// One `.strings` table as read, entries in file order; duplicates are kept, so that strict readers can report them
/// and lenient ones let the last one win, as Apple does.
package struct StringsFile: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var key: String
        package var value: String
        package var location: SourceLocation
    }

    package enum Encoding: String, Sendable, Equatable {
        case utf8, utf8WithBOM, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian
        case xmlPropertyList, binaryPropertyList
    }

    package var entries: [Entry]
    package var encoding: Encoding = .utf8
    /// Lint warnings (lowercase `\u`, high octal escapes, …), in file order.
    package var warnings: [StringsWarning] = []

    /// Key → value, the last duplicate winning (Apple's run-time behaviour).
    package var dictionary: [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.key] = entry.value }
        return result
    }
}
