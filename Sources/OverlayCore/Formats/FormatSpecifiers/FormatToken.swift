/// One piece of a parsed format string, in order.
package enum FormatToken: Sendable, Hashable {
    /// Text printed as is (including the text of a malformed `%`, which is also reported as an issue).
    case literal(String)
    /// A conversion that consumes an argument.
    case specifier(FormatSpecifier)
    /// `%%`: prints one `%`; `offset` is that of its first `%`.
    case percent(offset: Int)
    /// A `.stringsdict` variable token `%#@name@` or `%N$#@name@`.
    case variable(FormatVariableToken)
    /// A named substitution `%{name}` (FORMATS.md §4.5): it occupies no positional slot and is filled by name.
    case named(name: String, offset: Int)
}

/// A `%#@name@` / `%N$#@name@` token: one argument slot, read with the variable's value type. Offset and length
/// count Unicode scalars, from the `%` through the closing `@`.
package struct FormatVariableToken: Sendable, Hashable {
    package var name: String
    /// Nil for the next sequential slot.
    package var position: Int?
    package var offset: Int
    package var length: Int
}

/// A format string split into tokens, with the issues found while parsing it.
package struct FormatString: Sendable, Hashable {
    /// Together they spell the parsed string exactly.
    package var tokens: [FormatToken]
    /// In offset order.
    package var issues: [FormatIssue]
    /// Names of variable tokens CF abandons (`%# @sites @`), each reported as `format.broken-variable-token`.
    package var abandonedTokens: [String] = []

    package var variables: [FormatVariableToken] {
        tokens.compactMap { if case .variable(let token) = $0 { token } else { nil } }
    }

    /// An error other than a spaced number, which blocks only against the source (FORMATS.md §4.3).
    package var isUnrenderable: Bool { issues.contains { $0.severity == .error && $0.code != .spacedNumber } }

    /// A token, a `%{name}`, or a specifier that is not prose (`100% sure`); a string that reads none is shown as
    /// written (FORMATS.md §4.6).
    package var readsArguments: Bool {
        let prose = Set(issues.lazy.filter { $0.code == .accidentalSpecifier || $0.code == .spacedNumber }.compactMap(\.offset))
        return tokens.contains { token in
            switch token {
            case .variable, .named: true
            case .specifier(let spec): !prose.contains(spec.offset)
            case .literal, .percent: false
            }
        }
    }
}
