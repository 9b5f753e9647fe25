import OverlayCore
import Testing
@testable import OverlayTools

@Suite struct LintLexerTests {
    static func kinds(_ text: String) -> [SwiftToken.Kind] {
        SwiftSource(text).tokens.map(\.kind)
    }

    @Test("tokens of each literal and comment form", arguments: [
        (#"f("a")"#, [SwiftToken.Kind.identifier, .leftParen, .string, .rightParen]),
        (#"Text("Hi \(name)!")"#, [.identifier, .leftParen, .stringStart, .interpolationStart, .identifier, .interpolationEnd, .stringEnd, .rightParen]),
        (##"#"a \(b) \#(c)"#"##, [.stringStart, .interpolationStart, .identifier, .interpolationEnd, .stringEnd]),
        ("\"\"\"\n  a \"\" \\(f(x))\n  \"\"\"", [.stringStart, .interpolationStart, .identifier, .leftParen, .identifier, .rightParen, .interpolationEnd, .stringEnd]),
        ("a /* x /* y */ z */ b // c\nd", [.identifier, .identifier, .identifier]),
        ("let r = /a(b)c/", [.identifier, .identifier, .operator, .regex]),
        ("let q = a / b / c", [.identifier, .identifier, .operator, .identifier, .operator, .identifier, .operator, .identifier]),
        ("f(a / b, c / d)", [.identifier, .leftParen, .identifier, .operator, .identifier, .comma, .identifier, .operator, .identifier, .rightParen]),
        ("x = (/a)b/)", [.identifier, .operator, .leftParen, .operator, .identifier, .rightParen, .identifier, .operator, .rightParen]),
        ("return /a/", [.identifier, .regex]),
        ("let r = / a/", [.identifier, .identifier, .operator, .operator, .identifier, .operator]),
        ("#/a/b/#", [.regex]),
        ("##/a/#b/##", [.regex]),
        ("#if os(Linux)\n#endif", [.pound, .identifier, .leftParen, .identifier, .rightParen, .pound]),
        ("`class`.x $0 café", [.identifier, .period, .identifier, .identifier, .identifier]),
        ("a ..< b ≠ c", [.identifier, .operator, .identifier, .operator, .identifier]),
        ("x?.y!", [.identifier, .operator, .period, .identifier, .operator]),
        ("1.5e-3 + 0x1.8p1", [.number, .operator, .number]),
        (#"@available(*, message: "x") \.count"#, [.at, .identifier, .leftParen, .operator, .comma, .identifier, .colon, .string, .rightParen, .backslash, .period, .identifier]),
        ("#!/usr/bin/env swift\nprint(1)", [.identifier, .leftParen, .number, .rightParen]),
        ("a ' b", [.identifier, .unknown, .identifier]),
    ])
    func tokenKinds(text: String, expected: [SwiftToken.Kind]) {
        #expect(Self.kinds(text) == expected)
    }

    @Test("a literal that never ends", arguments: [
        // A single-line literal ends at its line break, so the next line is code again.
        ("\"abc\nx", [SwiftToken.Kind.string, .identifier]),
        // A multi-line one, a raw one with a missing #, or an interpolation, runs to the end of the file.
        ("\"\"\"\nabc\nx", [.string]),
        (##"#"abc" x"##, [.string]),
        (#""a \(b"#, [.stringStart, .interpolationStart, .identifier]),
    ])
    func unterminated(text: String, expected: [SwiftToken.Kind]) {
        #expect(Self.kinds(text) == expected)
        #expect(SwiftSource(text).stringLiteralValue(at: 0) == nil)
    }

    @Test func groupsPairUpAndAStrayCloserPairsWithNothing() {
        let source = SwiftSource(#"f([1, "\(g(2))"], { x }) ] ("#)
        let tokens = source.tokens
        let open = 1
        #expect(source.closer(ofOpenerAt: open).map { tokens[$0].kind } == .rightParen)
        #expect(source.closer(ofOpenerAt: 2).map { tokens[$0].kind } == .rightBracket)
        #expect(source.closer(ofOpenerAt: 0) == nil)
        // The last `(` is never closed; the `]` before it closes nothing.
        #expect(source.closer(ofOpenerAt: tokens.count - 1) == tokens.count)
        let stray = tokens.count - 2
        #expect(tokens[stray].kind == .rightBracket)
        #expect(!(0..<tokens.count).contains { source.closer(ofOpenerAt: $0) == stray })
    }

    @Test("line and column of a byte: lines end at LF, CRLF or CR; columns count UTF-8 bytes", arguments: [
        ("ab\ncd", 4, OverlayCore.SourceLocation(line: 2, column: 2)),
        ("ab\r\ncd", 5, OverlayCore.SourceLocation(line: 2, column: 2)),
        ("ab\rcd", 3, OverlayCore.SourceLocation(line: 2, column: 1)),
        ("é x", 3, OverlayCore.SourceLocation(line: 1, column: 4)),
        ("\u{FEFF}x", 3, OverlayCore.SourceLocation(line: 1, column: 1)),
    ])
    func locations(text: String, offset: Int, expected: OverlayCore.SourceLocation) {
        #expect(SwiftSource(text).location(ofByte: offset) == expected)
    }

    @Test("line count", arguments: [("", 0), ("a", 1), ("a\n", 1), ("a\nb", 2), ("a\r\n\r\n", 2)])
    func lineCount(text: String, expected: Int) {
        #expect(SwiftSource(text).lineCount == expected)
    }

    @Test func argumentsSplitAtTopLevelCommasOnly() throws {
        let source = SwiftSource(#"NSLocalizedString("a, b", tableName: t(1, 2), bundle: [x, y][0], value: "\(p, q)", comment: { $0 }(c),)"#)
        let call = try #require(source.calls(named: "NSLocalizedString").first)
        #expect(call.arguments.map(\.label) == [nil, "tableName", "bundle", "value", "comment"])
        #expect(source.stringLiteralValue(of: call.arguments[0]) == "a, b")
        #expect(source.stringLiteralValue(of: call.arguments[3]) == nil)
        #expect(source.isStringLiteral(call.arguments[3]))
        #expect(!source.isStringLiteral(call.arguments[1]))
        #expect(call.argument(labeled: "bundle")?.value.count == 8)
    }

    @Test func readsTheLiteralArgumentsOfNSLocalizedString() throws {
        let source = SwiftSource("""
            let a = NSLocalizedString("cart.items", value: "%lld items\\t", comment: "Cart badge")
            let b = NSLocalizedString(key, value: #"Say "hi""#, comment: \"\"\"
                Two
                  lines
                \"\"\")
            """)
        let calls = source.calls(named: "NSLocalizedString")
        #expect(calls.count == 2)
        let values = calls.map { call in
            ["", "value", "comment"].map { label in
                (label.isEmpty ? call.arguments.first : call.argument(labeled: label)).flatMap(source.stringLiteralValue(of:))
            }
        }
        #expect(values == [["cart.items", "%lld items\t", "Cart badge"], [nil, #"Say "hi""#, "Two\n  lines"]])
    }

    @Test("a call is a name and a parenthesis on its line", arguments: [
        ("f(x)", true), ("f (x)", true), ("f/* c */(x)", true), ("f.init(x)", true), ("f\n(x)", false), ("f[x]", false),
        ("f", false),
    ])
    func callShape(text: String, isCall: Bool) {
        #expect((SwiftSource(text).call(at: 0) != nil) == isCall)
    }

    @Test("free references: plain, module-qualified, not a member or a declaration", arguments: [
        ("NSLocalizedString(", 0, true), ("Foundation.NSLocalizedString(", 2, true), ("x.NSLocalizedString(", 2, false),
        ("a.Foundation.NSLocalizedString(", 4, false), (".NSLocalizedString(", 1, false), ("func NSLocalizedString(", 1, false),
        ("f().NSLocalizedString(", 4, false),
    ])
    func freeReferences(text: String, index: Int, expected: Bool) {
        let source = SwiftSource(text)
        #expect(source.isIdentifier(index, "NSLocalizedString"))
        #expect(source.isFreeReference(index) == expected)
    }

    @Test("literal values Swift would reject are nil", arguments: [
        #""bad \q escape""#,
        #""\u{110000}""#,
        #""\u{D800}""#,
        #""\u{}""#,
        "\"\"\"  text on the opening line\n  \"\"\"",
        "\"\"\"\n  line\n  tail \"\"\"",
        "\"\"\"\n  ok\n less indented\n  \"\"\"",
        "\"\"\"\n  last line continues \\\n  \"\"\"",
        ##"#"\#q"#"##,
        // A line of spaces or tabs must still carry the closing line's indentation; only an empty one may not.
        "\"\"\"\n  \n\t\n  x\n  \"\"\"",
        "\"\"\"\n  x\n \n  \"\"\"",
    ])
    func rejectedLiterals(literal: String) {
        let source = SwiftSource(literal)
        #expect(source.tokens.first?.kind == .string)
        #expect(source.stringLiteralValue(at: 0) == nil)
    }

    @Test("literal values", arguments: [
        (#""a\"b""#, "a\"b"),
        (##"#"a\"b"#"##, "a\\\"b"),
        ("\"\"\"\n    one\n\n      two\n    \"\"\"", "one\n\n  two"),
        ("\"\"\"\n  a \\\n  b\n  \"\"\"", "a b"),
        ("\"\"\"\n  a \\\\\n  b\n  \"\"\"", "a \\\nb"),
        ("\"\"\"\n  \n\n  x\n  \"\"\"", "\n\nx"),
        // `#"""` closed on its own line: a single-line raw literal whose text starts and ends with `""`.
        (##"#"""\#n\n"""#"##, "\"\"\n\\n\"\""),
    ])
    func literalValues(literal: String, expected: String) {
        #expect(SwiftSource(literal).stringLiteralValue(at: 0) == expected)
    }
}
