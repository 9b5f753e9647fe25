/// Which bundle expressions of one file name a bundle the build shipped — the module's own resources
/// (`Bundle.module`, `Bundle(for: X.self)`) — rather than the Localizer's overlay bundle. A lookup through them
/// never sees an overlay, however the module is built (docs/LINT.md "Shipped bundles").
///
/// The fallback of an overlay-aware bundle (`localizer.bundle(for: "M") ?? .module`, any expression with a
/// top-level `??`) is not shipped. Names the file binds only to a shipped bundle (`let bundle = Bundle.module`,
/// SwiftGen's `static let bundle: Bundle = { return Bundle.module }()`) count as shipped wherever they are used in
/// that file; a name also bound to anything else is trusted, since the linter reads tokens, not scopes.
///
/// ```swift
/// let source = SwiftSource("let b = Bundle.module\nlet s = b.localizedString(forKey: \"k\", value: nil, table: nil)")
/// ShippedBundles(source).shippedNames   // ["b"]
/// ```
struct ShippedBundles {
    let source: SwiftSource
    /// Names bound in this file to shipped bundles only.
    private(set) var shippedNames: Set<String> = []

    /// A receiver or argument longer than this many tokens is not classified (it is trusted), so walking back
    /// from each `.localizedString` stays bounded whatever the file holds.
    static let receiverLimit = 64

    init(_ source: SwiftSource) {
        self.source = source
        shippedNames = bindings()
    }

    /// Whether the expression in `range` names a shipped bundle: `.module`, `Bundle.module`,
    /// `Foundation.Bundle.module`, `Bundle(for: X.self)`, `LocalizedStringResource.BundleDescription`'s
    /// `.forClass(X.self)` and `.atURL(<shipped>.bundleURL)`, or a name bound to one of these in this file.
    func isShipped(_ range: Range<Int>) -> Bool {
        isShipped(range, names: shippedNames)
    }

    private func isShipped(_ range: Range<Int>, names: Set<String>) -> Bool {
        let value = strippingParentheses(range)
        guard let last = value.last, value.count <= Self.receiverLimit, !hasTopLevelFallback(value) else { return false }
        let tokens = source.tokens
        if source.isIdentifier(last, "module"), last >= 1, tokens[last - 1].kind == .period {
            let qualifier = value.lowerBound..<(last - 1)
            return qualifier.isEmpty || isBundleType(qualifier)
        }
        if tokens[last].kind == .rightParen, let open = openingParen(ofGroupEndingAt: last, in: value) {
            var callee = value.lowerBound..<open
            let arguments = source.arguments(ofGroupAt: open)
            if arguments.first?.label == "for" {
                if callee.count >= 3, source.isIdentifier(callee.upperBound - 1, "init"),
                    tokens[callee.upperBound - 2].kind == .period
                {
                    callee = callee.lowerBound..<(callee.upperBound - 2)
                }
                return isBundleType(callee)
            }
            // `LocalizedStringResource.BundleDescription`: `.forClass(T.self)`, `.atURL(Bundle.module.bundleURL)`.
            guard callee.count >= 2, tokens[callee.upperBound - 2].kind == .period else { return false }
            let qualifier = callee.lowerBound..<(callee.upperBound - 2)
            guard qualifier.isEmpty || isChain(qualifier, of: ["LocalizedStringResource", "BundleDescription"]) else {
                return false
            }
            if source.isIdentifier(callee.upperBound - 1, "forClass") { return true }
            guard source.isIdentifier(callee.upperBound - 1, "atURL"), arguments.count == 1,
                let url = arguments.first?.value, url.count >= 3, source.isIdentifier(url.upperBound - 1, "bundleURL"),
                tokens[url.upperBound - 2].kind == .period
            else { return false }
            return isShipped(url.lowerBound..<(url.upperBound - 2), names: names)
        }
        if isNameChain(value) {
            let name = source.identifierName(last)
            if value.count >= 3 {
                let qualifier = source.identifierName(last - 2)
                if names.contains("\(qualifier).\(name)") { return true }
            }
            return names.contains(name)
        }
        return false
    }

    /// The expression a `.localizedString(…)` at `index` is called on: a chain of names, calls and parenthesized
    /// expressions (`Bundle.module`, `Bundle(for: T.self)`, `BundleToken.bundle`, `(x ?? .module)`), or nil.
    func receiver(ofMemberAt index: Int) -> Range<Int>? {
        let tokens = source.tokens
        guard index >= 2, tokens[index - 1].kind == .period else { return nil }
        let end = index - 1
        var start = end
        var cursor = index - 2
        while cursor >= 0, end - cursor <= Self.receiverLimit {
            if tokens[cursor].kind == .rightParen {
                guard let open = openingParen(ofGroupEndingAt: cursor, in: max(0, end - Self.receiverLimit)..<end) else {
                    return nil
                }
                start = open
                guard open >= 1, tokens[open - 1].kind == .identifier, !tokens[open].isAtStartOfLine else { break }
                cursor = open - 1
            } else if tokens[cursor].kind == .identifier {
                start = cursor
                guard cursor >= 2, tokens[cursor - 1].kind == .period,
                    tokens[cursor - 2].kind == .identifier || tokens[cursor - 2].kind == .rightParen
                else { break }
                cursor -= 2
            } else {
                break
            }
        }
        return start < end ? start..<end : nil
    }

