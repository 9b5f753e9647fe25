/// One argument of a call: its label, if any, and the tokens of its value.
package struct SwiftArgument: Sendable, Hashable {
    /// `bundle` in `bundle: .module`; nil for an unlabeled argument.
    package var label: String?
    /// Index of the argument's first token (its label when it has one).
    package var start: Int
    /// The value's tokens (after `label:`): several for an expression, one for a plain literal.
    package var value: Range<Int>
}

/// A name applied to a parenthesized argument list: `NSLocalizedString("key", comment: "")`.
package struct SwiftCall: Sendable, Hashable {
    /// Index of the name token.
    package var callee: Int
    /// Index of the `(`.
    package var openParen: Int
    /// Index of the matching `)`, or the token count when the list is never closed.
    package var closeParen: Int
    package var arguments: [SwiftArgument]

    /// The first argument with this label.
    package func argument(labeled label: String) -> SwiftArgument? {
        arguments.first { $0.label == label }
    }
}

extension SwiftSource {
    /// Modules whose names may qualify a free function or type: `Foundation.NSLocalizedString(…)`.
    package static let standardModules: Set<String> = ["Foundation", "SwiftUI", "Swift"]

    /// The call of the name at `index`: `name(…)`, `name (…)` or `name.init(…)`, with the `(` on the name's line
    /// (Swift reads a `(` that starts a line as a new expression, not as a call). Nil when the token is not a
    /// name or is not called.
    package func call(at index: Int) -> SwiftCall? {
        guard index >= 0, index < tokens.count, tokens[index].kind == .identifier else { return nil }
        var open = index + 1
        if open + 2 < tokens.count, tokens[open].kind == .period, isIdentifier(open + 1, "init") { open += 2 }
        guard open < tokens.count, tokens[open].kind == .leftParen, !tokens[open].isAtStartOfLine else { return nil }
        return SwiftCall(
            callee: index, openParen: open, closeParen: partners[open], arguments: arguments(ofGroupAt: open))
    }

    /// The comma-separated arguments inside the group opened at `open`. Commas inside nested brackets, closures,
    /// string literals and interpolations do not separate; empty arguments (a trailing comma) are dropped.
    package func arguments(ofGroupAt open: Int) -> [SwiftArgument] {
        guard open >= 0, open < tokens.count, partners[open] >= 0 else { return [] }
        let close = partners[open]
        var arguments: [SwiftArgument] = []
        var argumentStart = open + 1
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.kind == .comma {
                if let argument = argument(in: argumentStart..<index) { arguments.append(argument) }
                argumentStart = index + 1
                index += 1
            } else if token.isOpener {
                index = partners[index] + 1
            } else {
                index += 1
            }
        }
        if argumentStart < close, let argument = argument(in: argumentStart..<close) { arguments.append(argument) }
        return arguments
    }

    private func argument(in range: Range<Int>) -> SwiftArgument? {
        guard !range.isEmpty else { return nil }
        let first = range.lowerBound
        if range.count >= 2, tokens[first].kind == .identifier, tokens[first + 1].kind == .colon {
            return SwiftArgument(label: identifierName(first), start: first, value: (first + 2)..<range.upperBound)
        }
        return SwiftArgument(label: nil, start: first, value: range)
    }

    /// Whether the name at `index` refers to a free function or type rather than a member: `NSLocalizedString`
    /// or `Foundation.NSLocalizedString`, but not `x.NSLocalizedString`, `.NSLocalizedString`, or the name a
    /// `func` declares.
    package func isFreeReference(_ index: Int, modules: Set<String> = standardModules) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        if previous.kind == .period {
            guard index >= 2, tokens[index - 2].kind == .identifier, modules.contains(identifierName(index - 2)) else {
                return false
            }
            return index < 3 || tokens[index - 3].kind != .period
        }
        return !isIdentifier(index - 1, "func")
    }

    /// Every call of the free function or type `name` (see ``isFreeReference(_:modules:)``), in source order.
    package func calls(named name: String, modules: Set<String> = standardModules) -> [SwiftCall] {
        let spelled = Array(name.utf8)[...]
        return tokens.indices.compactMap { index in
            guard isIdentifier(index, spelled), isFreeReference(index, modules: modules) else { return nil }
            return call(at: index)
        }
    }

    /// Whether the argument's value is exactly one string literal, with or without interpolations (`"a \(b)"`),
    /// and nothing else (not `"a" + b`).
    package func isStringLiteral(_ argument: SwiftArgument) -> Bool {
        let value = argument.value
        guard let first = value.first else { return false }
        switch tokens[first].kind {
        case .string: return value.count == 1
        case .stringStart: return partners[first] == value.upperBound - 1
        default: return false
        }
    }

    /// The value of the argument when it is a plain string literal (no interpolation), as Swift would build it:
    /// escapes decoded, a multi-line literal's indentation stripped. Nil for anything else, including a literal
    /// Swift would reject.
    package func stringLiteralValue(of argument: SwiftArgument) -> String? {
        guard argument.value.count == 1 else { return nil }
        return stringLiteralValue(at: argument.value.lowerBound)
    }
}
