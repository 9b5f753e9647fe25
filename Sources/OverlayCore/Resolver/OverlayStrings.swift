import Foundation

/// One `.strings` file of an overlay revision, read for lookups: its entries in file order as the grammar walk finds
/// them (``StringsParser/walkFile(_:)``), duplicates kept (the last one is the table's value), keys and values as
/// ranges of its UTF-8 text where they have no escape; a value is made a `String` on its key's first lookup.
final class OverlayStrings: Sendable {
    /// Key and value as ranges of the table's UTF-8 text, or decoded.
    struct Entry: Sendable {
        var key: StringsParser.Span
        var value: StringsParser.Span
    }

    let entries: [Entry]
    /// The file, or the UTF-8 transcoding of a UTF-16 or UTF-32 one.
    private let data: Data
    /// Where the table's text starts (after a BOM).
    private let textStart: Int

    private init(entries: [Entry], data: Data, textStart: Int) {
        self.entries = entries
        self.data = data
        self.textStart = textStart
    }

    /// Nil when ``StringsReader`` rejects the table: its text, as ``StringsReader/text(of:)`` decides it (after a BOM,
    /// or transcoded from UTF-16 or UTF-32), is walked by the parser in one pass and kept as ranges; a property list
    /// is never read here, as ``StringsReader`` reads none from a download.
    static func read(_ data: Data) -> OverlayStrings? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch try? StringsReader.text(of: bytes) {
            case .utf8(let start)?:
                let entries = walk(UnsafeBufferPointer(rebasing: bytes[start...]))
                return entries.map { OverlayStrings(entries: $0, data: data, textStart: start) }
            case .transcoded(let utf8)?:
                let entries = utf8.withUnsafeBufferPointer(walk)
                return entries.map { OverlayStrings(entries: $0, data: Data(utf8), textStart: 0) }
            case .propertyList?, nil:
                return nil
            }
        }
    }

    /// Nil when the parser rejects the text, as ``StringsReader`` would.
    private static func walk(_ text: UnsafeBufferPointer<UInt8>) -> [Entry]? {
        var parser = StringsParser(bytes: text)
        var collector = Collector(capacity: text.count / 48)
        guard (try? parser.walkFile(&collector)) != nil else { return nil }
        return collector.entries
    }

    private struct Collector: StringsEntryVisitor {
        var entries: [Entry] = []

        init(capacity: Int) { entries.reserveCapacity(capacity) }

        mutating func visit(key: StringsParser.Span, value: StringsParser.Span, keyStart: Int) {
            entries.append(Entry(key: key, value: value))
        }
    }

    func string(_ text: StringsParser.Span) -> String {
        if case .decoded(let string) = text { return string }
        return data.withUnsafeBytes { raw in
            StringsParser.string(text, in: UnsafeRawBufferPointer(rebasing: raw[textStart...]).bindMemory(to: UInt8.self))
        }
    }

    /// Each entry's position and key bytes, last entry first, with the file's bytes bound once for the walk. `state`
    /// is passed through, not captured: a capture pays a dynamic exclusivity check per access.
    func forEachKeyReversed<State>(_ state: inout State, _ body: (inout State, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        data.withUnsafeBytes { raw in
            let text = UnsafeRawBufferPointer(rebasing: raw[textStart...]).bindMemory(to: UInt8.self)
            for position in entries.indices.reversed() {
                switch entries[position].key {
                case .decoded(var string):
                    string.withUTF8 { body(&state, position, $0) }
                case .bytes(let start, let end):
                    body(&state, position, UnsafeBufferPointer(rebasing: text[start..<end]))
                }
            }
        }
    }
}
