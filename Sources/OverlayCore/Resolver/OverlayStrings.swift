import Foundation

/// One `.strings` file of an overlay revision, read for lookups: keys and values as ranges of the file's bytes, a
/// value made a `String` on its key's first lookup. The entries come from the store's compiled index when it fits
/// (``StringsTableIndex``), else from a scan with ``StringsReader``'s grammar, to the same entries.
final class OverlayStrings: Sendable {
    typealias Text = StringsParser.Span
    typealias Entry = StringsTableIndex.Entry

    /// In file order, duplicates kept (the last one is the table's value).
    let entries: Entries
    /// The text starts after a byte-order mark.
    private let data: Data
    private let textStart: Int

    private init(entries: Entries, data: Data, textStart: Int) {
        self.entries = entries
        self.data = data
        self.textStart = textStart
    }

    /// Scanned into an array, or read one at a time from the compiled index (no array of 2,000 entries is made).
    struct Entries: RandomAccessCollection, Sendable {
        enum Storage: Sendable {
            case array([Entry])
            case index(StringsTableIndex)
        }

        let storage: Storage
        var startIndex: Int { 0 }
        var endIndex: Int {
            switch storage {
            case .array(let entries): entries.count
            case .index(let index): index.count
            }
        }

        subscript(position: Int) -> Entry {
            switch storage {
            case .array(let entries): entries[position]
            case .index(let index): index.entry(at: position)
            }
        }
    }

    /// Nil when ``StringsReader`` rejects the table.
    static func read(_ data: Data) -> OverlayStrings? {
        StringsTableIndex.scan(data).map {
            OverlayStrings(entries: Entries(storage: .array($0.entries)), data: data, textStart: $0.textStart)
        }
    }

    /// Nil when the index does not fit a table of this size.
    static func read(_ data: Data, index: Data) -> OverlayStrings? {
        StringsTableIndex(index, tableSize: data.count).map {
            OverlayStrings(entries: Entries(storage: .index($0)), data: data, textStart: $0.textStart)
        }
    }

    func string(_ text: Text) -> String {
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
