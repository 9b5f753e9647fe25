import Foundation

/// One `.strings` file of an overlay revision, read for lookups: each entry's key and value as a range of the file's
/// bytes, a value turned into a `String` only when its key is first looked up.
///
/// The entries come from the store's compiled index of the table when one fits it (``StringsTableIndex``, a part of
/// the revision's index file whose checksum held), else from walking the table with ``StringsParser``, the grammar
/// ``StringsReader`` reads — so a file reads here exactly when `StringsReader` reads it, to the same entries.
final class OverlayStrings: Sendable {
    /// A key or value: a range of the text, or decoded text.
    typealias Text = StringsParser.Span
    typealias Entry = StringsTableIndex.Entry

    /// In file order, duplicates kept (the last one is the table's value).
    let entries: Entries
    /// The file; the text starts after a byte-order mark.
    private let data: Data
    private let textStart: Int

    private init(entries: Entries, data: Data, textStart: Int) {
        self.entries = entries
        self.data = data
        self.textStart = textStart
    }

    /// The entries: scanned into an array, or read one at a time from a compiled index checked whole (a handle's merge
    /// reads every key once, so no array of 2,000 entries is made).
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

    /// The table in `data`, scanned; nil when ``StringsReader`` rejects it.
    static func read(_ data: Data) -> OverlayStrings? {
        StringsTableIndex.scan(data).map {
            OverlayStrings(entries: Entries(storage: .array($0.entries)), data: data, textStart: $0.textStart)
        }
    }

    /// The table `data` read through its compiled `index`; nil when the index does not fit a table of this size.
    static func read(_ data: Data, index: Data) -> OverlayStrings? {
        StringsTableIndex(index, tableSize: data.count).map {
            OverlayStrings(entries: Entries(storage: .index($0)), data: data, textStart: $0.textStart)
        }
    }

    /// The text of a key or value.
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
                    body(&state, position, UnsafeBufferPointer(rebasing: text[start..<end]))
                }
            }
        }
    }
}
