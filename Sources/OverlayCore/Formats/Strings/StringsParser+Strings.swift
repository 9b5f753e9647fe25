/// Quoted and unquoted strings, and the escapes of FORMATS.md §1.3.
extension StringsParser {
    /// Nil when no string can start at `position`.
    mutating func parseSpan() throws(StringsError) -> Span? {
        let byte = bytes[position]
        if byte == ASCII.doubleQuote || byte == ASCII.singleQuote {
            return try parseQuotedString(quote: byte)
        }
        guard StringsParser.isUnquotedCharacter(byte) else { return nil }
        let start = position
        repeat { position += 1 } while position < bytes.count && StringsParser.isUnquotedCharacter(bytes[position])
        return .bytes(start: start, end: position)
    }

    func string(_ span: Span) -> String { Self.string(span, in: bytes) }

    static func string(_ span: Span, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch span {
        case .bytes(let start, let end): String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        case .decoded(let text): text
        }
    }

    /// `[A-Za-z0-9_$/:.-]`, the characters of an unquoted string.
    @inline(__always)
    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: true
        default: false
        }
    }

    private mutating func parseQuotedString(quote: UInt8) throws(StringsError) -> Span {
        let opening = position
        let start = position + 1
        let end = bytes.count
        var index = ByteScanning.firstIndex(of: quote, or: ASCII.backslash, in: bytes, from: start)
        if index < end && bytes[index] == quote {
            position = index + 1
            return .bytes(start: start, end: index)
        }
        guard index < end else { throw unterminatedString(at: opening, quote: quote) }

        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        var pendingHighSurrogate: (unit: UInt16, offset: Int)?
        while true {
            guard index < end else { throw unterminatedString(at: opening, quote: quote) }
            let byte = bytes[index]
            if byte == quote { break }
            if byte != ASCII.backslash {
                flush(&pendingHighSurrogate)
                let runStart = index
                index = ByteScanning.firstIndex(of: quote, or: ASCII.backslash, in: bytes, from: index + 1)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                continue
            }
            let escape = index
            index += 1
            guard index < end else { throw unterminatedString(at: opening, quote: quote) }
            let letter = bytes[index]
            index += 1
            if letter == UInt8(ascii: "U") {
                let unit = readHexUnit(&index)
                appendUTF16Unit(unit, at: escape, pending: &pendingHighSurrogate)
                continue
            }
            flush(&pendingHighSurrogate)
            switch letter {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                let value = readOctalByte(first: letter, &index)
                let scalar = NeXTSTEPEncoding.scalar(for: value)
                if value >= 0x80 {
                    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[escape..<index]), as: UTF8.self)
                    warn(.highOctalEscape, at: escape,
                        "the octal escape '\(written)' is decoded as NeXTSTEP (\(StringsParser.unicodeName(scalar.value))), not Latin-1; write the character itself or a \\U escape")
                }
                StringsTextDecoding.append(scalar, to: &scratch)
            case UInt8(ascii: "a"): scratch.append(0x07)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "v"): scratch.append(0x0B)
            case ASCII.doubleQuote, ASCII.singleQuote, ASCII.backslash, ASCII.newline, ASCII.carriageReturn:
                scratch.append(letter)
            case UInt8(ascii: "u"):
                scratch.append(letter)
                warn(.lowercaseUnicodeEscape, at: escape,
                    "'\\u' is not an escape: Apple drops the backslash and keeps the 'u'; write '\\U' followed by up to 4 hex digits")
            default:
                // Any other character stands for itself.
                let length = StringsParser.scalarLength(lead: letter)
                let scalarEnd = min(index - 1 + length, end)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index - 1)..<scalarEnd]))
                index = scalarEnd
                warn(.unknownEscape, at: escape,
                    "\(describeCharacter(at: escape + 1)) has no escape meaning, so Apple drops the backslash before it; remove the backslash")
            }
        }
        flush(&pendingHighSurrogate)
        position = index + 1
        return .decoded(String(decoding: scratch, as: UTF8.self))
    }

    private mutating func unterminatedString(at opening: Int, quote: UInt8) -> StringsError {
        let mark = quote == ASCII.doubleQuote ? "\"" : "'"
        return error(.unterminatedString, at: opening,
            "the string opened here with \(mark) is never closed; add the closing \(mark) (and escape quotes inside as \\\(mark))")
    }

    /// None gives U+0000, as in CoreFoundation.
    private func readHexUnit(_ index: inout Int) -> UInt16 {
        var value: UInt16 = 0
        var digits = 0
        while digits < 4 && index < bytes.count {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return value
            }
            value = value << 4 | UInt16(digit)
            index += 1
            digits += 1
        }
        return value
    }

    /// One to three octal digits, truncated to a byte as CoreFoundation's `uint8_t` does (`\777` → 0xFF).
    private func readOctalByte(first: UInt8, _ index: inout Int) -> UInt8 {
        var value = first - UInt8(ascii: "0")
        var digits = 1
        while digits < 3 && index < bytes.count {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") else { break }
            value = value &<< 3 &+ (byte - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return value
    }

    /// Appends a UTF-16 code unit from `\U`, pairing a high surrogate with an immediately following low one.
    private mutating func appendUTF16Unit(_ unit: UInt16, at escape: Int, pending: inout (unit: UInt16, offset: Int)?) {
        if UTF16.isTrailSurrogate(unit), let high = pending {
            let value = 0x10000 + (UInt32(high.unit - 0xD800) << 10) + UInt32(unit - 0xDC00)
            StringsTextDecoding.append(Unicode.Scalar(value) ?? "\u{FFFD}", to: &scratch)
            pending = nil
            return
        }
        flush(&pending)
        if UTF16.isLeadSurrogate(unit) {
            pending = (unit, escape)
        } else if let scalar = Unicode.Scalar(unit) {
            StringsTextDecoding.append(scalar, to: &scratch)
        } else {
            appendLoneSurrogate(unit, at: escape)
        }
    }

    private mutating func flush(_ pending: inout (unit: UInt16, offset: Int)?) {
        guard let high = pending else { return }
        pending = nil
        appendLoneSurrogate(high.unit, at: high.offset)
    }

    private mutating func appendLoneSurrogate(_ unit: UInt16, at escape: Int) {
        StringsTextDecoding.append("\u{FFFD}", to: &scratch)
        warn(.loneSurrogate, at: escape,
            "\\U escape \(StringsParser.unicodeName(UInt32(unit))) is half of a surrogate pair and becomes U+FFFD; write both halves, as in \\UD83D\\UDE00")
    }
}
