/// One token of Swift source, as ``SwiftLexer`` cuts it: what it is and which bytes it covers.
///
/// Comments and whitespace are not tokens. A string literal without interpolation is one `.string` token; a
/// literal with interpolations is `.stringStart`, then for each `\( … )` an `.interpolationStart`, the tokens of
/// the code inside, an `.interpolationEnd`, and finally `.stringEnd` — so the code inside an interpolation is
/// seen like any other code, and the literal's text never is.
///
/// ```swift
/// let source = SwiftSource(#"Text("Hi \(name)")"#)
/// source.tokens.map(\.kind)
/// // [.identifier, .leftParen, .stringStart, .interpolationStart, .identifier, .interpolationEnd, .stringEnd, .rightParen]
/// ```
package struct SwiftToken: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// A name or a keyword (`let`, `func` and `return` are identifiers here), `` `escaped` `` names, `$0`.
        case identifier
        case number
        /// A whole string literal with no interpolation: `"…"`, `"""…"""`, `#"…"#`.
        case string
        /// The opening delimiter and leading text of a string literal that has interpolations.
        case stringStart
        /// The closing delimiter of a string literal that has interpolations.
        case stringEnd
        /// `\(`, or `\#(` in a raw string: the code up to the matching `.interpolationEnd` is ordinary code.
        case interpolationStart
        /// The `)` that ends an interpolation.
        case interpolationEnd
        /// A regex literal, `/…/` or `#/…/#`.
        case regex
        /// `#if`, `#selector`, `#Preview`, `#file`: a `#` directly followed by a name.
        case pound
        case `operator`
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case comma, colon, semicolon, period, at, backslash
        /// A byte Swift would reject here (a stray `'`, invalid UTF-8, a lone `#`).
        case unknown
    }

    package var kind: Kind
    /// Byte offset of the first byte.
    package var start: Int
    /// Byte offset just past the last byte.
    package var end: Int
    /// For `.string` and `.stringStart`: the literal's delimiters.
    package var delimiter: StringDelimiter
    /// Whether a line break separates this token from the one before it (true for the first token). Swift reads
    /// `f(x)` and `f (x)` as calls but a `(` that starts a line as a new expression, and so does the matcher.
    package var isAtStartOfLine: Bool

    package init(kind: Kind, start: Int, end: Int, delimiter: StringDelimiter = .plain, isAtStartOfLine: Bool = false) {
        self.kind = kind
        self.start = start
        self.end = end
        self.delimiter = delimiter
        self.isAtStartOfLine = isAtStartOfLine
    }

    /// Whether the token opens a group that a later token closes: `(`, `[`, `{`, a string with interpolations, `\(`.
    package var isOpener: Bool {
        switch kind {
        case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart: true
        default: false
        }
    }

    /// The opener kind this token closes, or nil when it closes nothing.
    package var closedOpener: Kind? {
        switch kind {
        case .rightParen: .leftParen
        case .rightBracket: .leftBracket
        case .rightBrace: .leftBrace
        case .stringEnd: .stringStart
        case .interpolationEnd: .interpolationStart
        default: nil
        }
    }
}

/// How a string literal is delimited: the number of `#` of a raw string, and `"""` or `"`.
package struct StringDelimiter: Sendable, Hashable {
    /// `0` for `"…"`, `1` for `#"…"#`, `2` for `##"…"##`.
    package var hashes: Int
    /// `"""` rather than `"`.
    package var isMultiline: Bool

    package init(hashes: Int, isMultiline: Bool) {
        self.hashes = hashes
        self.isMultiline = isMultiline
    }

    package static let plain = StringDelimiter(hashes: 0, isMultiline: false)

    /// Bytes of the opening (and of the closing) delimiter.
    package var length: Int { hashes + (isMultiline ? 3 : 1) }
}
