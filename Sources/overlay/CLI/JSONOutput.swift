import OverlayCore

/// A small ordered JSON builder for `--json` output: keys stay in the order a script reads them. Written by the
/// library's JSON writer (`JSONValue.serialized`), so the CLI and the artifacts escape text the same way.
indirect enum JSONOutput {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// Pretty-printed with two spaces and `"key": value`, keys in the given order.
    func rendered() -> String {
        value.serialized(pretty: true, keySeparator: ": ")
    }

    var value: JSONValue {
        switch self {
        case .string(let text): .string(text)
        case .int(let number): .number(JSONNumber(number))
        case .bool(let flag): .bool(flag)
        case .null: .null
        case .array(let items): .array(items.map(\.value))
        case .object(let members): .object(JSONObject(members.map { ($0.0, $0.1.value) }))
        }
    }

    /// `text` as a JSON string literal, quotes included.
    static func quote(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }
}
