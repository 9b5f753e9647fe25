import Foundation

/// One `.strings` file of an overlay revision, read for lookups through a compiled index (``StringsTableIndex``):
/// keys and values as ranges of the file's bytes, a value made a `String` on its key's first lookup.
final class OverlayStrings: Sendable {
    let entries: StringsTableIndex
    private let data: Data

    private init(entries: StringsTableIndex, data: Data) {
        self.entries = entries
        self.data = data
    }

    /// Scanned and compiled here; nil when ``StringsReader`` rejects the table.
    static func read(_ data: Data) -> OverlayStrings? {
        StringsTableIndex.encode(data).flatMap { read(data, index: $0) }
    }

    /// Through the store's index; nil when it does not fit a table of this size.
    static func read(_ data: Data, index: Data) -> OverlayStrings? {
        StringsTableIndex(index, tableSize: data.count).map { OverlayStrings(entries: $0, data: data) }
    }

    func string(_ text: StringsParser.Span) -> String {
        switch text {
        case .decoded(let string):
            return string
        case .bytes(let start, let end):
            let textStart = entries.textStart
            return data.withUnsafeBytes { raw in
                String(decoding: raw[(textStart + start)..<(textStart + end)], as: UTF8.self)
            }
        }
    }

    /// Each entry's position and key bytes, last entry first, with the file's bytes bound once for the walk. `state`
    /// is passed through, not captured: a capture pays a dynamic exclusivity check per access.
    func forEachKeyReversed<State>(_ state: inout State, _ body: (inout State, Int, UnsafeBufferPointer<UInt8>) -> Void) {
        data.withUnsafeBytes { raw in
            let text = UnsafeRawBufferPointer(rebasing: raw[entries.textStart...]).bindMemory(to: UInt8.self)
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