    // MARK: Bindings

    /// `let`/`var NAME [: Type] = <expression>`, `… = { … return <expression> … }()` and computed
    /// `var NAME: Type { … }`: the names whose every binding is shipped. A property declared in a type's body is
    /// also known as `Type.NAME`, so `BundleToken.bundle` stays shipped when a local elsewhere reuses `bundle`.
    private func bindings() -> Set<String> {
        let tokens = source.tokens
        var candidates: [(name: String, expressions: [Range<Int>])] = []
        var braces: [Int] = []
        var typeOfBrace: [Int: String] = [:]
        for index in tokens.indices {
            while let innermost = braces.last, source.partners[innermost] <= index { braces.removeLast() }
            if tokens[index].kind == .leftBrace {
                braces.append(index)
                if let type = typeName(ofBodyAt: index) { typeOfBrace[index] = type }
                continue
            }
            if let assigned = assignment(at: index) {
                candidates.append((source.identifierName(index), [assigned]))
                continue
            }
            guard source.isIdentifier(index, "let") || source.isIdentifier(index, "var") else { continue }
            let nameIndex = index + 1
            guard nameIndex < tokens.count, tokens[nameIndex].kind == .identifier else { continue }
            var cursor = nameIndex + 1
            if cursor < tokens.count, tokens[cursor].kind == .colon {
                cursor += 1
                while cursor < tokens.count, !tokens[cursor].isAtStartOfLine, isTypeToken(cursor) { cursor += 1 }
            }
            guard cursor < tokens.count else { continue }
            let name = source.identifierName(nameIndex)
            var expressions: [Range<Int>] = []
            if tokens[cursor].kind == .operator, source.text(of: tokens[cursor]) == "=" {
                let expression = statement(from: cursor + 1, limit: tokens.count)
                if let body = immediatelyCalledClosure(expression) {
                    expressions = returnedExpressions(inBodyOf: body)
                } else {
                    expressions = [expression]
                }
            } else if tokens[cursor].kind == .leftBrace {
                expressions = returnedExpressions(inBodyOf: cursor)
            } else {
                continue
            }
            candidates.append((name, expressions))
            if let brace = braces.last, let type = typeOfBrace[brace] { candidates.append(("\(type).\(name)", expressions)) }
        }
        var byName: [String: [Range<Int>]] = [:]
        for (name, expressions) in candidates { byName[name, default: []].append(contentsOf: expressions) }
        // A name bound to another shipped name (`let b = BundleToken.bundle`) is found on a later pass; a few
        // passes reach every chain a real file has, and keep the work linear.
        var shipped: Set<String> = []
        for _ in 0..<4 {
            let next = Set(byName.compactMap { name, expressions in
                !expressions.isEmpty && expressions.allSatisfy { isShipped($0, names: shipped) } ? name : nil
            })
            if next == shipped { break }
            shipped = next
        }
        return shipped
    }

    // MARK: Token helpers

    /// The value of `NAME = <expression>` or `self.NAME = <expression>` that starts a statement (an initializer
    /// setting a stored property: `self.bundle = Bundle(for: Self.self)`), for the name at `index`; else nil.
    private func assignment(at index: Int) -> Range<Int>? {
        let tokens = source.tokens
        guard tokens[index].kind == .identifier, index + 2 < tokens.count, tokens[index + 1].kind == .operator,
            source.text(of: tokens[index + 1]) == "="
        else { return nil }
        var start = index
        if index >= 2, tokens[index - 1].kind == .period, source.isIdentifier(index - 2, "self") { start = index - 2 }
        let startsStatement = tokens[start].isAtStartOfLine || start >= 1
            && (tokens[start - 1].kind == .semicolon || tokens[start - 1].kind == .leftBrace)
        guard startsStatement else { return nil }
        return statement(from: index + 2, limit: tokens.count)
    }

    /// The name of the type whose body the `{` at `brace` opens (`class BundleToken {`,
    /// `extension L10n: P {`), or nil. Only the few tokens before the brace are read.
    private func typeName(ofBodyAt brace: Int) -> String? {
        let keywords: Set<String> = ["class", "struct", "enum", "extension", "actor"]
        var cursor = brace - 1
        while cursor >= 1, brace - cursor <= 24 {
            let kind = source.tokens[cursor].kind
            if kind == .leftBrace || kind == .rightBrace || kind == .semicolon { return nil }
            if kind == .identifier, source.tokens[cursor - 1].kind == .identifier,
                keywords.contains(source.identifierName(cursor - 1))
            {
                return source.identifierName(cursor)
            }
            cursor -= 1
        }
        return nil
    }

