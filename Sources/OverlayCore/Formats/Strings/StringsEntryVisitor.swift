/// What ``StringsParser/walkFile(_:)`` hands each entry to, in file order.
protocol StringsEntryVisitor {
    /// The value is the key again for `key;`.
    mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) throws(StringsError)
}

/// The entries as ``StringsFile/Entry`` values; with `rejectingDuplicates` a repeated key is an error naming both.
struct EntryCollector: StringsEntryVisitor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let rejectingDuplicates: Bool
    private var locator: SourceLocator
    private var firstLocations: [String: SourceLocation] = [:]
    private(set) var entries: [StringsFile.Entry] = []

    init(bytes: UnsafeBufferPointer<UInt8>, rejectingDuplicates: Bool) {
        self.bytes = bytes
        self.rejectingDuplicates = rejectingDuplicates
        locator = SourceLocator(bytes)
        entries.reserveCapacity(bytes.count / 48)
    }

    mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) throws(StringsError) {
        let key = StringsParser.string(key, in: bytes)
        let location = locator.location(of: keyStart)
        if rejectingDuplicates {
            if let first = firstLocations[key] {
                throw StringsError(code: .duplicateKey,
                    message: "the key \(StringsParser.quoted(key)) is already defined on line \(first.line); remove or rename one of them",
                    location: location)
            }
            firstLocations[key] = location
        }
        entries.append(StringsFile.Entry(key: key, value: StringsParser.string(value, in: bytes), location: location))
    }
}
