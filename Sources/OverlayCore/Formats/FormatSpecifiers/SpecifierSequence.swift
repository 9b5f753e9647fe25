import Foundation

/// A cheap stand-in for a plain string's slot map: the bytes of its `%` specifiers, found by a byte scan without
/// building tokens (validation compares it before paying for two slot maps and a compatibility check).
///
/// Each piece is `%`, the longest run of bytes `FormatParser` may read before a conversion (digits, `$`, the flags
/// `- + space 0`, `*`, `.`, length modifiers), then one known conversion. Known conversions are none of those bytes,
/// so the parser, reading a prefix of the run, either ends its specifier at that same conversion or rejects the `%`
/// and resumes inside the run, which holds no `%`: either way what it makes of the piece depends on the piece alone.
/// `%%` contributes nothing (it takes no slot and raises no issue). Two strings with equal sequences therefore
/// have the same slot map and issues, apart from offsets and literal text.
///
/// When every piece is positional (`%2$ld`, and each `*` as `*N$`), no piece takes a slot from its place, so the
/// slot map is the same in any order (which use of a slot comes first only words a conflict, and a conflict is
/// an issue either way): the pieces are then sorted, and a translation that reorders them matches.
///
/// Anything else after a `%` (`%{name}`, `%#@v@`, an unknown conversion, a trailing `%`, a non-ASCII byte) gives
/// nil: only the full parse can say what it is.
///
/// ```swift
/// SpecifierSequence.of("Pay %@ for %ld items")   // "%@%ld" as bytes
/// SpecifierSequence.of("%2$ld von %1$@")         // "%1$@%2$ld"
/// SpecifierSequence.of("100%% sure")            // []
/// SpecifierSequence.of("%{name}")               // nil
/// ```
enum SpecifierSequence {
    static func of(_ text: String) -> [UInt8]? {
        if let sequence = text.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return sequence }
        return Array(text.utf8).withUnsafeBufferPointer { scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var sequence: [UInt8] = []
        var pieces = 0
        var positional = true
        var index = 0
        let count = bytes.count
        while index < count {
            // Most text has no `%` at all.
            guard let found = memchr(bytes.baseAddress! + index, Int32(percent), count - index) else { break }
            let start = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            index = start + 1
            guard index < count else { return nil }
            if bytes[index] == percent {
                index += 1
                continue
            }
            while index < count, isSpecifierBody(bytes[index]) { index += 1 }
            guard index < count, isConversion(bytes[index]) else { return nil }
            if positional { positional = isPositional(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index])) }
            index += 1
            sequence.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            pieces += 1
        }
        return positional && pieces > 1 ? sorted(sequence) : sequence
    }

    /// The pieces of a sequence (each starts at its `%`) in byte order.
    private static func sorted(_ sequence: [UInt8]) -> [UInt8] {
        let pieces = sequence.split(separator: percent).sorted { $0.lexicographicallyPrecedes($1) }
        return Array(pieces.map { [percent] + $0 }.joined())
    }

    /// Whether a specifier's body starts with `N$` and each `*` in it is `*M$`: it then reads no sequential slot.
    private static func isPositional(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        func digitsThenDollar(from start: Int) -> Bool {
            var index = start
            while index < body.count, body[index] >= UInt8(ascii: "0"), body[index] <= UInt8(ascii: "9") { index += 1 }
            return index > start && index < body.count && body[index] == UInt8(ascii: "$")
        }
        guard digitsThenDollar(from: 0) else { return false }
        return body.indices.allSatisfy { body[$0] != UInt8(ascii: "*") || digitsThenDollar(from: $0 + 1) }
    }

    private static let percent = UInt8(ascii: "%")

    /// Bytes the parser may read between `%` and the conversion; `#` is left out, so `%#@v@` and `%#x` give nil.
    static func isSpecifierBody(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "$"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: " "), UInt8(ascii: "*"), UInt8(ascii: "."), UInt8(ascii: "h"), UInt8(ascii: "l"),
            UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"):
            true
        default: false
        }
    }

    /// `FormatSpecifier.knownConversions`, all ASCII and none of them a body byte.
    static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"), UInt8(ascii: "u"),
            UInt8(ascii: "U"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"),
            UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"),
            UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "P"), UInt8(ascii: "p"), UInt8(ascii: "n"):
            true
        default: false
        }
    }
}
