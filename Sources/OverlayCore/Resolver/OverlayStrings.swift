import Foundation

/// One `.strings` file of an overlay revision, read for lookups: each entry's key and value as a range of the file's
/// bytes, a value turned into a `String` only when its key is first looked up.
///
/// The grammar is ``StringsParser``'s, walked with the parser's own trivia skipping and string decoding, so a file
/// reads here exactly when ``StringsReader`` reads it, to the same entries. Only strings without escapes — nearly
/// all — are kept as ranges instead of being copied; escaped ones are decoded by the parser as they are met. Text
/// that is not UTF-8 old-style (UTF-16 or UTF-32, property lists) goes through ``StringsReader`` itself.
final class OverlayStrings: Sendable {
    /// A key or value: a range of the text, or text the parser decoded.
    enum Text: Sendable {
        case bytes(start: Int32, end: Int32)
        case decoded(String)
    }

    struct Entry: Sendable {
        var key: Text
        var value: Text
    }

    /// In file order, duplicates kept (the last one is the table's value).
    let entries: Entries
    /// The file; the text starts after a byte-order mark.
    private let data: Data
    private let textStart: Int

    private init(entries: [Entry], data: Data, textStart: Int) {
        self.entries = Entries(storage: .array(entries), count: entries.count)
        self.data = data
        self.textStart = textStart
    }

    private init(index: Data, count: Int, data: Data, textStart: Int) {
        self.entries = Entries(storage: .index(index), count: count)
        self.data = data
        self.textStart = textStart
    }

    /// The entries: scanned into an array, or read one at a time from a compiled index that was checked whole (a
    /// launch reads a few values and checks every key, so it makes no array of 2,000 entries).
    struct Entries: RandomAccessCollection, Sendable {
        enum Storage: Sendable {
            case array([Entry])
            case index(Data)
        }

        let storage: Storage
        let count: Int
        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(position: Int) -> Entry {
            switch storage {
            case .array(let entries):
                return entries[position]
            case .index(let index):
                precondition(position >= 0 && position < count, "entry out of range")
                return index.withUnsafeBytes { raw in
                    let offset = OverlayStrings.headerSize + position * 16
                    return Entry(key: OverlayStrings.text(raw, at: offset, count: count),
                                 value: OverlayStrings.text(raw, at: offset + 8, count: count))
                }
            }
        }
    }

