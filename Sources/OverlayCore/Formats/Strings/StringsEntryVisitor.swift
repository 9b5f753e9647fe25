/// What ``StringsParser/walkFile(_:)`` hands each entry to, in file order.
protocol StringsEntryVisitor {
    /// The value is the key again for `key;`.
    mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) throws(StringsError)
}

/// The entries as ``StringsFile/Entry`` values, duplicates kept (the catalog loader reports them, by its mode).
struct EntryCollector: StringsEntryVisitor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var locator: SourceLocator
    private(set) var entries: [StringsFile.Entry] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        locator = SourceLocator(bytes)
        entries.reserveCapacity(bytes.count / 48)
    }

    mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) throws(StringsError) {
        entries.append(StringsFile.Entry(
            key: StringsParser.string(key, in: bytes), value: StringsParser.string(value, in: bytes),
            location: locator.location(of: keyStart)))
    }
}
