package import OverlayCore

/// Literal syntax for building JSON values in tests: `let v: JSONValue = ["a": [1, "x", nil]]` (no client code builds
/// JSON from literals, so the conformances live here, not in the module an app links).
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Members in literal order; a repeated key replaces the earlier value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

/// Accessors only tests read (decoders go through ``JSONNode``, which names the path of a wrong type).
extension JSONValue {
    package var numberValue: JSONNumber? {
        if case .number(let value) = self { value } else { nil }
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }
}
