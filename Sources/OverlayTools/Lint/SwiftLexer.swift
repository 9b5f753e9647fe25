/// Cuts Swift source into ``SwiftToken``s: enough of Swift's lexical grammar to tell code from comments, string
/// literals and regex literals, which is what a linter that looks for calls needs.
///
/// It never fails and never recurses: nested block comments keep a depth counter, and string literals with
/// interpolations (whose inside is code that may hold more literals) keep an explicit stack of frames, so hostile
/// nesting costs memory in proportion to the input, never stack. Input that Swift would reject (an unterminated
/// literal, a stray byte) still yields tokens: a single-line literal ends at the line break, an unterminated
/// block comment or multi-line literal at the end of the file, a stray byte is an `.unknown` token.
///
/// What it knows (The Swift Programming Language, "Lexical Structure"):
/// - `//` and `/* … */` comments, block comments nested to any depth; a `#!` line at the start of the file;
/// - string literals `"…"`, multi-line `"""…"""`, raw `#"…"#` and `##"…"##` (any number of `#`), multi-line raw,
///   escapes (`\"` does not end a literal, `\#"` does not end a raw one), interpolations `\(…)` and `\#(…)`
///   whose inside is lexed as code with its own nested literals and comments;
/// - regex literals `#/…/#` (multi-line when `#/` ends its line) and bare `/…/` where Swift 6 reads one: where an
///   operand is expected, not followed by a space, closed on the same line, with balanced parentheses outside
///   character classes (Swift's own tentative-lexing rules), so `a / b / c` stays two divisions;
/// - identifiers (Unicode, `` `escaped` ``, `$0`), `#if`-style pound names, numbers, operators (Unicode operator
///   characters included) and punctuation.
package struct SwiftLexer {
    /// The tokens of `bytes` (UTF-8 Swift source; a leading byte-order mark is skipped).
    package static func tokenize(_ bytes: [UInt8]) -> [SwiftToken] {
        var lexer = SwiftLexer(bytes: bytes)
        lexer.run()
        return lexer.tokens
    }

    let bytes: [UInt8]
    var position = 0
    var tokens: [SwiftToken] = []
    /// Open string literals and interpolations, innermost last.
    var frames: [Frame] = []
    /// Whether a line break was crossed since the last token.
    var atLineStart = true
    /// By number of `#`: the end of the last `#/` scan that found no `/#`, and whether it spanned lines.
    var regexFailures: [Int: (until: Int, wasMultiline: Bool)] = [:]

    enum Frame {
        /// Inside `\( … )`: `depth` counts the parentheses opened since, so the right `)` ends it.
        case interpolation(depth: Int)
        case string(OpenString)
    }

    /// A string literal whose closing delimiter has not been reached yet.
    struct OpenString {
        var delimiter: StringDelimiter
        var start: Int
        var isAtStartOfLine: Bool
        /// Whether `.stringStart` was emitted (the literal has an interpolation).
        var hasInterpolation = false
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 5)
    }

    mutating func run() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        if peek(position) == UInt8(ascii: "#"), peek(position + 1) == UInt8(ascii: "!") { skipLine() }
        while true {
            if case .string(let open)? = frames.last {
                continueString(open)
                continue
            }
            skipTrivia()
            guard position < bytes.count else { return }
            lexToken()
        }
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func peek(_ offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    mutating func emit(_ kind: SwiftToken.Kind, from start: Int, to end: Int, delimiter: StringDelimiter = .plain) {
        tokens.append(SwiftToken(kind: kind, start: start, end: end, delimiter: delimiter, isAtStartOfLine: atLineStart))
        atLineStart = false
        position = end
    }

    // MARK: Trivia

    mutating func skipTrivia() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
                position += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
                atLineStart = true
            case UInt8(ascii: "/") where peek(position + 1) == UInt8(ascii: "/"):
                skipLine()
            case UInt8(ascii: "/") where peek(position + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            default:
                return
            }
        }
    }

    /// Up to (not past) the next line break.
    mutating func skipLine() {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
            position += 1
        }
    }

    /// `/* … */` with nesting, as Swift allows; unterminated, it runs to the end of the file.
    mutating func skipBlockComment() {
        var depth = 1
        position += 2
        while position < bytes.count, depth > 0 {
            let byte = bytes[position]
            if byte == UInt8(ascii: "/"), peek(position + 1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if byte == UInt8(ascii: "*"), peek(position + 1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
            } else {
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { atLineStart = true }
                position += 1
            }
        }
    }

    // MARK: Tokens

    mutating func lexToken() {
        let start = position
        let byte = bytes[start]
        switch byte {
        case UInt8(ascii: "("):
            if case .interpolation(let depth)? = frames.last { frames[frames.count - 1] = .interpolation(depth: depth + 1) }
            emit(.leftParen, from: start, to: start + 1)
        case UInt8(ascii: ")"):
            if case .interpolation(let depth)? = frames.last {
                if depth == 0 {
                    frames.removeLast()
                    emit(.interpolationEnd, from: start, to: start + 1)
                    return
                }
                frames[frames.count - 1] = .interpolation(depth: depth - 1)
            }
            emit(.rightParen, from: start, to: start + 1)
        case UInt8(ascii: "["): emit(.leftBracket, from: start, to: start + 1)
        case UInt8(ascii: "]"): emit(.rightBracket, from: start, to: start + 1)
        case UInt8(ascii: "{"): emit(.leftBrace, from: start, to: start + 1)
        case UInt8(ascii: "}"): emit(.rightBrace, from: start, to: start + 1)
        case UInt8(ascii: ","): emit(.comma, from: start, to: start + 1)
        case UInt8(ascii: ";"): emit(.semicolon, from: start, to: start + 1)
        case UInt8(ascii: ":"): emit(.colon, from: start, to: start + 1)
        case UInt8(ascii: "@"): emit(.at, from: start, to: start + 1)
        case UInt8(ascii: "\\"): emit(.backslash, from: start, to: start + 1)
        case UInt8(ascii: "."):
            if peek(start + 1) == UInt8(ascii: ".") {
                lexOperator(from: start, allowingDots: true)
            } else {
                emit(.period, from: start, to: start + 1)
            }
        case UInt8(ascii: "\""):
            openString(hashesFrom: start, quote: start)
        case UInt8(ascii: "#"):
            lexHash(from: start)
        case UInt8(ascii: "`"):
            lexEscapedIdentifier(from: start)
        case UInt8(ascii: "/"):
            if expectsOperand, let end = bareRegexEnd(from: start) {
                emit(.regex, from: start, to: end)
            } else {
                lexOperator(from: start, allowingDots: false)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber(from: start)
        default:
            if Self.isASCIIIdentifierStart(byte) {
                emit(.identifier, from: start, to: identifierEnd(from: start))
            } else if Self.isASCIIOperator(byte) {
                lexOperator(from: start, allowingDots: false)
            } else if byte >= 0x80 {
                lexNonASCII(from: start)
            } else {
                emit(.unknown, from: start, to: start + 1)
            }
        }
    }

    /// `#"…"#`, `#/…/#`, `#if`, or a stray `#`.
    mutating func lexHash(from start: Int) {
        var cursor = start
        while peek(cursor) == UInt8(ascii: "#") { cursor += 1 }
        if peek(cursor) == UInt8(ascii: "\"") {
            openString(hashesFrom: start, quote: cursor)
            return
        }
        if peek(cursor) == UInt8(ascii: "/"), let end = extendedRegexEnd(from: start, hashes: cursor - start) {
            emit(.regex, from: start, to: end)
            return
        }
        if cursor == start + 1, cursor < bytes.count, startsIdentifier(at: cursor) {
            emit(.pound, from: start, to: identifierEnd(from: cursor))
            return
        }
        emit(.unknown, from: start, to: start + 1)
    }

    /// `` `name` `` (on one line); a lone backtick is `.unknown`.
    mutating func lexEscapedIdentifier(from start: Int) {
        var cursor = start + 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "`") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            cursor += 1
        }
        if peek(cursor) == UInt8(ascii: "`"), cursor > start + 1 {
            emit(.identifier, from: start, to: cursor + 1)
        } else {
            emit(.unknown, from: start, to: start + 1)
        }
    }

    /// Digits, letters and `_` (`0x1F`, `1_000`, `1.5e-3`, `0x1.8p1`): nothing here can hide a call.
    mutating func lexNumber(from start: Int) {
        let isHex = bytes[start] == UInt8(ascii: "0") && (peek(start + 1) | 0x20) == UInt8(ascii: "x")
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if Self.isASCIIIdentifierContinue(byte) {
                cursor += 1
            } else if byte == UInt8(ascii: "."), isHex ? Self.isHexDigit(peek(cursor + 1)) : Self.isDigit(peek(cursor + 1)) {
                cursor += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                (bytes[cursor - 1] | 0x20) == (isHex ? UInt8(ascii: "p") : UInt8(ascii: "e"))
            {
                cursor += 1
            } else {
                break
            }
        }
        emit(.number, from: start, to: cursor)
    }

    /// An operator: `+`, `??`, `..<`, `≥`. Only an operator that starts with `.` may contain one, and `//` or `/*`
    /// inside starts a comment instead.
    mutating func lexOperator(from start: Int, allowingDots: Bool) {
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "/"), cursor > start,
                peek(cursor + 1) == UInt8(ascii: "/") || peek(cursor + 1) == UInt8(ascii: "*")
            {
                break
            }
            if Self.isASCIIOperator(byte) || (allowingDots && byte == UInt8(ascii: ".")) {
                cursor += 1
            } else if byte >= 0x80, let scalar = scalar(at: cursor), Self.isOperatorCharacter(scalar.value) {
                cursor += scalar.length
            } else {
                break
            }
        }
        emit(.operator, from: start, to: max(cursor, start + 1))
    }

    /// A non-ASCII scalar starts an operator (`≠`, `•`), an identifier (`café`, `π`), or is invalid UTF-8.
    mutating func lexNonASCII(from start: Int) {
        guard let scalar = scalar(at: start) else {
            emit(.unknown, from: start, to: start + 1)
            return
        }
        if Self.isOperatorHead(scalar.value) {
            lexOperator(from: start, allowingDots: false)
        } else {
            emit(.identifier, from: start, to: identifierEnd(from: start))
        }
    }

    func startsIdentifier(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte < 0x80 { return Self.isASCIIIdentifierStart(byte) }
        guard let scalar = scalar(at: offset) else { return false }
        return !Self.isOperatorHead(scalar.value)
    }

    func identifierEnd(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte < 0x80 {
                guard Self.isASCIIIdentifierContinue(byte) else { break }
                cursor += 1
            } else {
                guard let scalar = scalar(at: cursor), !Self.isOperatorHead(scalar.value) else { break }
                cursor += scalar.length
            }
        }
        return max(cursor, start + 1)
    }

    /// Whether a `/` here would begin an operand (so may begin a regex literal) rather than divide: after an
    /// opening bracket, a separator, an infix or prefix operator, a keyword such as `return`, or nothing at all.
    var expectsOperand: Bool {
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon, .interpolationStart, .at:
            return true
        case .operator:
            // A `!` or `?` glued to the operand before it is postfix (`x! / 2`): the operand is complete.
            let isPostfix = last.end - last.start == 1 && (bytes[last.start] == UInt8(ascii: "!") || bytes[last.start] == UInt8(ascii: "?"))
                && tokens.count > 1 && tokens[tokens.count - 2].end == last.start
            return !isPostfix
        case .identifier:
            return Self.operandKeywords.contains(Array(bytes[last.start..<last.end]))
        default:
            return false
        }
    }

    /// Keywords after which an expression starts.
    static let operandKeywords: Set<[UInt8]> = Set(
        ["return", "throw", "try", "await", "in", "case", "where", "if", "guard", "while", "switch", "yield", "else",
         "repeat", "do", "then"].map { Array($0.utf8) })
}