    /// The table in `data`, or nil when ``StringsReader`` rejects it.
    static func read(_ data: Data) -> OverlayStrings? {
        let scanned = data.withUnsafeBytes { raw -> (entries: [Entry], textStart: Int)?? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard !bytes.isEmpty, bytes.count < Int(Int32.max), case .utf8(let bomLength) = StringsTextDecoding.detect(bytes),
                StringsTextDecoding.firstInvalidUTF8Offset(bytes, from: bomLength) == nil
            else { return .some(nil) }
            let text = UnsafeBufferPointer(rebasing: bytes[bomLength...])
            guard !startsWithMarkup(text) else { return .some(nil) }
            var scanner = Scanner(text)
            do {
                try scanner.file()
            } catch {
                return .none  // the parser rejects it, as StringsReader would
            }
            return (scanner.entries, bomLength)
        }
        switch scanned {
        case .none:
            return nil
        case .some(.some(let scanned)):
            return OverlayStrings(entries: scanned.entries, data: data, textStart: scanned.textStart)
        case .some(.none):
            guard let file = try? StringsReader.read(data) else { return nil }
            let entries = file.entries.map { Entry(key: .decoded($0.key), value: .decoded($0.value)) }
            return OverlayStrings(entries: entries, data: Data(), textStart: 0)
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

    /// The text of a key or value.
    func string(_ text: Text) -> String {
        switch text {
        case .decoded(let string):
            return string
        case .bytes(let start, let end):
            return data.withUnsafeBytes { raw in
                String(decoding: raw[(textStart + Int(start))..<(textStart + Int(end))], as: UTF8.self)
            }
        }
    }

    /// Calls `body` with each entry's position and key bytes, last entry first, with the file's bytes bound once for
    /// the whole walk (a merge reads every key; binding `Data` per key cost a third of it). `state` is passed through,
    /// not captured: a closure that captures the caller's variables pays a dynamic exclusivity check per access.
    func forEachKeyReversed<State>(_ state: inout State, _ body: (inout State, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        data.withUnsafeBytes { raw in
            let text = UnsafeRawBufferPointer(rebasing: raw[textStart...]).bindMemory(to: UInt8.self)
            for position in entries.indices.reversed() {
                switch entries[position].key {
                case .decoded(var string):
                    string.withUTF8 { body(&state, position, $0) }
                case .bytes(let start, let end):
                    body(&state, position, UnsafeBufferPointer(rebasing: text[Int(start)..<Int(end)]))
                }
            }
        }
    }

    /// Whether the entry at `position` has the key of the ``KeyIndex``'s `entry`: equal bytes, else a canonically
    /// equal spelling. What a handle whose answers came from ``LaunchKeys`` checks on each key's first lookup, so
    /// that a damaged answer never shows another key's text.
    func hasKey(at position: Int, of entry: Int, in index: KeyIndex) -> Bool {
        guard position >= 0, position < entries.count, entry >= 0, entry < index.count else { return false }
        return data.withUnsafeBytes { raw in
            let text = UnsafeRawBufferPointer(rebasing: raw[textStart...]).bindMemory(to: UInt8.self)
            switch entries.storage {
            case .array(let array):
                switch array[position].key {
                case .decoded(let string): return index.entry(for: string) == entry
                case .bytes(let start, let end):
                    return index.isKey(UnsafeBufferPointer(rebasing: text[Int(start)..<Int(end)]), of: entry)
                }
            case .index(let compiled):
                // The key's range read straight from the index: no entry is made.
                return compiled.withUnsafeBytes { indexBytes in
                    let offset = OverlayStrings.headerSize + position * 16
                    let start = UInt32(littleEndian: indexBytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                    let end = UInt32(littleEndian: indexBytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                    if start & OverlayStrings.decodedFlag == 0 {
                        return index.isKey(UnsafeBufferPointer(rebasing: text[Int(start)..<Int(end)]), of: entry)
                    }
                    guard case .decoded(let string) = OverlayStrings.text(indexBytes, at: offset, count: entries.count) else {
                        return false
                    }
                    return index.entry(for: string) == entry
                }
            }
        }
    }

    /// Walks `file := dict_body | '{' dict_body '}'` the way `StringsParser.parseFile` does.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var parser: StringsParser
        var entries: [Entry] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            parser = StringsParser(bytes: bytes, rejectingDuplicates: false)
            entries.reserveCapacity(bytes.count / 48)
        }

        mutating func file() throws(StringsError) {
            try parser.skipTrivia()
            guard parser.position < bytes.count else { return }
            if bytes[parser.position] == ASCII.openBrace {
                parser.position += 1
                try body(braced: true)
                try parser.skipTrivia()
                if parser.position < bytes.count { throw failure() }
            } else {
                try body(braced: false)
            }
        }

        private mutating func body(braced: Bool) throws(StringsError) {
            while true {
                try parser.skipTrivia()
                guard parser.position < bytes.count else {
                    if braced { throw failure() }
                    return
                }
                if braced && bytes[parser.position] == ASCII.closeBrace {
                    parser.position += 1
                    return
                }
                try entry()
            }
        }

        /// `key = value;` or `key;`.
        private mutating func entry() throws(StringsError) {
            guard let key = try string() else { throw failure() }
            try parser.skipTrivia()
            guard parser.position < bytes.count else { throw failure() }
            switch bytes[parser.position] {
            case ASCII.semicolon:
                parser.position += 1
                entries.append(Entry(key: key, value: key))
            case ASCII.equals:
                parser.position += 1
                try parser.skipTrivia()
                guard parser.position < bytes.count, let value = try string() else { throw failure() }
                try parser.skipTrivia()
                guard parser.position < bytes.count, bytes[parser.position] == ASCII.semicolon else { throw failure() }
                parser.position += 1
                entries.append(Entry(key: key, value: value))
            default:
                throw failure()
            }
        }

        /// A quoted string without a backslash or an unquoted one as a range; anything else decoded by the parser
        /// (which also throws for an unterminated string). Nil when no string starts here.
        private mutating func string() throws(StringsError) -> Text? {
            let start = parser.position
            let byte = bytes[start]
            if byte == ASCII.doubleQuote || byte == ASCII.singleQuote {
                let end = ByteScanning.firstIndex(of: byte, or: ASCII.backslash, in: bytes, from: start + 1)
                if end < bytes.count && bytes[end] == byte {
                    parser.position = end + 1
                    return .bytes(start: Int32(start + 1), end: Int32(end))
                }
                return try parser.parseString().map(Text.decoded)
            }
            guard StringsParser.isUnquotedCharacter(byte) else { return nil }
            var end = start + 1
            while end < bytes.count && StringsParser.isUnquotedCharacter(bytes[end]) { end += 1 }
            parser.position = end
            return .bytes(start: Int32(start), end: Int32(end))
        }

        /// The reason is not kept: a table that does not read serves nothing, as in the catalog loader.
        private mutating func failure() -> StringsError {
            parser.error(.unexpectedCharacter, at: parser.position, "not a .strings table")
        }
    }
}

// MARK: The compiled index

/// One table's compiled index: the table's entries as the scan above finds them, so a launch reads them back instead
/// of validating and scanning the text again (two thirds of building a handle's first table). The store keeps every
/// table's index of a revision in one file at its root (``revisionIndexFile``, below).
///
/// Little-endian: `OVLYIDX1`, the table's byte count (UInt64), where its text starts (UInt32), the entry count and
/// the byte count of decoded text (UInt32 each); then per entry the key's and the value's start and end (UInt32 ×
/// 4, a start with the high bit set is in the decoded text, else in the table's); then the decoded text. An index
/// that does not fit its table (another size, a range outside it) is ignored and the table is scanned.
extension OverlayStrings {
    private static let indexMagic = Array("OVLYIDX1".utf8)
    fileprivate static let headerSize = 8 + 8 + 4 + 4 + 4
    fileprivate static let decodedFlag: UInt32 = 1 << 31

    /// The index of `data`, or nil when the table does not read (nothing is written for it then).
    static func compiledIndex(of data: Data) -> Data? {
        compiledIndex(of: read(data), count: data.count)
    }

    /// The index of a table already read from `count` bytes.
    static func compiledIndex(of table: OverlayStrings?, count: Int) -> Data? {
        guard count < Int(decodedFlag), let table else { return nil }
        var decoded: [UInt8] = []
        var ranges: [UInt32] = []
        ranges.reserveCapacity(table.entries.count * 4)
        func append(_ text: Text) {
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
        for entry in table.entries {
            append(entry.key)
            append(entry.value)
        }
        guard decoded.count < Int(decodedFlag) else { return nil }
        var out = indexMagic
        out.reserveCapacity(headerSize + ranges.count * 4 + decoded.count)
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        put(UInt64(count))
        put(UInt32(table.textStart))
        put(UInt32(table.entries.count))
        put(UInt32(decoded.count))
        for value in ranges { put(value) }
        out.append(contentsOf: decoded)
        return Data(out)
    }

    /// The table `data` read through its index; nil when the index does not describe a table of this size.
    static func read(_ data: Data, index: Data) -> OverlayStrings? {
        index.withUnsafeBytes { raw -> OverlayStrings? in
            guard raw.count >= headerSize, raw.prefix(8).elementsEqual(indexMagic) else { return nil }
            func word(_ offset: Int) -> UInt32 { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
            let tableSize = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let textStart = Int(word(16))
            let count = Int(word(20))
            let decodedCount = Int(word(24))
            guard tableSize == UInt64(data.count), textStart <= data.count, count <= (raw.count - headerSize) / 16,
                  raw.count == headerSize + count * 16 + decodedCount
            else { return nil }
            let textCount = data.count - textStart
            // Every range is checked now; an entry is read from the index when asked for (``Entries``).
            func fits(_ offset: Int) -> Bool {
                let start = word(offset)
                let end = word(offset + 4)
                if start & decodedFlag == 0 { return start <= end && Int(end) <= textCount }
                let (from, to) = (Int(start & ~decodedFlag), Int(end & ~decodedFlag))
                return end & decodedFlag != 0 && from <= to && to <= decodedCount
            }
            for position in 0..<count {
                let offset = headerSize + position * 16
                guard fits(offset), fits(offset + 8) else { return nil }
            }
            return OverlayStrings(index: index, count: count, data: data, textStart: textStart)
        }
    }

    /// The key or value whose range is at `offset` of a checked index of `count` entries.
    fileprivate static func text(_ raw: UnsafeRawBufferPointer, at offset: Int, count: Int) -> Text {
        let start = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        let end = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        if start & decodedFlag == 0 { return .bytes(start: Int32(start), end: Int32(end)) }
        let decodedStart = headerSize + count * 16
        let range = (decodedStart + Int(start & ~decodedFlag))..<(decodedStart + Int(end & ~decodedFlag))
        return .decoded(String(decoding: UnsafeRawBufferPointer(rebasing: raw[range]), as: UTF8.self))
    }
}

// MARK: The revision's index file

/// The file the store writes at the root of a revision when it activates (or stages) it, `overlay-strings.index`:
/// the compiled index of each of its `.strings` tables, so a revision costs one more file and one more fsync, not
/// one per table (docs/FORMATS.md §8).
///
/// Little-endian: `OVLYIDXR`, the table count and the directory's byte count (UInt32 each); the directory, per
/// table in path order: the path's UTF-8 byte count (UInt16), the path relative to the revision, where its index
/// starts in this file (UInt64) and its byte count (UInt32); then the indexes. A reader seeks to the one table it
/// wants, so a launch reads one table's index, not the revision's.
extension OverlayStrings {
    static let revisionIndexFile = "overlay-strings.index"
    private static let revisionIndexMagic = Array("OVLYIDXR".utf8)
    private static let revisionHeaderSize = 8 + 4 + 4
    /// More than any revision's directory (the store's paths are at most 1,024 bytes each).
    private static let directoryLimit = 16 << 20

    /// The index file of a revision's `files`, with `sections` (path → bytes, e.g. ``LaunchKeys``' per-table
    /// sections) in the same directory; nil when none of its `.strings` tables reads and there is no section
    /// (nothing is written then, and an index file the archive itself carried is dropped).
    /// `scanned` holds tables already read, by path (the store reads each once for the indexes and the launch keys).
    static func revisionIndex(
        of files: [String: Data], scanned: [String: OverlayStrings?] = [:], sections: [(path: String, data: Data)] = []
    ) -> Data? {
        var tables: [(path: [UInt8], index: Data)] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".strings") {
            let table = scanned[path] ?? read(data)
            if let index = compiledIndex(of: table, count: data.count) { tables.append((Array(path.utf8), index)) }
        }
        tables += sections.map { (Array($0.path.utf8), $0.data) }
        guard !tables.isEmpty, tables.allSatisfy({ $0.path.count <= Int(UInt16.max) }) else { return nil }
        let directorySize = tables.reduce(0) { $0 + 2 + $1.path.count + 8 + 4 }
        var out = revisionIndexMagic
        func put<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        put(UInt32(tables.count))
        put(UInt32(directorySize))
        // Each part starts at a multiple of 8, so a mapped file's part can be read in place (``LaunchKeys``).
        func aligned(_ offset: Int) -> Int { (offset + 7) & ~7 }
        var offset = revisionHeaderSize + directorySize
        for table in tables {
            offset = aligned(offset)
            put(UInt16(table.path.count))
            out.append(contentsOf: table.path)
            put(UInt64(offset))
            put(UInt32(table.index.count))
            offset += table.index.count
        }
        var data = Data(out)
        for table in tables {
            data.append(contentsOf: [UInt8](repeating: 0, count: aligned(data.count) - data.count))
            data.append(table.index)
        }
        return data
    }

    /// The compiled index of the table at `path` (relative to the revision) in the revision index file at `file`; nil
    /// when the file has none for it or does not read as one. A symbolic link is not followed and a FIFO is not
    /// waited on.
    static func index(ofTable path: String, inRevisionIndexAt file: String) -> Data? {
        parts([path], inRevisionIndexAt: file)[0]
    }

    /// The parts of the revision index file at `file` named `paths` (a table's index or a section), each nil when the
    /// file has none of that name; every one nil when the file does not read as an index. The header and directory are
    /// read; each part found is mapped on its own (``MappedFile/parts(of:limit:head:locate:)``), so a launch keeps
    /// resident only the parts it reads.
    static func parts(_ paths: [String], inRevisionIndexAt file: String) -> [Data?] {
        let wanted = paths.map { Array($0.utf8) }
        let found = MappedFile.parts(of: file, limit: Int(UInt32.max), head: revisionHeaderSize, more: { head in
            guard head.count >= revisionHeaderSize, head.prefix(8).elementsEqual(revisionIndexMagic) else { return 0 }
            return min(Int(UInt32(littleEndian: head.loadUnaligned(fromByteOffset: 12, as: UInt32.self))), directoryLimit)
        }) { raw, size in
            var located = [(offset: Int, count: Int)?](repeating: nil, count: wanted.count)
            guard raw.count >= revisionHeaderSize, raw.prefix(8).elementsEqual(revisionIndexMagic) else { return located }
            let count = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
            let directorySize = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
            guard directorySize <= directoryLimit, directorySize <= raw.count - revisionHeaderSize else { return located }
            let directory = UnsafeRawBufferPointer(rebasing: raw[revisionHeaderSize..<(revisionHeaderSize + directorySize)])
            var position = 0
            for _ in 0..<count {
                guard position + 2 <= directory.count else { break }
                let length = Int(UInt16(littleEndian: directory.loadUnaligned(fromByteOffset: position, as: UInt16.self)))
                let pathEnd = position + 2 + length
                guard pathEnd + 12 <= directory.count else { break }
                for (slot, path) in wanted.enumerated() where located[slot] == nil
                    && directory[(position + 2)..<pathEnd].elementsEqual(path)
                {
                    let offset = UInt64(littleEndian: directory.loadUnaligned(fromByteOffset: pathEnd, as: UInt64.self))
                    let part = Int(UInt32(littleEndian: directory.loadUnaligned(fromByteOffset: pathEnd + 8, as: UInt32.self)))
                    if offset <= UInt64(size) { located[slot] = (Int(offset), part) }
                }
                position = pathEnd + 12
            }
            return located
        }
        return found ?? [Data?](repeating: nil, count: paths.count)
    }
}
