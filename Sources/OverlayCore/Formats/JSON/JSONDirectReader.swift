/// Reads a JSON document straight from its bytes into the caller's types, without a tree: for the files a launch
/// reads (`state.json`, a revision's digest list), where building and walking a tree was most of the cost.
///
/// It walks the grammar with ``JSONByteParser``'s own scanners (strings, numbers, whitespace, depth), checks each
/// object's keys for duplicates as the tree parser does (as `String`s compare), and parses a member the caller does
/// not read as a value to drop. It **gives up** on anything else — a syntax error, a wrong type, a `null` where a
/// value is read — and the caller then decodes the tree, which has the last word and the message. A decoder built
/// on it must only ever accept what its tree decoder accepts, with the same result; its tests say so over damaged
/// input.
struct JSONDirectReader {
    var parser: JSONByteParser

    /// Any reason to give up: the tree decoder decides.
    static let giveUp = JSONError(code: .invalidValue, message: "not decoded directly")

    /// The value `body` reads from the document's top-level value; nil when it gives up or anything follows it.
    static func read<T>(_ bytes: [UInt8], _ body: (inout JSONDirectReader) throws(JSONError) -> T) -> T? {
        let limits = StrictJSON.Limits.default
        guard bytes.count <= limits.maxBytes else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> T? in
            var reader = JSONDirectReader(parser: JSONByteParser(bytes: buffer, maxDepth: limits.maxDepth))
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

    /// The members of the object that starts here, each key checked against the earlier ones (as `String`s compare,
    /// like the tree parser's duplicate check); `body` reads the value.
    mutating func members(_ body: (inout JSONDirectReader, String) throws(JSONError) -> Void) throws(JSONError) {
        guard parser.peek == UInt8(ascii: "{") else { throw Self.giveUp }
        try parser.enterContainer(parser.location)
        parser.index += 1
        parser.skipWhitespace()
        var keys: [String] = []
        if parser.peek == UInt8(ascii: "}") {
            parser.index += 1
            parser.depth -= 1
            return
        }
        while true {
            guard parser.peek == UInt8(ascii: "\"") else { throw Self.giveUp }
            let key = try parser.parseString()
            guard !keys.contains(key) else { throw Self.giveUp }
            keys.append(key)
            parser.skipWhitespace()
            guard parser.peek == UInt8(ascii: ":") else { throw Self.giveUp }
            parser.index += 1
            parser.skipWhitespace()
            try body(&self, key)
            parser.skipWhitespace()
            switch parser.peek {
            case UInt8(ascii: ","):
                parser.index += 1
                parser.skipWhitespace()
            case UInt8(ascii: "}"):
                parser.index += 1
                parser.depth -= 1
                return
            default:
                throw Self.giveUp
            }
        }
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
        guard parser.peek == UInt8(ascii: "[") else { throw Self.giveUp }
        try parser.enterContainer(parser.location)
        parser.index += 1
        parser.skipWhitespace()
        var elements: [String] = []
        if parser.peek == UInt8(ascii: "]") {
            parser.index += 1
            parser.depth -= 1
            return elements
        }
        while true {
            elements.append(try string())
            parser.skipWhitespace()
            switch parser.peek {
            case UInt8(ascii: ","):
                parser.index += 1
                parser.skipWhitespace()
            case UInt8(ascii: "]"):
                parser.index += 1
                parser.depth -= 1
                return elements
            default:
                throw Self.giveUp
            }
        }
    }
}
