/// A deterministic JSON writer whose output ``StrictJSON`` parses back to an equal value.
extension JSONValue {
    /// The value as JSON text, without a trailing newline: compact, or `pretty` with two-space indentation and
    /// `keySeparator` after keys (`" : "` as Xcode writes `.xcstrings`); members in stored order, or sorted by the
    /// UTF-8 bytes of their keys. Strings escape only `"`, `\` and U+0000…U+001F.
    package func serialized(pretty: Bool = false, sortedKeys: Bool = false, keySeparator: String = " : ") -> String {
        var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys, keySeparator: keySeparator)
        writer.write(self, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

private struct JSONWriter {
    let pretty: Bool
    let sortedKeys: Bool
    let keySeparator: String
    var output: [UInt8] = []

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): writeString(text)
        case .array(let elements):
            guard !elements.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            var members = object.members
            if sortedKeys { members.sort { String.utf8Precedes($0.key, $1.key) } }
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(member.key)
                output.append(contentsOf: (pretty ? keySeparator : ":").utf8)
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func newline(_ indent: Int) {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
