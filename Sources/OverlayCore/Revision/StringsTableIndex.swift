import Foundation

/// One `.strings` table's compiled index, a part of the revision's index file (``RevisionIndex``, docs/FORMATS.md §8):
/// the table's entries in file order as the grammar walk finds them (``StringsParser/walkFile(_:)``), duplicates kept
/// (the last one is the table's value), each read from the index when asked for. The resolver reads every overlay
/// table through one: the store's when it fits its table, else one compiled from a scan.
struct StringsTableIndex: RandomAccessCollection, Sendable {
    typealias Indices = Range<Int>

    /// Key and value as ranges of the table's text (after a BOM) or of the index's decoded text.
    struct Entry: Sendable {
        var key: StringsParser.Span
        var value: StringsParser.Span
    }

    private static let magic = Array("OVLYIDX1".utf8)
    private static let headerSize = 8 + 8 + 4 + 4 + 4
    private static let decodedFlag: UInt32 = 1 << 31

    // MARK: Writing

    /// The index of the table `data`, or nil when ``StringsReader`` rejects it or it is 2 GiB or more.
    static func encode(_ data: Data) -> Data? {
        guard data.count < Int(decodedFlag), let scanned = scan(data) else { return nil }
        var decoded: [UInt8] = []
        var ranges: [UInt32] = []
        ranges.reserveCapacity(scanned.entries.count * 4)
        func append(_ text: StringsParser.Span) {
            switch text {
            case .bytes(let start, let end):
                ranges.append(UInt32(start))
                ranges.append(UInt32(end))
            case .decoded(let string):
                ranges.append(UInt32(decoded.count) | decodedFlag)
                decoded.append(contentsOf: string.utf8)
                ranges.append(UInt32(decoded.count) | decodedFlag)
            }
        }
        for entry in scanned.entries {
            append(entry.key)
            append(entry.value)
        }
        guard decoded.count < Int(decodedFlag) else { return nil }
        var out = magic
        out.reserveCapacity(headerSize + ranges.count * 4 + decoded.count)
        out.appendLittleEndian(UInt64(data.count))
        out.appendLittleEndian(UInt32(scanned.textStart))
        out.appendLittleEndian(UInt32(scanned.entries.count))
        out.appendLittleEndian(UInt32(decoded.count))
        for value in ranges { out.appendLittleEndian(value) }
        out.append(contentsOf: decoded)
        return Data(out)
    }

    /// UTF-8 old-style text is walked by the parser and kept as ranges; anything else (UTF-16 or UTF-32, a property
    /// list) is read by ``StringsReader`` itself, every key and value decoded.
    private static func scan(_ data: Data) -> (entries: [Entry], textStart: Int)? {
        let walked = data.withUnsafeBytes { raw -> (entries: [Entry], textStart: Int)?? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard !bytes.isEmpty, case .utf8(let bomLength) = StringsTextDecoding.detect(bytes),
                StringsTextDecoding.firstInvalidUTF8Offset(bytes, from: bomLength) == nil
            else { return .some(nil) }
            let text = UnsafeBufferPointer(rebasing: bytes[bomLength...])
            guard !startsWithMarkup(text) else { return .some(nil) }
            var parser = StringsParser(bytes: text)
            var collector = Collector(capacity: text.count / 48)
            do {
                try parser.walkFile(&collector)
            } catch {
                return .none  // the parser rejects it, as StringsReader would
            }
            return (collector.entries, bomLength)
        }
        switch walked {
        case .none: return nil
        case .some(.some(let scanned)): return scanned
        case .some(.none):
            guard let file = try? StringsReader.read(data) else { return nil }
            return (file.entries.map { Entry(key: .decoded($0.key), value: .decoded($0.value)) }, 0)
        }
    }

    /// `<` after leading whitespace: `StringsReader` decides between an XML property list and an error.
    private static func startsWithMarkup(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count, text[index] == ASCII.space || (text[index] >= 0x09 && text[index] <= 0x0D) {
            index += 1
        }
        return index < text.count && text[index] == ASCII.lessThan
    }

    private struct Collector: StringsEntryVisitor {
        var entries: [Entry] = []

        init(capacity: Int) { entries.reserveCapacity(capacity) }

        mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) {
            entries.append(Entry(key: key, value: value))
        }
    }

    // MARK: Reading

    /// The index's bytes, checked whole against its table.
    let bytes: Data
    /// Where the table's text starts (after a BOM).
    let textStart: Int
    let endIndex: Int
    var startIndex: Int { 0 }

    /// The index `bytes` of a table of `tableSize` bytes; nil when it does not fit that table: another magic or table
    /// size, a length other than its counts give, or a range outside the table's text or the decoded text.
    init?(_ bytes: Data, tableSize: Int) {
        let checked = bytes.withUnsafeBytes { raw -> (count: Int, textStart: Int)? in
            guard raw.count >= Self.headerSize, raw.prefix(8).elementsEqual(Self.magic) else { return nil }
            let textStart = Int(raw.littleEndian(UInt32.self, at: 16))
            let count = Int(raw.littleEndian(UInt32.self, at: 20))
            let decodedCount = Int(raw.littleEndian(UInt32.self, at: 24))
            guard raw.littleEndian(UInt64.self, at: 8) == UInt64(tableSize), textStart <= tableSize,
                count <= (raw.count - Self.headerSize) / 16, raw.count == Self.headerSize + count * 16 + decodedCount
            else { return nil }
            let textCount = tableSize - textStart
            // Every range is checked now, so reading an entry later cannot fail.
            func fits(_ offset: Int) -> Bool {
                let start = raw.littleEndian(UInt32.self, at: offset)
                let end = raw.littleEndian(UInt32.self, at: offset + 4)
                if start & Self.decodedFlag == 0 { return start <= end && Int(end) <= textCount }
                let (from, to) = (Int(start & ~Self.decodedFlag), Int(end & ~Self.decodedFlag))
                return end & Self.decodedFlag != 0 && from <= to && to <= decodedCount
            }
            for position in 0..<count {
                let offset = Self.headerSize + position * 16
                guard fits(offset), fits(offset + 8) else { return nil }
            }
            return (count, textStart)
        }
        guard let checked else { return nil }
        self.bytes = bytes
        self.endIndex = checked.count
        self.textStart = checked.textStart
    }

    subscript(position: Int) -> Entry {
        precondition(position >= 0 && position < endIndex, "entry out of range")
        return bytes.withUnsafeBytes { raw in
            let offset = Self.headerSize + position * 16
            return Entry(key: span(raw, at: offset), value: span(raw, at: offset + 8))
        }
    }

    private func span(_ raw: UnsafeRawBufferPointer, at offset: Int) -> StringsParser.Span {
        let start = raw.littleEndian(UInt32.self, at: offset)
        let end = raw.littleEndian(UInt32.self, at: offset + 4)
        if start & Self.decodedFlag == 0 { return .bytes(start: Int(start), end: Int(end)) }
        let decodedStart = Self.headerSize + endIndex * 16
        let range = (decodedStart + Int(start & ~Self.decodedFlag))..<(decodedStart + Int(end & ~Self.decodedFlag))
        return .decoded(String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self))
    }

    /// The table size an index records, or nil when `bytes` is not an index.
    static func tableSize(of raw: UnsafeRawBufferPointer) -> Int? {
        guard raw.count >= headerSize, raw.prefix(8).elementsEqual(magic) else { return nil }
        return Int(exactly: raw.littleEndian(UInt64.self, at: 8))
    }
}
