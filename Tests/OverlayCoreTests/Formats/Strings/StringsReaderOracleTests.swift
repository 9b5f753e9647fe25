import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Every valid fixture must read to exactly what Foundation's `PropertyListSerialization` returns.
@Suite struct StringsReaderOracleTests {
    static let validFixtures: [(name: String, detected: StringsTextDecoding.Detected)] = [
        ("basic-utf8.strings", .utf8(bomLength: 0)),
        ("utf8-bom.strings", .utf8(bomLength: 3)),
        ("utf16le-bom.strings", .utf16(bigEndian: false)),
        ("utf16be-bom.strings", .utf16(bigEndian: true)),
        ("utf32le-bom.strings", .utf32(bigEndian: false)),
        ("utf32be-bom.strings", .utf32(bigEndian: true)),
        ("braced-dictionary.strings", .utf8(bomLength: 0)),
        ("single-quoted-and-unquoted.strings", .utf8(bomLength: 0)),
        ("shorthand-key-is-value.strings", .utf8(bomLength: 0)),
        ("escapes.strings", .utf8(bomLength: 0)),
        ("raw-newlines-in-strings.strings", .utf8(bomLength: 0)),
        ("comments-do-not-nest.strings", .utf8(bomLength: 0)),
        ("unicode-line-separators-are-whitespace.strings", .utf8(bomLength: 0)),
        ("unquoted-slash-key.strings", .utf8(bomLength: 0)),
        ("whitespace-and-comments-only.strings", .utf8(bomLength: 0)),
        ("duplicate-key.strings", .utf8(bomLength: 0)),
        ("crlf-line-endings.strings", .utf8(bomLength: 0)),
        ("lint-warnings.strings", .utf8(bomLength: 0)),
        ("binary-plist.strings", .binaryPropertyList),
        ("xml-plist.strings", .utf8(bomLength: 0)),
    ]

    @Test("A valid fixture reads to Foundation's dictionary", arguments: validFixtures)
    func matchesPropertyListSerialization(fixture: (name: String, detected: StringsTextDecoding.Detected)) throws {
        let data = try Fixtures.data("formats/strings/\(fixture.name)")
        let file = try StringsReader.read(data, acceptingPropertyLists: true)
        let oracle = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let expected = try #require(oracle as? [String: String])
        #expect(file.dictionary == expected)
        #expect(data.withUnsafeBytes { StringsTextDecoding.detect($0.assumingMemoryBound(to: UInt8.self)) } == fixture.detected)
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