    /// A type annotation's tokens: names, `.`, `?`, `!`.
    private func isTypeToken(_ index: Int) -> Bool {
        let token = source.tokens[index]
        switch token.kind {
        case .identifier, .period: return true
        case .operator:
            let text = source.text(of: token)
            return text == "?" || text == "!"
        default: return false
        }
    }

    /// The expression that starts at `start`: up to a `;`, `,`, a closer, a `#if`, or a line that does not
    /// continue it (a line continues an expression when it starts with an operator or a `.`). Groups are skipped.
    private func statement(from start: Int, limit: Int) -> Range<Int> {
        let tokens = source.tokens
        var cursor = start
        while cursor < limit {
            let token = tokens[cursor]
            if cursor > start, token.isAtStartOfLine, token.kind != .operator, token.kind != .period { break }
            switch token.kind {
            case .semicolon, .comma, .colon, .rightParen, .rightBracket, .rightBrace, .interpolationEnd, .stringEnd, .pound:
                return start..<cursor
            default:
                break
            }
            cursor = token.isOpener ? min(limit, source.partners[cursor] + 1) : cursor + 1
        }
        return start..<cursor
    }

    /// The `{` of `{ … }()`, or nil.
    private func immediatelyCalledClosure(_ range: Range<Int>) -> Int? {
        let tokens = source.tokens
        guard range.count >= 3, tokens[range.lowerBound].kind == .leftBrace,
            source.partners[range.lowerBound] == range.upperBound - 3,
            tokens[range.upperBound - 2].kind == .leftParen, tokens[range.upperBound - 1].kind == .rightParen
        else { return nil }
        return range.lowerBound
    }

    /// What the body opened at `brace` returns: each `return <expression>` outside nested braces, or the whole
    /// body when it has no `return` (a single-expression body).
    private func returnedExpressions(inBodyOf brace: Int) -> [Range<Int>] {
        let tokens = source.tokens
        let close = min(source.partners[brace], tokens.count)
        var expressions: [Range<Int>] = []
        var cursor = brace + 1
        while cursor < close {
            if source.isIdentifier(cursor, "return") {
                expressions.append(statement(from: cursor + 1, limit: close))
            }
            cursor = tokens[cursor].kind == .leftBrace ? source.partners[cursor] + 1 : cursor + 1
        }
        if expressions.isEmpty, close > brace + 1 { expressions.append((brace + 1)..<close) }
        return expressions
    }

    private func strippingParentheses(_ range: Range<Int>) -> Range<Int> {
        var value = range
        while value.count >= 2, source.tokens[value.lowerBound].kind == .leftParen,
            source.partners[value.lowerBound] == value.upperBound - 1
        {
            value = (value.lowerBound + 1)..<(value.upperBound - 1)
        }
        return value
    }

    /// Whether a `??` joins the expression at its top level: an overlay-aware bundle with its fallback.
    private func hasTopLevelFallback(_ value: Range<Int>) -> Bool {
        var cursor = value.lowerBound
        while cursor < value.upperBound {
            let token = source.tokens[cursor]
            if token.kind == .operator, source.text(of: token) == "??" { return true }
            cursor = token.isOpener ? source.partners[cursor] + 1 : cursor + 1
        }
        return false
    }

    /// The `(` that the `)` at `close` ends, searched for inside `range` only.
    private func openingParen(ofGroupEndingAt close: Int, in range: Range<Int>) -> Int? {
        var depth = 0
        var cursor = close
        while cursor >= range.lowerBound {
            switch source.tokens[cursor].kind {
            case .rightParen: depth += 1
            case .leftParen:
                depth -= 1
                if depth == 0 { return source.partners[cursor] == close ? cursor : nil }
            default: break
            }
            cursor -= 1
        }
        return nil
    }

    /// `Bundle` or `Foundation.Bundle`.
    private func isBundleType(_ range: Range<Int>) -> Bool {
        switch range.count {
        case 1: source.isIdentifier(range.lowerBound, "Bundle")
        case 3: source.isIdentifier(range.lowerBound, "Foundation") && source.tokens[range.lowerBound + 1].kind == .period
            && source.isIdentifier(range.lowerBound + 2, "Bundle")
        default: false
        }
    }

    /// `A.B.…` made of these names only.
    private func isChain(_ range: Range<Int>, of allowed: Set<String>) -> Bool {
        guard isNameChain(range) else { return false }
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).allSatisfy {
            allowed.contains(source.identifierName($0))
        }
    }

    /// `a`, `a.b`, `A.b.c`: names joined by `.`.
    private func isNameChain(_ range: Range<Int>) -> Bool {
        guard range.count % 2 == 1 else { return false }
        for (offset, index) in range.enumerated() {
            let kind = source.tokens[index].kind
            if offset % 2 == 0 ? kind != .identifier : kind != .period { return false }
        }
        return true
    }
}
