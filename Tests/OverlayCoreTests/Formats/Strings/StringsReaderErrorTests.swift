import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Every rejection: its code, its line and column, and a message that points at the fix.
@Suite struct StringsReaderErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var code: StringsError.Code
        var line: Int
        var column: Int
        /// A fragment the message must contain (the fix or the fact it names).
        var mentions: String

        var testDescription: String { "\(fixture) → \(code)" }
    }

    static let cases: [Case] = [
        Case(fixture: "missing-semicolon-last-line.strings", code: .missingSemicolon, line: 2, column: 10, mentions: "the last one included"),
        Case(fixture: "missing-semicolon-between-entries.strings", code: .missingSemicolon, line: 1, column: 10, mentions: "missing ';'"),
        Case(fixture: "missing-semicolon-after-key-only.strings", code: .missingSemicolon, line: 2, column: 9, mentions: "add the missing ';'"),
        Case(fixture: "unterminated-comment.strings", code: .unterminatedComment, line: 2, column: 1, mentions: "add '*/'"),
        Case(fixture: "unterminated-string.strings", code: .unterminatedString, line: 2, column: 7, mentions: "add the closing"),
        Case(fixture: "unterminated-string-trailing-backslash.strings", code: .unterminatedString, line: 1, column: 7, mentions: "never closed"),
        Case(fixture: "unexpected-character-after-key.strings", code: .unexpectedCharacter, line: 1, column: 5, mentions: "expected '=' or ';'"),
        Case(fixture: "unexpected-character-key.strings", code: .unexpectedCharacter, line: 2, column: 3, mentions: "'@'"),
        Case(fixture: "unexpected-character-value.strings", code: .unexpectedCharacter, line: 1, column: 7, mentions: "quote the value"),
        Case(fixture: "unexpected-end-of-file-after-equals.strings", code: .unexpectedEndOfFile, line: 2, column: 8, mentions: "add a quoted value"),
        Case(fixture: "missing-closing-brace.strings", code: .missingClosingBrace, line: 1, column: 1, mentions: "add '}'"),
        Case(fixture: "junk-after-closing-brace.strings", code: .unexpectedCharacter, line: 2, column: 1, mentions: "after the closing '}'"),
        Case(fixture: "utf16-no-bom.strings", code: .utf16WithoutBOM, line: 1, column: 1, mentions: "re-save it as UTF-8"),
        Case(fixture: "invalid-utf8-latin1.strings", code: .invalidUTF8, line: 2, column: 5, mentions: "offset 15"),
        Case(fixture: "invalid-utf16-lone-surrogate.strings", code: .invalidUTF16, line: 2, column: 8, mentions: "lone surrogate"),
        Case(fixture: "invalid-utf16-odd-length.strings", code: .invalidUTF16, line: 1, column: 11, mentions: "odd number of bytes"),
        Case(fixture: "invalid-utf32-not-a-scalar.strings", code: .invalidUTF32, line: 1, column: 8, mentions: "not a Unicode scalar"),
        Case(fixture: "non-string-value-dictionary.strings", code: .nonStringValue, line: 2, column: 7, mentions: "a dictionary"),
        Case(fixture: "non-string-value-array.strings", code: .nonStringValue, line: 1, column: 7, mentions: "an array"),
        Case(fixture: "non-string-value-data.strings", code: .nonStringValue, line: 1, column: 7, mentions: "<hex> data"),
    ]

    @Test("A malformed text file is rejected with code, line and column", arguments: cases)
    func rejects(_ testCase: Case) throws {
        let data = try Fixtures.data("formats/strings/\(testCase.fixture)")
        let error = try #require(throws: StringsError.self) { try StringsReader.read(data) }
        #expect(error.code == testCase.code)
        #expect(error.location == SourceLocation(line: testCase.line, column: testCase.column))
        #expect(error.message.contains(testCase.mentions), "\(error.message)")
    }

    static let propertyListCases: [(fixture: String, code: StringsError.Code, mentions: String)] = [
        ("binary-plist-non-string-value.strings", .nonStringValue, "\"n\" is a number"),
        ("xml-plist-not-a-dictionary.strings", .invalidPropertyList, "an array"),
        ("binary-plist-corrupt.strings", .invalidPropertyList, "cannot be parsed"),
    ]

    @Test("A bad property-list container is rejected without a location", arguments: propertyListCases)
    func rejectsPropertyList(_ testCase: (fixture: String, code: StringsError.Code, mentions: String)) throws {
        let data = try Fixtures.data("formats/strings/\(testCase.fixture)")
        let error = try #require(throws: StringsError.self) { try StringsReader.read(data, acceptingPropertyLists: true) }
        #expect(error.code == testCase.code)
        #expect(error.location == nil)
        #expect(error.message.contains(testCase.mentions), "\(error.message)")
    }

    /// The reader keeps duplicates; the catalog loader judges them, an error in strict mode naming both lines.
    @Test func aDuplicateKeyIsAnErrorOfTheStrictLoaderWithItsLineAndColumn() throws {
        let data = try Fixtures.data("formats/strings/duplicate-key.strings")
        let loaded = CatalogLoader.module(
            named: "App", developmentRegion: "en", files: ["en.lproj/Localizable.strings": data], mode: .strict)
        let finding = try #require(loaded.findings.first)
        #expect(loaded.findings.count == 1)
        #expect(finding.code == "strings.duplicate-key")
        #expect(finding.severity == .error)
        #expect(finding.location.line == 3 && finding.location.column == 1)
        #expect(finding.message.contains("first on line 1"), "\(finding.message)")
    }

    @Test func duplicatesAreKeptInFileOrder() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/duplicate-key.strings"))
        #expect(file.entries.map(\.key) == ["title", "other", "title"])
        let repeats = file.entries.filter { $0.key == "title" }.dropFirst()
        #expect(repeats.map(\.location) == [SourceLocation(line: 3, column: 1)])
        #expect(file.dictionary["title"] == "Second")
    }

    @Test("Foundation also rejects the text files we reject as broken", arguments: [
        "missing-semicolon-last-line.strings", "unterminated-string.strings", "utf16-no-bom.strings",
        "invalid-utf8-latin1.strings", "missing-closing-brace.strings",
    ])
    func foundationAgreesOnRejection(fixture: String) throws {
        let data = try Fixtures.data("formats/strings/\(fixture)")
        #expect(throws: (any Error).self) { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
    }

    @Test func errorDescriptionHasTheCompilerShape() throws {
        let error = try #require(throws: StringsError.self) { try StringsReader.read(Data("\"a\" = \"1\"".utf8)) }
        #expect(error.description.hasPrefix("1:10: error: missing ';'"))
        #expect(error.description.hasSuffix("[strings.missing-semicolon]"))
    }
}
