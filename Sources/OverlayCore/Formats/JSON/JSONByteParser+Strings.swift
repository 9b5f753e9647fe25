/// Strings, escapes and UTF-8 validation for ``JSONByteParser``.
extension JSONByteParser {
    /// Parses a string starting at its opening quote. A string without escapes is decoded straight from the input
    /// bytes; once one is met, the runs between escapes are gathered in the scratch buffer.
    mutating func parseString() throws(JSONError) -> String {
        let start = location
        index += 1
        var runStart = index
        var escaped = false
        index = ByteScanning.jsonPlainRun(bytes, from: index)
        while index < bytes.count {
            let byte = bytes[index]
            // Printable ASCII other than the quote and backslash needs no check: the common byte costs a compare.
            if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard escaped else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    scratch.removeAll(keepingCapacity: true)
                    escaped = true
                }
                scratch.append(contentsOf: bytes[runStart..<index])
                try parseEscape()
                runStart = index
                continue
            }
            try checkPlain(byte, stringStart: start)
        }
        throw unterminated(start)
    }

    /// Accepts one unescaped character (advancing past it) or throws for control bytes and bad UTF-8.
    private mutating func checkPlain(_ byte: UInt8, stringStart: SourceLocation) throws(JSONError) {
        if byte >= 0x80 {
            _ = try decodeScalar()
        } else if byte < 0x20 {
            if byte == 0x0A || byte == 0x0D { throw unterminated(stringStart) }
            throw error(.controlCharacter, "raw control character U+\(hex4(UInt16(byte))) in a string; write it as an "
                + "escape such as \\t or \\u\(hex4(UInt16(byte)))")
        } else {
            index += 1
        }
    }

    private func unterminated(_ start: SourceLocation) -> JSONError {
        error(.unterminatedString, "the string starting at \(start) has no closing `\"` on its line; add it, "
            + "or write a newline inside a string as \\n", at: start)
    }

    private mutating func parseEscape() throws(JSONError) {
        let escapeLocation = location
        index += 1
        guard let byte = peek else { throw unterminated(escapeLocation) }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeLocation)
            let scalar: Unicode.Scalar?
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw loneSurrogate(unit, escapeLocation) }
                let lowLocation = location
                index += 2
                let low = try parseHex4(lowLocation)
                guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, escapeLocation) }
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00...0xDFFF:
                throw loneSurrogate(unit, escapeLocation)
            default:
                scalar = Unicode.Scalar(UInt32(unit))
            }
            if let scalar, let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
        default:
            let found = byte < 0x80 && byte >= 0x20 ? "\\\(Character(Unicode.Scalar(byte)))" : "a backslash"
            throw error(.invalidEscape,
                "invalid escape `\(found)`; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                at: escapeLocation)
        }
    }

    private mutating func parseHex4(_ escapeLocation: SourceLocation) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw unterminated(escapeLocation) }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(.invalidEscape, "`\\u` must be followed by four hex digits", at: escapeLocation)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func loneSurrogate(_ unit: UInt16, _ escapeLocation: SourceLocation) -> JSONError {
        error(.invalidEscape, "lone UTF-16 surrogate \\u\(hex4(unit)); a high surrogate (D800–DBFF) must be followed "
            + "by a low one (DC00–DFFF), e.g. \\uD83D\\uDE00", at: escapeLocation)
    }

    /// Decodes one multi-byte UTF-8 sequence at `index` and advances past it, with the standard library's validating
    /// parser (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF), as `.strings` text is checked.
    mutating func decodeScalar() throws(JSONError) -> Unicode.Scalar {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        guard case .valid(let sequence) = parser.parseScalar(from: &iterator) else { throw invalidUTF8() }
        index += sequence.count
        return Unicode.UTF8.decode(sequence)
    }

    private func invalidUTF8() -> JSONError {
        error(.invalidUTF8,
            "invalid UTF-8 byte 0x\(String(bytes[index], radix: 16, uppercase: true)); save the file as UTF-8")
    }
}
