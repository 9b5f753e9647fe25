/// A strict, non-validating XML reader for Apple's property-list dialect. It never resolves external entities: a
/// DOCTYPE is skipped, and only the five predefined entities and character references are decoded.
struct XMLPropertyListParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    private var locator: SourceLocator

    struct StartTag {
        var name: String
        var isEmpty: Bool
        var location: SourceLocation
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        locator = SourceLocator(bytes)
    }

    mutating func location(of offset: Int) -> SourceLocation {
        locator.location(of: min(offset, bytes.count))
    }

    mutating func error(_ code: PropertyListError.Code, _ message: String, at offset: Int? = nil) -> PropertyListError {
        PropertyListError(code: code, message: message, location: location(of: offset ?? index))
    }

    /// An error at a tag already located (its `<`).
    func error(_ code: PropertyListError.Code, _ message: String, at location: SourceLocation) -> PropertyListError {
        PropertyListError(code: code, message: message, location: location)
    }

    var isAtEnd: Bool { index >= bytes.count }

    func peek(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        return bytes[index..<index + utf8.count].elementsEqual(utf8)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func skip(past terminator: String, what: String) throws(PropertyListError) {
        let start = index
        while !isAtEnd {
            if peek(terminator) {
                index += terminator.utf8.count
                return
            }
            index += 1
        }
        throw error(.malformed, "The \(what) is never closed with `\(terminator)`; close it.", at: start)
    }

    mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if peek("<!--") {
                try skip(past: "-->", what: "comment")
            } else if peek("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>` with a bracketed internal subset and quoted literals; nothing in it is used.
    mutating func skipDoctype() throws(PropertyListError) {
        let start = index
        var bracketDepth = 0
        var quote: UInt8?
        while !isAtEnd {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw error(.malformed, "The DOCTYPE is never closed with `>`; close it.", at: start)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }

    mutating func readName() throws(PropertyListError) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw error(.malformed, "Expected an element name after `<`; fix the tag.") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads `<name attr="v" …>` or `<name … />` at the current `<`; attributes are checked and ignored.
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = index
        guard peek("<"), !peek("</") else {
            throw error(.malformed, "Expected a property-list element here; remove the stray text.")
        }
        index += 1
        let name = try readName()
        while true {
            skipWhitespace()
            if peek("/>") {
                index += 2
                return StartTag(name: name, isEmpty: true, location: location(of: start))
            }
            if peek(">") {
                index += 1
                return StartTag(name: name, isEmpty: false, location: location(of: start))
            }
            _ = try readName()
            skipWhitespace()
            guard peek("=") else { throw error(.malformed, "An attribute of <\(name)> has no `=`; write name=\"value\".") }
            index += 1
            skipWhitespace()
            guard !isAtEnd, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error(.malformed, "An attribute value of <\(name)> is not quoted; quote it.")
            }
            let quote = bytes[index]
            index += 1
            while !isAtEnd, bytes[index] != quote { index += 1 }
            guard !isAtEnd else { throw error(.malformed, "An attribute value of <\(name)> is never closed.", at: start) }
            index += 1
        }
    }

    mutating func readEndTag(closing expected: String, openedAt opened: SourceLocation) throws(PropertyListError) {
        let start = index
        guard peek("</") else {
            throw error(.malformed, "Expected </\(expected)> to close the element opened at \(opened).")
        }
        index += 2
        let name = try readName()
        skipWhitespace()
        guard peek(">") else { throw error(.malformed, "The end tag </\(name)> is not closed with `>`.", at: start) }
        index += 1
        guard name == expected else {
            throw error(
                .mismatchedTag, "</\(name)> does not close <\(expected)> opened at \(opened); fix the nesting.", at: start)
        }
    }

    /// Text, entities and CDATA up to `</name>`; no elements and, as in CF's parser, no comments.
    mutating func readText(closing name: String, openedAt opened: SourceLocation) throws(PropertyListError) -> String {
        var text: [UInt8] = []
        while true {
            guard !isAtEnd else {
                throw error(.malformed, "<\(name)> opened at \(opened) is never closed; add </\(name)>.")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if peek("<!--") {
                    throw error(
                        .malformed, "Apple's parser refuses a comment inside <\(name)>; move it outside the element.")
                } else if peek("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    text += bytes[start..<index - 3]
                } else if peek("</") {
                    try readEndTag(closing: name, openedAt: opened)
                    return String(decoding: text, as: UTF8.self)
                } else {
                    throw error(
                        .unexpectedElement, "<\(name)> may hold only text, not elements; escape `<` as &lt;.")
                }
            } else if byte == UInt8(ascii: "&") {
                try readEntity(into: &text)
            } else {
                text.append(byte)
                index += 1
            }
        }
    }

    /// Decodes `&lt; &gt; &amp; &quot; &apos; &#NN; &#xHH;`; anything else (external entities) is refused.
    mutating func readEntity(into text: inout [UInt8]) throws(PropertyListError) {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error(.unknownEntity, "A `&` starts no entity; write &amp; for a literal ampersand.", at: start)
        }
        let name = String(decoding: bytes[start + 1..<end], as: UTF8.self)
        index = end + 1
        let predefined: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let replacement = predefined[name] {
            text += Array(replacement.utf8)
            return
        }
        var scalar: Unicode.Scalar?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            if name.count > 2, let value = UInt32(name.dropFirst(2), radix: 16) { scalar = Unicode.Scalar(value) }
        } else if name.hasPrefix("#") {
            if name.count > 1, let value = UInt32(name.dropFirst(1), radix: 10) { scalar = Unicode.Scalar(value) }
        } else {
            throw error(
                .unknownEntity,
                "The entity &\(name); is not one of &lt; &gt; &amp; &quot; &apos;; external entities are never read, "
                    + "so write the character itself.",
                at: start)
        }
        guard let scalar, scalar.value != 0 else {
            throw error(.unknownEntity, "&\(name); is not a valid character reference; fix the code point.", at: start)
        }
        text += Array(String(Character(scalar)).utf8)
    }
}
