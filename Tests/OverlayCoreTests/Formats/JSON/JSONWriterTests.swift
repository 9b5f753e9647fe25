import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport

@Suite struct JSONWriterTests {
    static let sample: JSONValue = [
        "z": "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} nul \u{0} é 😀",
        "a": [1, .number(JSONNumber(validatedText: "-1.5e-3")), true, false, nil, [], [:]],
        "m": ["nested": ["deeper": "x"]],
    ]

    @Test("output re-parses to the same value", arguments: [(false, false), (false, true), (true, false), (true, true)])
    func roundTrip(_ pretty: Bool, _ sortedKeys: Bool) throws {
        let text = Self.sample.serialized(pretty: pretty, sortedKeys: sortedKeys)
        #expect(try StrictJSON.parse(text) == Self.sample)
    }

    @Test("valid fixtures round-trip through the writer", arguments: [
        "valid-nested-mixed-types.json", "valid-escapes-and-unicode.json", "valid-numbers.json",
    ])
    func fixturesRoundTrip(_ name: String) throws {
        let value = try StrictJSON.parse(Fixtures.data("formats/json/\(name)"))
        #expect(try StrictJSON.parse(value.serialized(pretty: true)) == value)
        #expect(try StrictJSON.parse(value.serialized()) == value)
    }

    @Test("compact output keeps member order")
    func compact() {
        let value: JSONValue = ["b": 1, "a": ["x", nil]]
        #expect(value.serialized() == #"{"b":1,"a":["x",null]}"#)
        #expect(value.serialized(sortedKeys: true) == #"{"a":["x",null],"b":1}"#)
    }

    @Test("pretty output is Xcode style: two spaces and space-colon-space")
    func pretty() {
        let value: JSONValue = ["version": "1.0", "strings": ["k": ["n": [1, 2]]], "empty": [:]]
        let expected = """
            {
              "version" : "1.0",
              "strings" : {
                "k" : {
                  "n" : [
                    1,
                    2
                  ]
                }
              },
              "empty" : {}
            }
            """
        #expect(value.serialized(pretty: true) == expected)
    }

    @Test("escapes control characters and nothing else")
    func escaping() {
        let value: JSONValue = .string("\"\\/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{7F}é")
        #expect(value.serialized() == #""\"\\/\n\r\t\b\f\u0001\u001f"# + "\u{7F}é\"")
    }

    @Test("sorted keys use byte order, not locale order")
    func byteOrder() {
        let value: JSONValue = ["b": 1, "B": 2, "é": 3, "a": 4]
        #expect(value.serialized(sortedKeys: true) == #"{"B":2,"a":4,"b":1,"é":3}"#)
    }

    @Test("numbers are written as their source text")
    func numberText() throws {
        let value = try StrictJSON.parse("[1.50, 12345678901234567890, -0, 1E+2]")
        #expect(value.serialized() == "[1.50,12345678901234567890,-0,1E+2]")
    }
}
