/// The old-style (OpenStep) `.strings` grammar of FORMATS.md §1.2, over valid UTF-8 bytes.
///
/// ```
/// file      := ws* ( dict_body | '{' dict_body '}' ) ws*
/// entry     := string ws* ( ';' | '=' ws* string ws* ';' )
/// string    := '"' qchar* '"' | "'" qchar* "'" | [A-Za-z0-9_$/:.-]+
/// ws        := U+0009…U+000D | ' ' | U+2028 | U+2029 | '//' comment | '/*' comment '*/'
/// ```
///
/// Stricter than CoreFoundation where CoreFoundation loses data silently: junk after the last entry,
/// an unterminated `/*` and non-string values are errors here.
struct StringsParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var locator: SourceLocator
    var warnings: [StringsWarning] = []
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.locator = SourceLocator(bytes)
    }

    /// A range of the text when it has no escape, else the decoded text: the store's compiled index keeps ranges.
    enum Span: Sendable, Equatable {
        case bytes(start: Int, end: Int)
        case decoded(String)
    }

    /// Throws after visiting the entries before the error.
    mutating func walkFile<Visitor: StringsEntryVisitor>(_ visitor: inout Visitor) throws(StringsError) {
        try skipTrivia()
        guard position < bytes.count else { return }
        if bytes[position] == ASCII.openBrace {
            let brace = position
            position += 1
            try walkBody(&visitor, openingBrace: brace)
            try skipTrivia()
            if position < bytes.count {
                throw error(.unexpectedCharacter, at: position,
                    "unexpected \(describeCharacter(at: position)) after the closing '}'; remove it or move the entry inside the braces")
            }
        } else {
            try walkBody(&visitor, openingBrace: nil)
        }
    }

    private mutating func walkBody<Visitor: StringsEntryVisitor>(
        _ visitor: inout Visitor, openingBrace: Int?
    ) throws(StringsError) {
        while true {
            try skipTrivia()
            guard position < bytes.count else {
                if let openingBrace {
                    throw error(.missingClosingBrace, at: openingBrace,
                        "the '{' that opens the table is never closed; add '}' after the last entry")
                }
                return
            }
            if openingBrace != nil && bytes[position] == ASCII.closeBrace {
                position += 1
                return
            }
            try walkEntry(&visitor)
        }
    }

    private mutating func walkEntry<Visitor: StringsEntryVisitor>(_ visitor: inout Visitor) throws(StringsError) {
        let keyStart = position
        guard let key = try parseSpan() else {
            throw error(.unexpectedCharacter, at: keyStart,
                "unexpected \(describeCharacter(at: keyStart)) where a key was expected; quote the key, as in \"key\" = \"value\";")
        }
        let keyEnd = position
        try skipTrivia()
        let value: Span
        guard position < bytes.count else {
            throw error(.missingSemicolon, at: keyEnd,
                "the key \(quoted(key)) is not followed by '= value;' or ';'; add the missing ';'")
        }
        switch bytes[position] {
        case ASCII.semicolon:
            position += 1
            value = key
        case ASCII.equals:
            position += 1
            value = try parseValue(forKey: key)
            let valueEnd = position
            try skipTrivia()
            guard position < bytes.count, bytes[position] == ASCII.semicolon else {
                throw error(.missingSemicolon, at: valueEnd,
                    "missing ';' after the value of \(quoted(key)); every entry, the last one included, must end with ';'")
            }
            position += 1
        default:
            throw error(.unexpectedCharacter, at: position,
                "unexpected \(describeCharacter(at: position)) after the key \(quoted(key)); expected '=' or ';'")
        }
        try visitor.visit(key: key, value: value, keyStart: keyStart)
    }

    private mutating func parseValue(forKey key: Span) throws(StringsError) -> Span {
        try skipTrivia()
        guard position < bytes.count else {
            throw error(.unexpectedEndOfFile, at: position,
                "the file ends after '=' for the key \(quoted(key)); add a quoted value and ';'")
        }
        let start = position
        if let value = try parseSpan() { return value }
        let kind: String? = switch bytes[start] {
        case ASCII.openBrace: "a dictionary"
        case ASCII.openParenthesis: "an array"
        case ASCII.lessThan: "a <hex> data value"
        default: nil
        }
        if let kind {
            throw error(.nonStringValue, at: start,
                "the value of \(quoted(key)) is \(kind); a .strings table holds only quoted string values")
        }
        throw error(.unexpectedCharacter, at: start,
            "unexpected \(describeCharacter(at: start)) where the value of \(quoted(key)) was expected; quote the value")
    }

    /// Whitespace includes U+2028 and U+2029. Most calls stand at a token or one space before it, and return at once.
    @inline(__always)
    mutating func skipTrivia() throws(StringsError) {
        if position < bytes.count, Self.startsToken(bytes[position]) { return }
        if position + 1 < bytes.count, bytes[position] == ASCII.space, Self.startsToken(bytes[position + 1]) {
            position += 1
            return
        }
        try skipTriviaRun()
    }

    /// Not whitespace nor a comment's `/`: printable ASCII but `/`.
    @inline(__always)
    private static func startsToken(_ byte: UInt8) -> Bool { byte > ASCII.space && byte < 0x80 && byte != ASCII.slash }

    private mutating func skipTriviaRun() throws(StringsError) {
        let end = bytes.count
        while position < end {
            let byte = bytes[position]
            if byte == ASCII.space || (byte >= 0x09 && byte <= 0x0D) {
                position += 1
            } else if byte == 0xE2, position + 2 < end, bytes[position + 1] == 0x80,
                bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9
            {
                position += 3
            } else if byte == ASCII.slash, position + 1 < end, bytes[position + 1] == ASCII.slash {
                position += 2
                while position < end {
                    position = ByteScanning.firstIndex(of: ASCII.newline, ASCII.carriageReturn, 0xE2, in: bytes, from: position)
                    if position >= end || isLineCommentEnd(at: position) { break }
                    position += 1
                }
            } else if byte == ASCII.slash, position + 1 < end, bytes[position + 1] == ASCII.asterisk {
                let start = position
                position += 2
                while true {
                    position = ByteScanning.firstIndex(of: ASCII.asterisk, or: ASCII.asterisk, in: bytes, from: position)
                    guard position + 1 < end else {
                        throw error(.unterminatedComment, at: start,
                            "this '/*' comment is never closed, so Apple drops every entry after it; add '*/'")
                    }
                    if bytes[position] == ASCII.asterisk && bytes[position + 1] == ASCII.slash {
                        position += 2
                        break
                    }
                    position += 1
                }
            } else {
                return
            }
        }
    }

    /// A `//` comment ends before `\n`, `\r`, U+2028 or U+2029.
    private func isLineCommentEnd(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == ASCII.newline || byte == ASCII.carriageReturn { return true }
        return byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    mutating func error(_ code: StringsError.Code, at offset: Int, _ message: String) -> StringsError {
        StringsError(code: code, message: message, location: locator.location(of: offset))
    }

    mutating func warn(_ code: StringsWarning.Code, at offset: Int, _ message: String) {
        warnings.append(StringsWarning(code: code, message: message, location: locator.location(of: offset)))
    }

    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let length = StringsParser.scalarLength(lead: bytes[offset])
        let slice = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + length, bytes.count)])
        let text = String(decoding: slice, as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "end of file" }
        let hex = StringsParser.unicodeName(scalar.value)
        if scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 {
            return "character \(hex)"
        }
        return "character '\(text)' (\(hex))"
    }

    static func unicodeName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Cut after 60 scalars.
    func quoted(_ key: Span) -> String { Self.quoted(Self.string(key, in: bytes)) }

    static func quoted(_ key: String) -> String {
        let shown = key.unicodeScalars.count > 60 ? String(key.unicodeScalars.prefix(60)) + "…" : key
        return "\"\(shown)\""
    }

    /// 1 for a stray continuation byte.
    static func scalarLength(lead: UInt8) -> Int {
        if lead < 0xC0 { return 1 }
        if lead < 0xE0 { return 2 }
        if lead < 0xF0 { return 3 }
        return 4
    }
}

package enum ASCII {
    package static let tab: UInt8 = 0x09
    package static let newline: UInt8 = 0x0A
    package static let carriageReturn: UInt8 = 0x0D
    package static let space: UInt8 = 0x20
    package static let doubleQuote: UInt8 = 0x22
    package static let singleQuote: UInt8 = 0x27
    package static let openParenthesis: UInt8 = 0x28
    package static let asterisk: UInt8 = 0x2A
    package static let slash: UInt8 = 0x2F
    package static let semicolon: UInt8 = 0x3B
    package static let lessThan: UInt8 = 0x3C
    package static let equals: UInt8 = 0x3D
    package static let backslash: UInt8 = 0x5C
    package static let openBrace: UInt8 = 0x7B
    package static let closeBrace: UInt8 = 0x7D
}
