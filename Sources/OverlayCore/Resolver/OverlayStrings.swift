import Foundation

/// One `.strings` file of an overlay revision, read for lookups: its entries in file order as the grammar walk finds
/// them (``StringsParser/walkFile(_:)``), duplicates kept (the last one is the table's value), keys and values as
/// ranges of the file's bytes where they have no escape; a value is made a `String` on its key's first lookup.
final class OverlayStrings: Sendable {
    /// Key and value as ranges of the table's text (after a BOM), or decoded.
    struct Entry: Sendable {
        var key: StringsParser.Span
        var value: StringsParser.Span
    }

    let entries: [Entry]
    private let data: Data
    /// Where the table's text starts (after a BOM).
    private let textStart: Int

    private init(entries: [Entry], data: Data, textStart: Int) {
        self.entries = entries
        self.data = data
        self.textStart = textStart
    }

    /// Nil when ``StringsReader`` rejects the table. UTF-8 old-style text is walked by the parser in one pass and kept
    /// as ranges; anything else (UTF-16 or UTF-32, a property list) is read by ``StringsReader`` itself, every key and
    /// value decoded.
    static func read(_ data: Data) -> OverlayStrings? {
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
        case .some(.some(let scanned)):
            return OverlayStrings(entries: scanned.entries, data: data, textStart: scanned.textStart)
        case .some(.none):
            guard let file = try? StringsReader.read(data) else { return nil }
            let entries = file.entries.map { Entry(key: .decoded($0.key), value: .decoded($0.value)) }
            return OverlayStrings(entries: entries, data: data, textStart: 0)
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

    func string(_ text: StringsParser.Span) -> String {
        switch text {
        case .decoded(let string):
            return string
        case .bytes(let start, let end):
            return data.withUnsafeBytes { raw in
                String(decoding: raw[(textStart + start)..<(textStart + end)], as: UTF8.self)
            }
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
