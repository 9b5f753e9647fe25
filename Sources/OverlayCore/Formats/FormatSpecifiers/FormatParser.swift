/// Splits a printf-style format string into tokens and reports every dangerous pattern (FORMATS.md §4.1–4.3);
/// parsing never fails: a malformed `%` becomes literal text plus an issue. Variable tokens are read as CF's
/// `__CFParseFormatSpec` reads them (flags, a width and `N$` in any order before `#@`).
package enum FormatParser {
    package static let maximumPosition = 127

    /// `inVariant` for a plural variant's text, where sequential specifiers read the token's own slot, so mixing
    /// them with positional ones is well defined (`Followed by %1$@, and %ld others`).
    package static func parse(_ string: String, inVariant: Bool = false) -> FormatString {
        var scanner = Scanner(scalars: Array(string.unicodeScalars))
        scanner.run()
        var issues = scanner.issues
        if !inVariant, let positional = scanner.firstPositional, let sequential = scanner.firstSequential {
            issues.append(
                .error(
                    .mixedPositional,
                    "The string mixes positional (%1$@) and sequential (%@) specifiers, which CF evaluates as garbage; "
                        + "give every specifier (and every * width) an explicit position N$.",
                    at: max(positional, sequential)))
        }
        issues.sort { ($0.offset ?? 0) < ($1.offset ?? 0) }
        return FormatString(tokens: scanner.tokens, issues: issues, abandonedTokens: scanner.abandonedTokens)
    }
}

extension FormatParser {
    fileprivate struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var literal = String.UnicodeScalarView()
        var tokens: [FormatToken] = []
        var issues: [FormatIssue] = []
        var abandonedTokens: [String] = []
        /// Offsets of the first read by `N$` and the first read in sequence: mixing them is an error outside a variant.
        var firstPositional: Int?
        var firstSequential: Int?

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func run() {
            while index < scalars.count {
                if scalars[index] == "%" {
                    percent(at: index)
                } else {
                    literal.append(scalars[index])
                    index += 1
                }
            }
            flushLiteral()
        }

        mutating func flushLiteral() {
            guard !literal.isEmpty else { return }
            tokens.append(.literal(String(literal)))
            literal = String.UnicodeScalarView()
        }

        mutating func noteReads(positional: Bool, sequential: Bool, at offset: Int) {
            if positional, firstPositional == nil { firstPositional = offset }
            if sequential, firstSequential == nil { firstSequential = offset }
        }

        mutating func emit(_ token: FormatToken, endingAt end: Int) {
            flushLiteral()
            tokens.append(token)
            index = end
        }

        /// Keeps the `%` as literal text, reports `issue`, and resumes scanning after the `%`.
        mutating func reject(at start: Int, _ issue: FormatIssue) {
            issues.append(issue)
            literal.append("%")
            index = start + 1
        }

        func scalar(_ i: Int) -> Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

