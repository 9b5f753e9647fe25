import Foundation
import Testing
@testable import OverlayCore

/// Every valid fixture must read to exactly what Foundation's `PropertyListSerialization` returns.
@Suite struct StringsReaderOracleTests {
    static let validFixtures: [(name: String, encoding: StringsFile.Encoding)] = [
        ("basic-utf8.strings", .utf8),
        ("utf8-bom.strings", .utf8WithBOM),
        ("utf16le-bom.strings", .utf16LittleEndian),
        ("utf16be-bom.strings", .utf16BigEndian),
        ("utf32le-bom.strings", .utf32LittleEndian),
        ("utf32be-bom.strings", .utf32BigEndian),
        ("braced-dictionary.strings", .utf8),
        ("single-quoted-and-unquoted.strings", .utf8),
        ("shorthand-key-is-value.strings", .utf8),
        ("escapes.strings", .utf8),
        ("raw-newlines-in-strings.strings", .utf8),
        ("comments-do-not-nest.strings", .utf8),
        ("unicode-line-separators-are-whitespace.strings", .utf8),
        ("unquoted-slash-key.strings", .utf8),
        ("whitespace-and-comments-only.strings", .utf8),
        ("duplicate-key.strings", .utf8),
        ("crlf-line-endings.strings", .utf8),
        ("lint-warnings.strings", .utf8),
        ("binary-plist.strings", .binaryPropertyList),
        ("xml-plist.strings", .xmlPropertyList),
    ]

    @Test("A valid fixture reads to Foundation's dictionary", arguments: validFixtures)
    func matchesPropertyListSerialization(fixture: (name: String, encoding: StringsFile.Encoding)) throws {
        let data = try Fixtures.data("formats/strings/\(fixture.name)")
        let file = try StringsReader.read(data, acceptingPropertyLists: true)
        let oracle = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let expected = try #require(oracle as? [String: String])
        #expect(file.dictionary == expected)
        #expect(file.encoding == fixture.encoding)
    }

    @Test("A property-list table is refused unless the caller reads the app's own files",
          arguments: ["binary-plist.strings", "xml-plist.strings"])
    func propertyListsOnlyFromTheAppsOwnFiles(name: String) throws {
        let data = try Fixtures.data("formats/strings/\(name)")
        let error = try #require(throws: StringsError.self) { try StringsReader.read(data) }
        #expect(error.code == .propertyListNotAccepted)
        #expect(error.message.contains("property list"), "\(error.message)")
        // What a download goes through: the in-memory module loader reports it and keeps nothing of the table.
        let parsed = CatalogLoader.module(
            named: "App", developmentRegion: "en", files: ["fr.lproj/Localizable.strings": data])
        #expect(parsed.findings.map(\.code) == ["strings.property-list-not-accepted"])
        #expect(parsed.module.localizations["fr"]?.tables["Localizable"]?.strings.isEmpty ?? true)
    }

    @Test func emptyFileIsAnEmptyTableWithAWarningWhereFoundationRejectsIt() throws {
        let data = try Fixtures.data("formats/strings/empty-file.strings")
        #expect(data.isEmpty)
        #expect(throws: (any Error).self) { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        let file = try StringsReader.read(data)
        #expect(file.entries.isEmpty)
        #expect(file.warnings.map(\.code) == [.emptyFile])
        #expect(file.warnings.first?.location == SourceLocation(line: 1, column: 1))
    }

    @Test func whitespaceAndCommentsOnlyIsAnEmptyTableWithoutWarnings() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/whitespace-and-comments-only.strings"))
        #expect(file.entries.isEmpty)
        #expect(file.warnings.isEmpty)
    }
}
