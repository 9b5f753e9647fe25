import Foundation

/// A cheap stand-in for a plain string's slot map: the bytes of its `%` specifiers in order, found without building
/// tokens (validation checks sequences, once per distinct pair, instead of every entry's strings).
///
/// Each piece is `%`, the run of bytes `FormatParser` may read before a conversion, then one known conversion, which
/// is none of those bytes: what the parser makes of a piece depends on the piece alone. So the sequence, parsed, has
/// the string's slot map and issues in the same order, and a compatibility check of two plain strings depends on
/// their sequences alone. Anything else after a `%`, and the space flag (typo or prose depends on the text around
/// it), gives nil: only the full parse can say what it is.
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

    /// `FormatSpecifier.knownConversions`: all ASCII, none of them a body byte.
    static func isConversion(_ byte: UInt8) -> Bool {
        byte < 0x80 && FormatSpecifier.knownConversions.contains(Unicode.Scalar(byte))
    }
}