        func text(_ start: Int, _ end: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<min(end, scalars.count)])
            return String(view)
        }

        /// Saturating, so that huge numbers stay out of range but never overflow.
        func digits(at i: Int) -> (value: Int, end: Int)? {
            var end = i
            var value = 0
            while let s = scalar(end), s.isASCIIDigit {
                value = min(value * 10 + Int(s.value - 48), 1_000_000)
                end += 1
            }
            return end > i ? (value, end) : nil
        }

        mutating func percent(at start: Int) {
            guard let next = scalar(start + 1) else {
                return reject(at: start, .error(.trailingPercent, trailingMessage, at: start))
            }
            if next == "%" { return emit(.percent(offset: start), endingAt: start + 2) }
            if next == "{" { return namedSubstitution(at: start) }
            specifier(at: start)
        }

        mutating func namedSubstitution(at start: Int) {
            var end = start + 2
            if let first = scalar(end), first.isNameStart {
                end += 1
                while let s = scalar(end), s.isNameContinuation { end += 1 }
                if scalar(end) == "}" {
                    return emit(.named(name: text(start + 2, end), offset: start), endingAt: end + 1)
                }
            }
            reject(
                at: start,
                .error(
                    .strayPercent,
                    "`%{` does not start a valid named substitution %{name} (name: [A-Za-z_][A-Za-z0-9_]*, closed by `}`); "
                        + "fix the name or write %% for a literal percent sign.",
                    at: start))
        }

        mutating func specifier(at start: Int) {
            if let prefix = variablePrefix(after: start) {
                return variableToken(at: start, nameStart: prefix.atSign + 1, position: prefix.position,
                                     flags: prefix.flags)
            }
            var i = start + 1
            var position: Int?
            if let (value, end) = digits(at: i), scalar(end) == "$" {
                position = value
                i = end + 1
            }
            ordinarySpecifier(at: start, from: i, position: position, flags: [], brokenToken: nil)
        }

        /// The flags, widths and `N$` CF accepts in any order before `#@`, when `#@` follows them: the token's
        /// position, its flags, and where its `@` is. Nil when this `%` does not start a variable token.
        func variablePrefix(after start: Int) -> (position: Int?, flags: FormatSpecifier.Flags, atSign: Int)? {
            var i = start + 1
            var position: Int?
            var flags: FormatSpecifier.Flags = []
            while let s = scalar(i) {
                if let (value, end) = digits(at: i) {
                    if scalar(end) == "$" {
                        position = value
                        i = end + 1
                    } else {
                        i = end  // a width: CF stores it and never applies it to a token
                    }
                } else if let flag = FormatSpecifier.Flags(scalar: s) {
                    flags.insert(flag)
                    i += 1
                } else {
                    break
                }
            }
            guard flags.contains(.alternate), scalar(i) == "@" else { return nil }
            return (position, flags, i)
        }

        /// `brokenToken` names the variable token CF abandoned before this specifier (see `variableToken`).
        mutating func ordinarySpecifier(
            at start: Int, from index: Int, position: Int?, flags initialFlags: FormatSpecifier.Flags,
            brokenToken: String?
        ) {
            var i = index
            var flags = initialFlags
            while let s = scalar(i), let flag = FormatSpecifier.Flags(scalar: s) {
                flags.insert(flag)
                i += 1
            }
            let width = amount(at: &i)
            var precision: FormatSpecifier.Amount?
            if scalar(i) == "." {
                i += 1
                precision = amount(at: &i) ?? .fixed(0)
            }
            let length = lengthModifier(at: &i)
            guard let conversion = scalar(i) else {
                return reject(at: start, .error(.trailingPercent, trailingMessage, at: start))
            }
            guard ArgumentClass(conversion: conversion, length: length) != nil else {
                if let brokenToken {
                    abandonedTokens.append(brokenToken)
                    return reject(at: start, brokenTokenIssue(brokenToken, at: start, end: i))
                }
                let isLetter = conversion.properties.isAlphabetic
                let issue: FormatIssue =
                    isLetter
                    ? .error(
                        .unknownConversion,
                        "`\(text(start, i + 1))` has the unknown conversion `\(conversion)`, whose `%` CF drops silently; "
                            + "use a known conversion such as %@ or %ld, or write %% for a literal percent sign.",
                        at: start)
                    : .error(
                        .strayPercent,
                        "This `%` does not start a well-formed specifier; write %% for a literal percent sign.",
                        at: start)
                return reject(at: start, issue)
            }
            let spec = FormatSpecifier(
                offset: start, length: i + 1 - start, text: text(start, i + 1), position: position, flags: flags,
                width: width, precision: precision, lengthModifier: length, conversion: conversion)
            if let brokenToken {
                if let position { checkPosition(position, at: start) }
                issues.append(brokenTokenIssue(brokenToken, at: start, end: i, conversion: conversion))
                abandonedTokens.append(brokenToken)
            } else {
                check(spec)
            }
            noteReads(positional: spec.usesPositions, sequential: spec.usesSequence, at: start)
            emit(.specifier(spec), endingAt: i + 1)
        }

        /// `conversion`: the conversion CF reads instead, nil when it reads none it knows.
        func brokenTokenIssue(_ name: String, at start: Int, end: Int, conversion: Unicode.Scalar? = nil) -> FormatIssue {
            let instead = conversion.map { "an ordinary %\($0) that consumes an argument" + ($0 == "@" ? " (a crash when it is a number)" : "") }
                ?? "literal text"
            return .error(
                .brokenVariableToken,
                "`\(text(start, end + 1))` is not the token %#@\(name)@: CF ends a name at any character outside "
                    + "[A-Za-z0-9_] and reads the rest as \(instead); write %#@\(name)@.",
                at: start)
        }

        /// `%…#@name@`. A character outside `[A-Za-z0-9_]` in the name makes CF abandon the token and read an
        /// ordinary specifier from the next character on (`%# @sites @` is `%@`), as `__CFParseFormatSpec` does.
        mutating func variableToken(at start: Int, nameStart: Int, position: Int?, flags: FormatSpecifier.Flags) {
            var end = nameStart
            while let s = scalar(end), s.isNameContinuation { end += 1 }
            guard let closing = scalar(end), !(closing == "@" && end == nameStart) else {
                return reject(
                    at: start,
                    .error(
                        .strayPercent,
                        "`%#@` does not start a valid variable token %#@name@ (name: [A-Za-z0-9_]+, closed by `@`); "
                            + "fix the token or write %% for a literal percent sign.",
                        at: start))
            }
            guard closing == "@" else {
                return ordinarySpecifier(
                    at: start, from: end + 1, position: position, flags: flags.subtracting(.alternate),
                    brokenToken: end > nameStart ? text(nameStart, end) : "name")
            }
            if let position { checkPosition(position, at: start) }
            noteReads(positional: position != nil, sequential: position == nil, at: start)
            let token = FormatVariableToken(
                name: text(nameStart, end), position: position, offset: start, length: end + 1 - start)
            emit(.variable(token), endingAt: end + 1)
        }

        mutating func amount(at i: inout Int) -> FormatSpecifier.Amount? {
            if scalar(i) == "*" {
                if let (value, end) = digits(at: i + 1), scalar(end) == "$" {
                    i = end + 1
                    return .argument(value)
                }
                i += 1
                return .nextArgument
            }
            if let (value, end) = digits(at: i) {
                i = end
                return .fixed(value)
            }
            return nil
        }

        /// `hh` and `ll` before `h` and `l`.
        func lengthModifier(at i: inout Int) -> FormatSpecifier.LengthModifier? {
            for count in [2, 1] where i + count <= scalars.count {
                if let modifier = FormatSpecifier.LengthModifier(rawValue: text(i, i + count)) {
                    i += count
                    return modifier
                }
            }
            return nil
        }

        mutating func checkPosition(_ position: Int, at offset: Int) {
            guard position < 1 || position > FormatParser.maximumPosition else { return }
            issues.append(
                .error(
                    .positionOutOfRange,
                    "Position \(position) is outside 1…\(FormatParser.maximumPosition), which CF rejects; "
                        + "number arguments from 1.",
                    at: offset))
        }

        mutating func check(_ spec: FormatSpecifier) {
            if let position = spec.position { checkPosition(position, at: spec.offset) }
            for amount in [spec.width, spec.precision] {
                if case .argument(let position) = amount { checkPosition(position, at: spec.offset) }
            }
            if spec.flags.contains(.space), spec.conversion == "@" {
                issues.append(
                    .warning(
                        .spacedObject,
                        "`\(spec.text)` prints exactly what %@ prints (CF ignores every flag of %@), but the space is "
                            + "almost always a typo; write %@.",
                        at: spec.offset))
            } else if spec.flags.contains(.space), isTypedNumber(spec) {
                var issue = FormatIssue.error(
                    .spacedNumber,
                    "`\(spec.text)` reads an argument as a number printed with a leading space; the source passes no "
                        + "such number here, so it reads a wrong or missing argument: write \(spec.text.withoutSpaces) for "
                        + "the source's number, or %% for a literal percent sign.",
                    at: spec.offset)
                issue.specifier = spec.text
                issues.append(issue)
            } else if spec.flags.contains(.space) {
                issues.append(
                    .error(
                        .accidentalSpecifier,
                        "`\(spec.text)` reads as a specifier with the space flag, which is almost always prose such as "
                            + "\"50% off\" or \"100% sure\" and consumes an argument; write %% for a literal percent sign.",
                        at: spec.offset))
            }
            switch spec.conversion {
            case "n":
                issues.append(
                    .error(
                        .writeBack,
                        "`\(spec.text)` writes through a pointer argument and is never allowed; remove it.",
                        at: spec.offset))
            case "s", "S", "P", "p":
                issues.append(
                    .warning(
                        .pointerArgument,
                        "`\(spec.text)` reads a raw pointer, and a Swift String is not one; use %@ for text.",
                        at: spec.offset))
            default:
                break
            }
        }

        /// A space-flag specifier that reads like a typo for a number (`Von % ld Tagen`), not like prose (`50% off`,
        /// `100% sure`): numeric, no digit right before the `%` and no letter right after the conversion.
        func isTypedNumber(_ spec: FormatSpecifier) -> Bool {
            guard spec.argumentClass.isNumeric, spec.conversion != "c", spec.conversion != "C" else { return false }
            if spec.offset > 0, scalars[spec.offset - 1].isASCIIDigit { return false }
            if let next = scalar(spec.offset + spec.length), next.properties.isAlphabetic { return false }
            return true
        }

        var trailingMessage: String {
            "The string ends inside a `%` specifier; complete the specifier or write %% for a literal percent sign."
        }
    }
}

extension String {
    /// The fix of a specifier written with the space flag (`% ld` → `%ld`).
    var withoutSpaces: String { String(unicodeScalars.filter { $0 != " " }) }
}

extension Unicode.Scalar {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    /// `[A-Za-z_]`, then `[A-Za-z0-9_]`: a `%{name}`; a `%#@name@` is all the latter.
    var isNameStart: Bool { isASCIILetter || self == "_" }
    var isNameContinuation: Bool { isNameStart || isASCIIDigit }
}
