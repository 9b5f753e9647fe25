import Foundation

/// A cheap stand-in for a plain string's slot map: the bytes of its `%` specifiers in order, found by a byte scan
/// without building tokens (validation checks sequences, once per distinct pair, instead of every entry's strings).
///
/// Each piece is `%`, the longest run of bytes `FormatParser` may read before a conversion (digits, `$`, the flags
/// `- + space 0`, `*`, `.`, length modifiers), then one known conversion. Known conversions are none of those bytes,
/// so the parser, reading a prefix of the run, either ends its specifier at that same conversion or rejects the `%`
/// and resumes inside the run, which holds no `%`: either way what it makes of the piece depends on the piece alone,
/// and the issues it raises sit at the piece's `%`. `%%` contributes nothing (it takes no slot and raises no issue).
///
/// So the sequence, parsed as a string, has the string's slot map and issues, in the same order, with offsets moved
/// but kept in order: a compatibility check of two plain strings depends on their two sequences alone (the
/// findings carry no offsets).
///
/// Anything else after a `%` (`%{name}`, `%#@v@`, an unknown conversion, a trailing `%`, a non-ASCII byte), and any
/// specifier with the space flag (whether `% ld` is a typo or prose depends on the text around it), gives nil: only
/// the full parse can say what it is.
///
/// ```swift
/// SpecifierSequence.of("Pay %@ for %ld items")   // "%@%ld" as bytes
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
            index += 1
            // A space flag's verdict depends on the text around it (`% ld` against `50% off`): parse it.
            if UnsafeBufferPointer(rebasing: bytes[start..<index]).contains(UInt8(ascii: " ")) { return nil }
            sequence.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        return sequence
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
