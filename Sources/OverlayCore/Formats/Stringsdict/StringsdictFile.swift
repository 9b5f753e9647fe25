/// A `.stringsdict` table as read from disk: entries in file order with their locations, and warnings.
public struct StringsdictFile: Sendable, Equatable {
    /// One lookup key, its entry, and where the key starts.
    public struct Entry: Sendable, Equatable {
        /// The lookup key.
        public var key: String
        /// The checked entry.
        public var entry: StringsdictEntry
        /// Where the `<key>` starts; nil for a binary property list.
        public var location: SourceLocation?

        /// Creates an entry.
        public init(key: String, entry: StringsdictEntry, location: SourceLocation?) {
            self.key = key
            self.entry = entry
            self.location = location
        }
    }

    /// Entries in file order (keys are unique: duplicates are rejected).
    public var entries: [Entry]
    /// Problems that do not reject the table, e.g. `stringsdict.variant-type-mismatch`.
    public var warnings: [Finding]

    /// Creates a file.
    public init(entries: [Entry], warnings: [Finding] = []) {
        self.entries = entries
        self.warnings = warnings
    }

    /// Key → entry.
    public var dictionary: [String: StringsdictEntry] {
        Dictionary(entries.map { ($0.key, $0.entry) }, uniquingKeysWith: { _, last in last })
    }
}
