/// The recursive-descent parser behind ``StrictJSON``, working on UTF-8 bytes.
///
/// Lines are counted at `\n`; columns are 1-based UTF-8 byte offsets within the line. Strings cannot
/// contain a raw newline, so a token never spans lines and its start location is recorded cheaply.
struct JSONByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0
    var depth = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// An error at `place`, or at the current byte.
    func error(_ code: JSONError.Code, _ message: String, at place: SourceLocation? = nil) -> JSONError {
        JSONError(code: code, message: message, location: place ?? location)
    }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw error(.invalidUTF8,
                "the file is UTF-16 or UTF-32 (it starts with a byte order mark); save it as UTF-8")
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.unexpectedEnd, "the document is empty; it must hold one JSON value")
        }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            let found = try describeCharacter()
            throw error(.trailingData,
                "unexpected \(found) after the top-level value; a JSON document holds exactly one value")
        }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    mutating func parseValue() throws(JSONError) -> JSONValue {
        guard let byte = peek else {
            throw error(.unexpectedEnd, "the document ends where a value was expected")
        }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw try unexpected(expecting: "a value")
        }
    }

    mutating func parseLiteral(_ literal: StaticString) throws(JSONError) {
        let start = location
        let count = literal.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
        guard matches else {
            throw error(.unexpectedCharacter,
                "invalid literal; expected `\(literal)` (JSON literals are lower-case)", at: start)
        }
        index += count
    }

    mutating func parseNumber() throws(JSONError) -> JSONNumber {
        let start = index
        let startLocation = location
        func invalid(_ reason: String) -> JSONError {
            error(.invalidNumber, "invalid number: \(reason)", at: startLocation)
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw invalid("`-` must be followed by a digit") }
        index += 1
        if first == UInt8(ascii: "0") {
            if let next = peek, isDigit(next) { throw invalid("leading zeros are not allowed; write `0` alone") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let next = peek, isDigit(next) else { throw invalid("a digit must follow the decimal point") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let next = peek, isDigit(next) else { throw invalid("the exponent needs at least one digit") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    mutating func enterContainer(_ start: SourceLocation) throws(JSONError) {
        depth += 1
        guard depth <= maxDepth else {
            throw error(.depthExceeded, "arrays and objects nest deeper than the limit of \(maxDepth)", at: start)
        }
    }

    mutating func parseArray() throws(JSONError) -> [JSONValue] {
        var elements: [JSONValue] = []
        try parseElements(of: "array", closing: "]") { parser, _ throws(JSONError) in
            elements.append(try parser.parseValue())
        }
        return elements
    }

    mutating func parseObject() throws(JSONError) -> JSONObject {
        var object = JSONObject(location: location)
        try parseElements(of: "object", closing: "}") { parser, start throws(JSONError) in
            guard parser.peek == UInt8(ascii: "\"") else {
                if parser.peek == nil { throw parser.notClosed("object", opened: start, closing: "}") }
                throw try parser.unexpected(expecting: "a string key in double quotes")
            }
            let keyLocation = parser.location
            let key = try parser.parseString()
            if let first = object.member(key) {
                let firstLine = first.location.map { "line \($0.line)" } ?? "earlier"
                throw parser.error(.duplicateKey,
                    "duplicate key \(JSONValue.string(key).serialized()) on line \(keyLocation.line), "
                        + "first defined on \(firstLine); keep only one of them", at: keyLocation)
            }
            parser.skipWhitespace()
            guard parser.peek == UInt8(ascii: ":") else {
                if parser.peek == nil {
                    throw parser.error(.unexpectedEnd, "the document ends after a key; expected `:`")
                }
                throw try parser.unexpected(expecting: "`:` after the key")
            }
            parser.index += 1
            parser.skipWhitespace()
            let value = try parser.parseValue()
            object.appendAbsent(JSONObject.Member(key: key, value: value, location: keyLocation))
        }
        return object
    }

    /// The elements of the array or object whose opening bracket is at `index`, each read by `element` (given where
    /// the container opened): depth, commas and the closing bracket are checked here for both kinds.
    private mutating func parseElements(
        of kind: String, closing: Unicode.Scalar,
        _ element: (inout JSONByteParser, SourceLocation) throws(JSONError) -> Void
    ) throws(JSONError) {
        let start = location
        try enterContainer(start)
        index += 1
        skipWhitespace()
        let close = UInt8(ascii: closing)
        if peek == close {
            index += 1
            depth -= 1
            return
        }
        while true {
            try element(&self, start)
            skipWhitespace()
            guard let byte = peek else { throw notClosed(kind, opened: start, closing: closing) }
            if byte == close {
                index += 1
                depth -= 1
                return
            }
            guard byte == UInt8(ascii: ",") else { throw try unexpected(expecting: "`,` or `\(closing)`") }
            let comma = location
            index += 1
            skipWhitespace()
            if peek == close { throw trailingComma(at: comma, closing: String(closing)) }
        }
    }

    func notClosed(_ kind: String, opened start: SourceLocation, closing: Unicode.Scalar) -> JSONError {
        error(.unexpectedEnd, "the \(kind) opened at \(start) is not closed; add `\(closing)`")
    }

    func trailingComma(at comma: SourceLocation, closing: String) -> JSONError {
        error(.trailingComma, "trailing comma before `\(closing)`; JSON does not allow it, remove the comma", at: comma)
    }

    /// An error for the character at `index`, with a hint for the usual mistakes.
    mutating func unexpected(expecting expected: String) throws(JSONError) -> JSONError {
        let found = try describeCharacter()
        var hint = ""
        switch bytes[index] {
        case UInt8(ascii: "/"): hint = " (JSON has no comments)"
        case UInt8(ascii: "'"): hint = " (JSON strings use double quotes)"
        case UInt8(ascii: "N"), UInt8(ascii: "I"): hint = " (JSON has no NaN or Infinity)"
        case UInt8(ascii: "\""): hint = " (is a `,` missing?)"
        case UInt8(ascii: "+"), UInt8(ascii: "."): hint = " (JSON numbers start with `-` or a digit)"
        default: break
        }
        return error(.unexpectedCharacter, "unexpected \(found); expected \(expected)\(hint)")
    }

    /// Names the character at `index` (`` `x` `` or `U+0007`); throws if its bytes are not UTF-8.
    mutating func describeCharacter() throws(JSONError) -> String {
        let byte = bytes[index]
        if byte >= 0x80 {
            let start = index
            let scalar = try decodeScalar()
            index = start
            return "character U+\(String(scalar.value, radix: 16, uppercase: true)) `\(Character(scalar))`"
        }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(hex4(UInt16(byte)))" }
        return "character `\(Character(Unicode.Scalar(byte)))`"
    }

    func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
