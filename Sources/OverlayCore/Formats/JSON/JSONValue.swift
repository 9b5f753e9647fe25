/// A JSON value as parsed by ``StrictJSON``: numbers keep their text (integers stay exact), objects keep key order
/// and locations. Not `indirect`: arrays and objects already keep their elements on the heap; a box cost a malloc.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its source text so integers stay exact.
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    package var objectValue: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The kind of value with an article, for messages: "a string", "an object", ….
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON number as its exact source text (RFC 8259 grammar), with numeric accessors.
package struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as written, e.g. `-0`, `12`, `1.50`, `2e10`.
    package let text: String

    /// Creates a number from text that is already known to follow the JSON number grammar.
    init(validatedText: String) {
        self.text = validatedText
    }

    package init(_ value: Int) {
        self.text = String(value)
    }

    /// The exact value if the text is an integer that fits in `Int`; `1.0` and `1e2` give `nil` (`Int(_:)` reads
    /// only an optional sign and digits, which is all a JSON integer is).
    package var intValue: Int? { Int(text) }

    package var description: String { text }
}
