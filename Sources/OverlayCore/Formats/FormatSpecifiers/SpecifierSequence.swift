import Foundation

/// The validation fast path's stand-in for a plain string's slot map: the bytes of its `%` specifiers in order, found
/// without parsing (`"Pay %@ for %ld"` gives `%@%ld`). Each piece is `%`, bytes the parser may read before a
/// conversion, then a known conversion, so the parsed sequence has the string's slot map and issues. Anything else
/// after a `%`, and the space flag (typo or prose depends on the text around it), gives nil: only a parse can tell.
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

    /// A conversion ``ArgumentClass`` knows: all ASCII, none of them a body byte.
    static func isConversion(_ byte: UInt8) -> Bool {
        byte < 0x80 && ArgumentClass(conversion: Unicode.Scalar(byte), length: nil) != nil
    }
}
