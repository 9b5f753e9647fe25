import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// The grammar and escape rules of FORMATS.md §1.2–1.3, one case per rule.
@Suite struct StringsReaderGrammarTests {
    static func read(_ text: String) throws -> StringsFile {
        try StringsReader.read(Data(text.utf8))
    }

    static let valueCases: [(rule: String, source: String, key: String, value: String)] = [
        ("shorthand stores the key as its value", #""OK";"#, "OK", "OK"),
        ("single quotes delimit a string", #"'k' = 'say "hi"';"#, "k", #"say "hi""#),
        ("unquoted keys and values", "a_b.c-d:e/f$ = x1;", "a_b.c-d:e/f$", "x1"),
        ("slash inside an unquoted string is not a comment", "abc//x = y;", "abc//x", "y"),
        ("raw newline inside quotes", "\"k\" = \"a\nb\";", "k", "a\nb"),
        ("C control escapes", #""k" = "\n\t\r\a\b\f\v";"#, "k", "\n\t\r\u{07}\u{08}\u{0C}\u{0B}"),
        ("quote and backslash escapes", #""k" = "\"\'\\";"#, "k", #""'\"#),
        ("backslash before a newline is a newline", "\"k\" = \"a\\\nb\";", "k", "a\nb"),
        ("\\U takes up to four hex digits, stopping at a non-hex one", #""k" = "\U00e9\U41BC\U41G";"#, "k", "é\u{41BC}AG"),
        ("\\U with no hex digit is U+0000", #""k" = "\Uxyz";"#, "k", "\u{0}xyz"),
        ("\\U surrogate pair combines", #""k" = "\UD83D\UDE00";"#, "k", "😀"),
        ("lone surrogate becomes U+FFFD", #""k" = "\UD83Dx";"#, "k", "\u{FFFD}x"),
        ("lowercase \\u is not an escape", #""k" = "\u00e9";"#, "k", "u00e9"),
        ("octal below 200 is ASCII", #""k" = "\101\0";"#, "k", "A\u{0}"),
        ("octal reads at most three digits", #""k" = "\1014";"#, "k", "A4"),
        ("octal 351 is NeXTSTEP Ø, not Latin-1 é", #""k" = "\351";"#, "k", "Ø"),
        ("octal 200 is NeXTSTEP no-break space", #""k" = "\200";"#, "k", "\u{A0}"),
        ("octal 777 truncates to a byte with no mapping", #""k" = "\777";"#, "k", "\u{0}"),
        ("unknown escape drops the backslash", #""k" = "\x\é";"#, "k", "xé"),
        ("/* does not nest", #"/* a /* b */ "k" = "v";"#, "k", "v"),
        ("line comment ends at U+2028", "// c\u{2028}\"k\" = \"v\";", "k", "v"),
        ("U+2028 and U+2029 are whitespace", "\"k\"\u{2028}=\u{2029}\"v\"\u{2028};", "k", "v"),
        ("braces around the table", "{ k = v; }", "k", "v"),
    ]

    @Test("Grammar rule", arguments: valueCases)
    func readsValue(_ testCase: (rule: String, source: String, key: String, value: String)) throws {
        let file = try Self.read(testCase.source)
        #expect(file.entries.count == 1)
        #expect(file.entries.first?.key == testCase.key)
        #expect(file.entries.first?.value == testCase.value)
    }

    @Test("Our value equals Foundation's for every grammar rule", arguments: valueCases)
    func agreesWithFoundation(_ testCase: (rule: String, source: String, key: String, value: String)) throws {
        let data = Data(testCase.source.utf8)
        let oracle = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String])
        #expect(try StringsReader.read(data).dictionary == oracle)
    }

    @Test func entryLocationsCountLinesAndScalarColumns() throws {
        let file = try Self.read("\"a\" = \"1\";\r\n  \"é\" = \"2\"; \"b\" = \"3\";\r\u{2028}c = \"4\";\n\"x\" = \"a\nb\"; \"y\" = z;")
        #expect(file.entries.map(\.location) == [
            SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 3), SourceLocation(line: 2, column: 14),
            SourceLocation(line: 3, column: 2), SourceLocation(line: 4, column: 1), SourceLocation(line: 5, column: 5),
        ])
    }

    @Test func lintWarningsAreCollectedInFileOrderWithLocations() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/lint-warnings.strings"))
        #expect(file.warnings.map(\.code) == [
            .lowercaseUnicodeEscape, .highOctalEscape, .unknownEscape, .loneSurrogate, .loneSurrogate,
        ])
        #expect(file.warnings.map(\.location?.column) == [8, 15, 20, 23, 30])
        #expect(file.warnings.allSatisfy { $0.location?.line == 1 })
        #expect(file.warnings[1].message.contains("NeXTSTEP"))
    }

    @Test("Escapes that mean what they say raise no warning", arguments: [
        #""k" = "\n\t\r\a\b\f\v\"\'\\\101\U00E9\UD83D\UDE00";"#, "\"k\" = \"a\\\nb\";",
    ])
    func plainEscapesAreSilent(source: String) throws {
        #expect(try Self.read(source).warnings.isEmpty)
    }

    @Test func duplicateCheckDoesNotFireOnDistinctKeys() throws {
        let data = Data(#""a" = "1"; "b" = "1"; "A" = "1";"#.utf8)
        let loaded = CatalogLoader.module(
            named: "App", developmentRegion: "en", files: ["en.lproj/Localizable.strings": data], mode: .strict)
        #expect(loaded.findings.isEmpty)
        #expect(loaded.module.localizations["en"]?.tables["Localizable"]?.strings.count == 3)
    }

    @Test func propertyListEntriesAreSortedWithUnknownLocation() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/binary-plist.strings"), acceptingPropertyLists: true)
        #expect(file.entries.map(\.key) == ["greeting", "newline", "unicode"])
        #expect(file.entries.allSatisfy { $0.location == StringsFile.Entry.unknownLocation })
    }
}
