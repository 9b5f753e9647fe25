/// The value of a plain string literal, decoded the way Swift builds it.
extension SwiftSource {
    /// The value of the `.string` token at `index`: escapes (`\n`, `\"`, `\u{E9}`; `\#n` in `#"…"#`) decoded, and
    /// for `"""` literals the closing delimiter's indentation stripped from every line, line continuations (`\`
    /// at the end of a line) joined, and line breaks normalized to `\n`. Nil for any other token and for a
    /// literal Swift would reject (unterminated, an unknown escape, a non-empty line not indented like the closing `"""`).
    package func stringLiteralValue(at index: Int) -> String? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .string else { return nil }
        let token = tokens[index]
        let delimiter = token.delimiter
        let length = delimiter.length
        guard token.end - token.start >= 2 * length, hasClosingDelimiter(token) else { return nil }
        let body = (token.start + length)..<(token.end - length)
        let decoded = delimiter.isMultiline
            ? multilineValue(body, hashes: delimiter.hashes) : decodeEscapes(bytes[body], hashes: delimiter.hashes)
        return decoded.map { String(decoding: $0, as: UTF8.self) }
    }

    private func hasClosingDelimiter(_ token: SwiftToken) -> Bool {
        let hashes = token.delimiter.hashes
        let quotes = token.delimiter.isMultiline ? 3 : 1
        let closing = token.end - hashes - quotes
        return bytes[closing..<(closing + quotes)].allSatisfy { $0 == UInt8(ascii: "\"") }
            && bytes[(token.end - hashes)..<token.end].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    /// Strips the indentation of the closing delimiter's line from the lines between the delimiters.
    private func multilineValue(_ body: Range<Int>, hashes: Int) -> [UInt8]? {
        var lines = Self.splitLines(bytes[body])
        // The opening `"""` ends its line (only spaces and tabs may follow it); the closing one starts its own.
        guard lines.count >= 2, lines[0].allSatisfy(Self.isHorizontalSpace) else { return nil }
        let indentation = lines.removeLast()
        guard indentation.allSatisfy(Self.isHorizontalSpace) else { return nil }
        lines.removeFirst()
        var value: [UInt8] = []
        let continuation = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        for (number, line) in lines.enumerated() {
            let content: ArraySlice<UInt8>
            if line.starts(with: indentation) {
                content = line.dropFirst(indentation.count)
            } else if line.isEmpty {
                content = []
            } else {
                return nil  // Swift: "insufficient indentation", even for a line of fewer spaces
            }
            var text = content
            var joinsNext = false
            if Self.endsWithContinuation(content, marker: continuation, hashes: hashes) {
                guard number < lines.count - 1 else { return nil }
                text = content.dropLast(continuation.count)
                joinsNext = true
            }
            guard let decoded = decodeEscapes(text, hashes: hashes) else { return nil }
            value += decoded
            if number < lines.count - 1, !joinsNext { value.append(UInt8(ascii: "\n")) }
        }
        return value
    }

    /// A line ends with a continuation when its last `\` (followed by the delimiter's `#`s) is not itself escaped.
    private static func endsWithContinuation(_ line: ArraySlice<UInt8>, marker: [UInt8], hashes: Int) -> Bool {
        guard line.count >= marker.count, line.suffix(marker.count).elementsEqual(marker) else { return false }
        guard hashes == 0 else { return true }
        let backslashes = line.reversed().prefix { $0 == UInt8(ascii: "\\") }.count
        return backslashes % 2 == 1
    }

    private static func splitLines(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(text[start..<index])
                index += byte == UInt8(ascii: "\r") && index + 1 < text.endIndex && text[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        lines.append(text[start..<text.endIndex])
        return lines
    }

    private static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Decodes `\0 \\ \t \n \r \" \' \u{…}` (each written `\#…` in a literal with one `#`, and so on). Nil on an
    /// escape Swift rejects, or on an interpolation (which a plain literal cannot hold).
    private func decodeEscapes(_ text: ArraySlice<UInt8>, hashes: Int) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\"), Self.hashes(in: text, at: index + 1, count: hashes) else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = index + 1 + hashes
            guard escaped < text.endIndex else { return nil }
            index = escaped + 1
            switch text[escaped] {
            case UInt8(ascii: "0"): output.append(0)
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "t"): output.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): output.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): output.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "'"): output.append(UInt8(ascii: "'"))
            case UInt8(ascii: "u"):
                guard index < text.endIndex, text[index] == UInt8(ascii: "{"),
                    let close = text[index...].firstIndex(of: UInt8(ascii: "}")), close - index - 1 >= 1,
                    close - index - 1 <= 8
                else { return nil }
                var value: UInt32 = 0
                for digit in text[(index + 1)..<close] {
                    guard let nibble = Self.hexValue(digit) else { return nil }
                    value = value << 4 | nibble
                }
                guard let scalar = Unicode.Scalar(value) else { return nil }
                output += Array(String(Character(scalar)).utf8)
                index = close + 1
            default:
                return nil
            }
        }
        return output
    }

    private static func hashes(in text: ArraySlice<UInt8>, at offset: Int, count: Int) -> Bool {
        guard offset + count <= text.endIndex else { return false }
        return text[offset..<(offset + count)].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension SwiftSource {
    /// Whether the text of the string literal argument (interpolations left out, an escape's letter such as
    /// the `n` of `\n` not counted) holds a letter. `"@\(name)"`, `"\(count)"`, `"|"` and `""` do not: no
    /// catalog translates their keys (`@%@`, `%lld`), so the lint does not ask for their bundle.
    package func literalHasLetter(_ argument: SwiftArgument) -> Bool {
        guard let first = argument.value.first, let last = argument.value.last else { return false }
        var text: [UInt8] = []
        var cursor = tokens[first].start
        var index = first
        while index <= last {
            let token = tokens[index]
            if token.kind == .interpolationStart {
                text += bytes[cursor..<token.start]
                let close = partners[index]
                guard close < tokens.count else { return true }
                cursor = tokens[close].end
                index = close + 1
            } else {
                index += 1
            }
        }
        text += bytes[cursor..<tokens[last].end]
        var unescaped: [UInt8] = []
        var position = 0
        while position < text.count {
            if text[position] == UInt8(ascii: "\\") {
                position += 1
                while position < text.count, text[position] == UInt8(ascii: "#") { position += 1 }
                if position < text.count, text[position] == UInt8(ascii: "u") {
                    while position < text.count, text[position] != UInt8(ascii: "}") { position += 1 }
                }
                position += 1
                continue
            }
            unescaped.append(text[position])
            position += 1
        }
        return String(decoding: unescaped, as: UTF8.self).contains { $0.isLetter }
    }
}
