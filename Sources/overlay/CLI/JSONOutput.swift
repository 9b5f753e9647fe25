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

    /// Writes this object, pretty-printed as ``rendered()`` prints it, with `items` as one more member `name` at its
    /// end, each item rendered and written on its own: a catalog's 176,000 findings never become one tree (that took
    /// 580 MB for a 14 MB catalog).
    func write<Item>(appending name: String, _ items: some Collection<Item>, to console: Console, _ item: (Item) -> JSONOutput) {
        let head = rendered()
        guard case .object(let members) = self, head.hasSuffix("}") else {
            console.out(head)
            return
        }
        var text = String(head.dropLast(members.isEmpty ? 1 : 2)) + (members.isEmpty ? "\n" : ",\n")
        text += "  \(Self.quote(name)): ["
        for (index, element) in items.enumerated() {
            text.append(index == 0 ? "\n    " : ",\n    ")
            text.append(item(element).rendered(indentedBy: "    "))
            if text.utf8.count > 1 << 16 {  // written in pieces, never held whole
                console.write(text)
                text = ""
            }
        }
        text += items.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        console.write(text)
    }

    /// ``rendered()`` with every line after the first indented by `indent`, as the member of an array that deep. A flat
    /// object (a finding) is written directly, without building a ``JSONValue`` tree for it.
    func rendered(indentedBy indent: String) -> String {
        var text = "{"
        if case .object(let members) = self, !members.isEmpty {
            for (index, member) in members.enumerated() {
                guard let value = member.1.scalarText else { text = ""; break }
                text.append(index == 0 ? "\n" : ",\n")
                text.append(indent)
                text.append("  ")
                text.append(Self.quote(member.0))
                text.append(": ")
                text.append(value)
            }
            if !text.isEmpty { return text + "\n" + indent + "}" }
        }
        return rendered().split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }

    /// The text of a string, number, boolean or null; nil for an array or object.
    private var scalarText: String? {
        switch self {
        case .string(let text): Self.quote(text)
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// `text` as a JSON string literal, quotes included.
    static func quote(_ text: String) -> String {
        // Most text needs no escape: the writer is asked only for what does (the same bytes either way).
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + text + "\""
        }
        return JSONValue.string(text).serialized()
    }
}
