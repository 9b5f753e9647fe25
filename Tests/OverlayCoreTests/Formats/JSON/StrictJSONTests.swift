import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport

@Suite struct StrictJSONAcceptanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: JSONValue
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: JSONValue) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: JSONValue) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("all value kinds with whitespace", " \t\r\n{\"a\" : [1, -0, 1.5e3, true, false, null]} \n",
             ["a": [1, .number(JSONNumber(validatedText: "-0")), .number(JSONNumber(validatedText: "1.5e3")),
                    true, false, nil]]),
        Case("surrogate pair escape", #""\uD83D\uDE00""#, "😀"),
        Case("lower-case surrogate pair escape", #""\ud83d\ude00""#, "😀"),
        Case("all simple escapes", #""\" \\ \/ \b \f \n \r \t \u00e9""#, "\" \\ / \u{8} \u{C} \n \r \t é"),
        Case("escaped NUL", #""a\u0000b""#, "a\u{0}b"),
        Case("raw UTF-8 of every length", "\"é中😀\"", "é中😀"),
        Case("DEL is not a control character in JSON", [0x22, 0x7F, 0x22], "\u{7F}"),
        Case("UTF-8 byte order mark is skipped", [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), [1]),
        Case("scalar at top level", "true", true),
        Case("string at top level", "\"x\"", "x"),
        Case("empty containers", "[{}, []]", [[:], []]),
        Case("escapes mixed with plain runs", #""ab\ncd\u0041ef""#, "ab\ncdAef"),
        Case("same key in sibling objects", #"[{"a":1},{"a":2}]"#, [["a": 1], ["a": 2]]),
    ]

    @Test("accepts", arguments: cases)
    func accepts(_ testCase: Case) throws {
        #expect(try StrictJSON.parse(Data(testCase.bytes)) == testCase.expected)
    }

    @Test("keeps number text exact")
    func numberText() throws {
        let value = try StrictJSON.parse("[12345678901234567890, -0, 1.0, 1e400, 9223372036854775807]")
        let numbers = try #require(value.arrayValue).compactMap(\.numberValue)
        #expect(numbers.map(\.text) == ["12345678901234567890", "-0", "1.0", "1e400", "9223372036854775807"])
        #expect(numbers.map(\.intValue) == [nil, 0, nil, nil, Int.max])
    }

    @Test("keeps member order and key locations")
    func memberLocations() throws {
        let value = try StrictJSON.parse("{\n  \"b\" : 1,\n  \"a\" : {\"x\": 2}\n}")
        let object = try #require(value.objectValue)
        #expect(object.keys == ["b", "a"])
        #expect(object.location == SourceLocation(line: 1, column: 1))
        #expect(object.member("b")?.location == SourceLocation(line: 2, column: 3))
        #expect(object.member("a")?.location == SourceLocation(line: 3, column: 3))
        #expect(object["a"]?.objectValue?.location == SourceLocation(line: 3, column: 9))
        #expect(object["a"]?.objectValue?.member("x")?.location == SourceLocation(line: 3, column: 10))
    }

    @Test("columns after a BOM count from the first byte after it")
    func bomColumns() throws {
        let value = try StrictJSON.parse(Data([0xEF, 0xBB, 0xBF] + Array(#"{"k":1}"#.utf8)))
        #expect(value.objectValue?.member("k")?.location == SourceLocation(line: 1, column: 2))
    }

    @Test("nesting up to the depth limit is accepted")
    func depthLimitInclusive() throws {
        let text = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        _ = try StrictJSON.parse(text)
        let deeper = String(repeating: "{\"a\":", count: 4) + "1" + String(repeating: "}", count: 4)
        _ = try StrictJSON.parse(deeper, limits: ParseLimits(maxDepth: 4))
    }

    @Test("objects compare without regard to order or locations")
    func objectEquality() throws {
        let parsed = try StrictJSON.parse("{\n\"a\":1,\"b\":[true]}")
        #expect(parsed == ["b": [true], "a": 1])
        #expect(parsed != ["a": 1])
        #expect(parsed != ["a": 1, "b": [false]])
    }

    @Test("valid fixtures parse", arguments: [
        "valid-nested-mixed-types.json", "valid-escapes-and-unicode.json", "valid-numbers.json",
        "valid-utf8-bom-skipped.json",
    ])
    func fixturesParse(_ name: String) throws {
        _ = try StrictJSON.parse(Fixtures.data("formats/json/\(name)"))
    }
}

@Suite struct StrictJSONRejectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let code: JSONError.Code
        let line: Int
        let column: Int
        var limits = ParseLimits.default
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ code: JSONError.Code, _ line: Int, _ column: Int,
             limits: ParseLimits = .default) {
            self.init(name, Array(text.utf8), code, line, column, limits: limits)
        }

        init(_ name: String, _ bytes: [UInt8], _ code: JSONError.Code, _ line: Int, _ column: Int,
             limits: ParseLimits = .default) {
            self.name = name
            self.bytes = bytes
            self.code = code
            self.line = line
            self.column = column
            self.limits = limits
        }
    }

    static let cases: [Case] = [
        Case("duplicate key", #"{"a":1,"a":2}"#, .duplicateKey, 1, 8),
        Case("duplicate key under canonical equivalence", "{\"\u{E9}\":1,\"e\u{301}\":2}", .duplicateKey, 1, 9),
        Case("trailing comma in array", "[1,]", .trailingComma, 1, 3),
        Case("trailing comma in object", "{\"a\":1,\n}", .trailingComma, 1, 7),
        Case("line comment", "// c\n1", .unexpectedCharacter, 1, 1),
        Case("block comment", "[1 /* c */]", .unexpectedCharacter, 1, 4),
        Case("leading zero", "01", .invalidNumber, 1, 1),
        Case("negative leading zero", "[-01]", .invalidNumber, 1, 2),
        Case("bare decimal point", "1.", .invalidNumber, 1, 1),
        Case("lone minus", "-", .invalidNumber, 1, 1),
        Case("empty exponent", "1e+", .invalidNumber, 1, 1),
        Case("leading decimal point", ".5", .unexpectedCharacter, 1, 1),
        Case("plus sign", "+1", .unexpectedCharacter, 1, 1),
        Case("NaN", "[NaN]", .unexpectedCharacter, 1, 2),
        Case("Infinity", "Infinity", .unexpectedCharacter, 1, 1),
        Case("negative Infinity", "-Infinity", .invalidNumber, 1, 1),
        Case("hex number", "0x10", .trailingData, 1, 2),
        Case("lone high surrogate", #""\uD83D""#, .invalidEscape, 1, 2),
        Case("lone low surrogate", #""\uDE00""#, .invalidEscape, 1, 2),
        Case("high surrogate then a letter", #""\uD83Dx""#, .invalidEscape, 1, 2),
        Case("high surrogate then a non-surrogate escape", #""\uD83D\u0041""#, .invalidEscape, 1, 2),
        Case("unknown escape", #"["\x"]"#, .invalidEscape, 1, 3),
        Case("short unicode escape", #""\u12G4""#, .invalidEscape, 1, 2),
        Case("raw tab in string", "\"a\tb\"", .controlCharacter, 1, 3),
        Case("raw NUL in string", [0x22, 0x00, 0x22], .controlCharacter, 1, 2),
        Case("unterminated string at end", "\"abc", .unterminatedString, 1, 1),
        Case("string broken by newline", "[\n \"abc\n\"]", .unterminatedString, 2, 2),
        Case("invalid continuation byte", [0x22, 0xC3, 0x28, 0x22], .invalidUTF8, 1, 2),
        Case("overlong encoding", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1, 2),
        Case("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1, 2),
        Case("beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1, 2),
        Case("truncated sequence", [0x22, 0xE2, 0x82], .invalidUTF8, 1, 2),
        Case("Latin-1 byte outside a string", [0x5B, 0xE9, 0x5D], .invalidUTF8, 1, 2),
        Case("UTF-16 byte order mark", [0xFF, 0xFE, 0x31, 0x00], .invalidUTF8, 1, 1),
        Case("empty document", "", .unexpectedEnd, 1, 1),
        Case("whitespace only", " \n ", .unexpectedEnd, 2, 2),
        Case("two top-level values", "1 2", .trailingData, 1, 3),
        Case("text after an object", "{} x", .trailingData, 1, 4),
        Case("missing comma in array", "[1 2]", .unexpectedCharacter, 1, 4),
        Case("missing comma in object", #"{"a":1 "b":2}"#, .unexpectedCharacter, 1, 8),
        Case("missing colon", #"{"a" 1}"#, .unexpectedCharacter, 1, 6),
        Case("unquoted key", "{a:1}", .unexpectedCharacter, 1, 2),
        Case("single-quoted key", "{'a':1}", .unexpectedCharacter, 1, 2),
        Case("truncated literal", "tru", .unexpectedCharacter, 1, 1),
        Case("capitalised literal", "True", .unexpectedCharacter, 1, 1),
        Case("unclosed array", "[1,", .unexpectedEnd, 1, 4),
        Case("unclosed object", #"{"a":"#, .unexpectedEnd, 1, 6),
        Case("no-break space is not whitespace", "\u{A0}1", .unexpectedCharacter, 1, 1),
        Case("form feed is not whitespace", "\u{C}1", .unexpectedCharacter, 1, 1),
        Case("depth over the default limit", String(repeating: "[", count: 33) + String(repeating: "]", count: 33),
             .depthExceeded, 1, 33),
        Case("depth over a configured limit", #"{"a":{"b":[1]}}"#, .depthExceeded, 1, 11,
             limits: ParseLimits(maxDepth: 2)),
    ]

    @Test("rejects", arguments: cases)
    func rejects(_ testCase: Case) {
        #expect {
            try StrictJSON.parse(Data(testCase.bytes), limits: testCase.limits)
        } throws: { error in
            guard let error = error as? JSONError else { return false }
            return error.code == testCase.code
                && error.location == SourceLocation(line: testCase.line, column: testCase.column)
        }
    }

    @Test("size cap")
    func tooLarge() throws {
        let error = #expect(throws: JSONError.self) {
            try StrictJSON.parse("[1,2,3]", limits: ParseLimits(maxBytes: 6))
        }
        #expect(error?.code == .tooLarge)
        #expect(throws: Never.self) { try StrictJSON.parse("[1,2,3]", limits: ParseLimits(maxBytes: 7)) }
    }

    @Test("duplicate key error names the key and both lines")
    func duplicateKeyMessage() throws {
        let error = try #require(throws: JSONError.self) {
            try StrictJSON.parse(Fixtures.data("formats/json/invalid-duplicate-key-nested.json"))
        }
        #expect(error.code == .duplicateKey)
        #expect(error.location == SourceLocation(line: 6, column: 7))
        #expect(error.message.contains(#""name""#))
        #expect(error.message.contains("line 6"))
        #expect(error.message.contains("line 4"))
    }

    @Test("messages carry hints for the usual mistakes", arguments: [
        ("[1 /* c */]", "comments"), ("{'a':1}", "double quotes"), ("[NaN]", "NaN"), ("[1,]", "remove the comma"),
        ("01", "leading zeros"), ("\"a\tb\"", "\\t"),
    ])
    func hints(_ text: String, _ hint: String) throws {
        let error = try #require(throws: JSONError.self) { try StrictJSON.parse(text) }
        #expect(error.message.contains(hint))
    }
}

/// The sixteen-bytes-at-a-time scan of a string's plain run (`ByteScanning.jsonPlainRun`) stops at exactly the bytes
/// the byte loop must decide — below 0x20, at or above 0x80, `"` and `\` — wherever they sit in the chunk and whatever
/// their neighbours, and strings parse the same at every length and alignment around them.
@Suite struct JSONPlainRunTests {
    static func isSpecial(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C }

    @Test func everyByteAtEveryPositionBesideEveryNeighbour() {
        for byte in 0...255 {
            for neighbour in [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7E, 0x7F, 0x80, 0xFF] {
                for position in 0..<16 {
                    var bytes = [UInt8](repeating: UInt8(neighbour), count: 16)
                    bytes[position] = UInt8(byte)
                    let end = bytes.withUnsafeBufferPointer { ByteScanning.jsonPlainRun($0, from: 0) }
                    #expect(end == bytes.firstIndex(where: Self.isSpecial) ?? 16, "\(bytes)")
                }
            }
        }
    }

    @Test func runEndsAtTheFirstSpecialByteOrTheLastWholeChunk() throws {
        for length in 0..<40 {
            for special in [nil, UInt8(0x22), 0x5C, 0x0A, 0xC3] as [UInt8?] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if let special, length > 0 { bytes[length / 2] = special }
                let end = bytes.withUnsafeBufferPointer { ByteScanning.jsonPlainRun($0, from: 0) }
                let first = bytes.firstIndex(where: Self.isSpecial) ?? length
                // The byte loop decides what is left after the last whole chunk.
                #expect(end == min(first, length / 16 * 16), "\(length) \(String(describing: special))")
                let text = "\"" + String(repeating: "x", count: length % 9) + "é\\n" + String(repeating: "y", count: length) + "\""
                #expect(try StrictJSON.parse(Data(text.utf8)) == .string(String(repeating: "x", count: length % 9) + "é\n"
                    + String(repeating: "y", count: length)))
            }
        }
    }

}
