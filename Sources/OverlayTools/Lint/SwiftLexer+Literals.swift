/// String and regex literals: where each one ends, and where its interpolations begin.
extension SwiftLexer {
    /// What scanning a string literal's body stopped at.
    enum BodyStop {
        /// `\(` (or `\#(` in a raw string): the escape's first byte and the byte after `(`.
        case interpolation(escape: Int, after: Int)
        /// The closing delimiter (`closing == end` when the literal is unterminated).
        case end(closing: Int, end: Int)
    }

    /// Pushes a literal whose opening `#`s start at `start` and whose first `"` is at `quote`.
    mutating func openString(hashesFrom start: Int, quote: Int) {
        let hashes = quote - start
        var isMultiline = peek(quote + 1) == UInt8(ascii: "\"") && peek(quote + 2) == UInt8(ascii: "\"")
        if isMultiline, hashes > 0 {
            // Swift's rule: `#"""` opens a single-line raw literal when a `"#` closes it on the same line
            // (`#""""#` is the text `""`).
            var cursor = quote + 2
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n"), bytes[cursor] != UInt8(ascii: "\r") {
                if bytes[cursor] == UInt8(ascii: "\""), hashesFollow(cursor + 1, count: hashes) {
                    isMultiline = false
                    break
                }
                cursor += 1
            }
        }
        let delimiter = StringDelimiter(hashes: hashes, isMultiline: isMultiline)
        frames.append(.string(OpenString(delimiter: delimiter, start: start, isAtStartOfLine: atLineStart)))
        atLineStart = false
        position = quote + (isMultiline ? 3 : 1)
    }

    /// Scans the innermost open literal from `position` to its end or its next interpolation.
    mutating func continueString(_ open: OpenString) {
        switch bodyStop(from: position, delimiter: open.delimiter) {
        case .interpolation(let escape, let after):
            if !open.hasInterpolation {
                var started = open
                started.hasInterpolation = true
                frames[frames.count - 1] = .string(started)
                atLineStart = open.isAtStartOfLine
                emit(.stringStart, from: open.start, to: escape, delimiter: open.delimiter)
            }
            emit(.interpolationStart, from: escape, to: after)
            frames.append(.interpolation(depth: 0))
        case .end(let closing, let end):
            frames.removeLast()
            if open.hasInterpolation {
                emit(.stringEnd, from: closing, to: end)
            } else {
                atLineStart = open.isAtStartOfLine
                emit(.string, from: open.start, to: end, delimiter: open.delimiter)
            }
        }
    }

    /// Finds the end of a literal's body. An escape is `\` followed by the delimiter's `#`s, so in `#"…"#` a lone
    /// `\` or `\"` is text, and a `"` ends the literal only when followed by as many `#` as opened it. A
    /// single-line literal ends at a line break (Swift's error); an unterminated one at the end of the file.
    func bodyStop(from start: Int, delimiter: StringDelimiter) -> BodyStop {
        let hashes = delimiter.hashes
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\\"), hashesFollow(cursor + 1, count: hashes) {
                let escaped = cursor + 1 + hashes
                switch peek(escaped) {
                case UInt8(ascii: "("):
                    return .interpolation(escape: cursor, after: escaped + 1)
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    cursor = escaped  // a line continuation in a multi-line literal, an error in a single-line one
                case UInt8(ascii: "u") where peek(escaped + 1) == UInt8(ascii: "{"):
                    cursor = escaped + 2
                    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "}"), Self.isHexDigit(bytes[cursor]) {
                        cursor += 1
                    }
                    if peek(cursor) == UInt8(ascii: "}") { cursor += 1 }
                default:
                    cursor = min(escaped + 1, bytes.count)
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if delimiter.isMultiline {
                    if peek(cursor + 1) == UInt8(ascii: "\""), peek(cursor + 2) == UInt8(ascii: "\""),
                        hashesFollow(cursor + 3, count: hashes)
                    {
                        return .end(closing: cursor, end: cursor + 3 + hashes)
                    }
                } else if hashesFollow(cursor + 1, count: hashes) {
                    return .end(closing: cursor, end: cursor + 1 + hashes)
                }
            } else if !delimiter.isMultiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                return .end(closing: cursor, end: cursor)
            }
            cursor += 1
        }
        return .end(closing: bytes.count, end: bytes.count)
    }

    func hashesFollow(_ offset: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard offset + count <= bytes.count else { return false }
        for index in offset..<(offset + count) where bytes[index] != UInt8(ascii: "#") { return false }
        return true
    }

    /// The end of a bare `/…/` regex starting at `start`, or nil when Swift would read `/` as an operator there:
    /// the body may not start with a space, tab or line break, ends at the first unescaped `/` on the same line,
    /// and may not hold an unbalanced `)` outside a `[…]` class (Swift's tentative-lexing rules, which keep
    /// `foo(a / b, c / d)` a pair of divisions).
    func bareRegexEnd(from start: Int) -> Int? {
        switch peek(start + 1) {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0: return nil
        default: break
        }
        var cursor = start + 1
        var classDepth = 0
        var parentheses = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
            if byte == UInt8(ascii: "\\") {
                let next = peek(cursor + 1)
                if next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { return nil }
                cursor += 2
                continue
            }
            // The first unescaped `/` ends it, even inside a class (`/[/]/` is `/[/` to Swift).
            if byte == UInt8(ascii: "/") { return cursor + 1 }
            if classDepth > 0 {
                if byte == UInt8(ascii: "[") { classDepth += 1 } else if byte == UInt8(ascii: "]") { classDepth -= 1 }
            } else {
                switch byte {
                case UInt8(ascii: "["): classDepth = 1
                case UInt8(ascii: "("): parentheses += 1
                case UInt8(ascii: ")"):
                    if parentheses == 0 { return nil }
                    parentheses -= 1
                default: break
                }
            }
            cursor += 1
        }
        return nil
    }

    /// The end of `#/…/#` (any number of `#`) starting at `start`, or nil when it is not closed. It may span lines
    /// only when `#/` ends its line, as Swift requires.
    ///
    /// A failed scan is remembered per number of `#`: a later `#/` inside the stretch already searched cannot
    /// close either, so a file of unterminated `#/` lines costs one scan, not one per line.
    mutating func extendedRegexEnd(from start: Int, hashes: Int) -> Int? {
        var cursor = start + hashes + 1
        let isMultiline = peek(cursor) == UInt8(ascii: "\n") || peek(cursor) == UInt8(ascii: "\r")
        if let failure = regexFailures[hashes], start < failure.until, failure.wasMultiline || !isMultiline {
            return nil
        }
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\\") {
                let next = peek(cursor + 1)
                if !isMultiline, next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { break }
                cursor += 2
                continue
            }
            if !isMultiline, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: "/"), hashesFollow(cursor + 1, count: hashes) { return cursor + 1 + hashes }
            cursor += 1
        }
        regexFailures[hashes] = (until: min(cursor, bytes.count), wasMultiline: isMultiline)
        return nil
    }
}
