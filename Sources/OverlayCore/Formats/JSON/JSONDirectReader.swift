import Foundation

/// Reads a JSON document straight from its bytes into the caller's types, without a tree: for the files a launch
/// reads (`state.json`, a revision's digest list), where building and walking a tree was most of the cost.
///
/// It walks the grammar with ``JSONByteParser``'s own scanners (strings, numbers, whitespace, depth), takes keys as
/// bytes (printable ASCII without escapes, where equal bytes are equal `String`s, so its duplicate check is the tree
/// parser's), and parses a member the caller does not read as a value to drop. It **gives up** on anything else — a
/// syntax error, a wrong type, a `null` where a value is read, a key with an escape or outside ASCII — and the caller
/// then decodes the tree, which has the last word and the message. A decoder built
/// on it must only ever accept what its tree decoder accepts, with the same result; its tests say so over damaged
/// input.
struct JSONDirectReader {
    var parser: JSONByteParser
    /// The keys of the objects being read, innermost last: one buffer for the whole document, not one per object.
    private var seen: [Key] = []

    /// Any reason to give up: the tree decoder decides.
    static let giveUp = JSONError(code: .invalidValue, message: "not decoded directly")

    /// The value `body` reads from the document's top-level value; nil when it gives up or anything follows it.
    static func read<T>(_ bytes: [UInt8], _ body: (inout JSONDirectReader) throws(JSONError) -> T) -> T? {
        let limits = StrictJSON.Limits.default
        guard bytes.count <= limits.maxBytes else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> T? in
            var reader = JSONDirectReader(parser: JSONByteParser(bytes: buffer, maxDepth: limits.maxDepth))
            reader.seen.reserveCapacity(64)
            do throws(JSONError) {
                if buffer.count >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
                    throw giveUp
                }
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                    reader.parser.index = 3
                    reader.parser.lineStart = 3
                }
                reader.parser.skipWhitespace()
                let value = try body(&reader)
                reader.parser.skipWhitespace()
                guard reader.parser.index == buffer.count else { throw giveUp }
                return value
            } catch {
                return nil
            }
        }
    }

    /// Whether the next value is a string.
    var atString: Bool { parser.peek == UInt8(ascii: "\"") }

    /// Parses the next value and drops it (still checked like any other).
    mutating func skipValue() throws(JSONError) {
        _ = try parser.parseValue()
    }

    /// A member's key: printable ASCII without escapes, where equal bytes are exactly equal `String`s (a key with an
    /// escape or a byte outside printable ASCII makes the reader give up), so keys are compared without making them
    /// `String`s.
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        func `is`(_ literal: StaticString) -> Bool {
            literal.utf8CodeUnitCount == bytes.count && Self.equal(literal.utf8Start, bytes.baseAddress, count: bytes.count)
        }

        func `is`(_ other: Key) -> Bool {
            other.bytes.count == bytes.count && Self.equal(other.bytes.baseAddress, bytes.baseAddress, count: bytes.count)
        }

        /// Whether `count` bytes at both addresses are equal.
        static func equal(_ lhs: UnsafePointer<UInt8>?, _ rhs: UnsafePointer<UInt8>?, count: Int) -> Bool {
            guard count > 0 else { return true }
            guard let lhs, let rhs else { return false }
            return memcmp(lhs, rhs, count) == 0
        }

        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The members of the object that starts here, no key repeated; `body` reads each value.
    mutating func members(_ body: (inout JSONDirectReader, Key) throws(JSONError) -> Void) throws(JSONError) {
        guard try open("{", "}") else { return }
        let base = seen.count
        defer { seen.removeSubrange(base...) }
        while true {
            let key = try self.key()
            for index in base..<seen.count where seen[index].is(key) { throw Self.giveUp }
            seen.append(key)
            parser.skipWhitespace()
            guard parser.peek == UInt8(ascii: ":") else { throw Self.giveUp }
            parser.index += 1
            parser.skipWhitespace()
            try body(&self, key)
            if try closes("}") { return }
        }
    }

    /// Enters the container that starts here with `opening`; false when it is empty (and already left).
    private mutating func open(_ opening: Unicode.Scalar, _ closing: Unicode.Scalar) throws(JSONError) -> Bool {
        guard parser.peek == UInt8(ascii: opening) else { throw Self.giveUp }
        try parser.enterContainer(parser.location)
        parser.index += 1
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: closing) else { return true }
        parser.index += 1
        parser.depth -= 1
        return false
    }

    /// After an element: true when `closing` ends the container (and it is left), false after a `,`.
    private mutating func closes(_ closing: Unicode.Scalar) throws(JSONError) -> Bool {
        parser.skipWhitespace()
        switch parser.peek {
        case UInt8(ascii: ","):
            parser.index += 1
            parser.skipWhitespace()
            return false
        case UInt8(ascii: closing):
            parser.index += 1
            parser.depth -= 1
            return true
        default:
            throw Self.giveUp
        }
    }

    private mutating func key() throws(JSONError) -> Key {
        let bytes = parser.bytes
        guard parser.peek == UInt8(ascii: "\"") else { throw Self.giveUp }
        let start = parser.index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\") else { throw Self.giveUp }
            end += 1
        }
        guard end < bytes.count else { throw Self.giveUp }
        parser.index = end + 1
        return Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    mutating func string() throws(JSONError) -> String {
        guard parser.peek == UInt8(ascii: "\"") else { throw Self.giveUp }
        return try parser.parseString()
    }

    mutating func int() throws(JSONError) -> Int {
        guard let byte = parser.peek, byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")),
            let value = try parser.parseNumber().intValue
        else { throw Self.giveUp }
        return value
    }

    /// An array of strings, and nothing else.
    mutating func strings() throws(JSONError) -> [String] {
        var elements: [String] = []
        guard try open("[", "]") else { return elements }
        while true {
            elements.append(try string())
            if try closes("]") { return elements }
        }
    }
}
