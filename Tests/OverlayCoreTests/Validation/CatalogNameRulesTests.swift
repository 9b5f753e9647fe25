import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Names and sizes a client refuses, found in the catalog before publishing (`CatalogNameRules`).
@Suite struct CatalogNameRulesTests {
    static func catalog(
        module: String = "App", developmentRegion: String = "en", locale: String = "en", table: String = "Localizable",
        strings: [String: String] = ["title": "Title"]
    ) -> Catalog {
        var localizations = [locale: CatalogLocalization(
            identifier: locale, directoryName: "\(locale).lproj",
            tables: [table: CatalogTable(name: table, strings: strings, files: ["\(module)/\(locale).lproj/\(table).strings"])])]
        if locale != developmentRegion {
            localizations[developmentRegion] = CatalogLocalization(identifier: developmentRegion, directoryName: "\(developmentRegion).lproj")
        }
        return Catalog(modules: [module: CatalogModule(name: module, developmentRegion: developmentRegion, localizations: localizations)])
    }

    @Test func aCleanCatalogHasNoFindings() {
        #expect(CatalogNameRules.check(Self.catalog()).isEmpty)
    }

    @Test("each refused name has its code", arguments: [
        (catalog(module: "My Mod"), "name.module"),
        (catalog(module: "Mod\nule"), "name.module"),
        (catalog(module: "Modül"), "name.module"),
        (catalog(module: "a%2F"), "name.module"),
        (catalog(locale: "fr CA"), "name.locale"),
        (catalog(locale: ".."), "name.locale"),
        (catalog(locale: "fr\n"), "name.locale"),
        (catalog(table: "My Table"), "name.table"),
        (catalog(developmentRegion: "en us", locale: "en us"), "name.development-region"),
        (catalog(strings: ["a\u{1B}[31m": "x"]), "key.control-character"),
        (catalog(strings: ["bell\u{07}key": "x"]), "key.control-character"),
        (catalog(strings: [String(repeating: "k", count: 1025): "x"]), "key.too-long"),
        (catalog(strings: ["big": String(repeating: "v", count: (64 << 10) + 1)]), "value.too-long"),
    ])
    func refused(_ catalog: Catalog, _ code: String) {
        let findings = CatalogNameRules.check(catalog)
        #expect(findings.map(\.code).contains(code), "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .error })
    }

    @Test func findingsNameTheFileAndTheFix() throws {
        let finding = try #require(CatalogNameRules.check(Self.catalog(table: "My Table")).first)
        #expect(finding.location.file == "App/en.lproj/My Table.strings")
        #expect(finding.message.contains("rename"))
    }

    @Test func infoPlistTablesAreNotPublishedSoNotChecked() {
        #expect(CatalogNameRules.check(Self.catalog(table: CatalogTable.infoPlistTableName, strings: ["": "x"])).isEmpty)
    }

    @Test func pluralValuesCountTheirVariants() {
        let big = String(repeating: "v", count: 40 << 10)
        var catalog = Self.catalog(strings: [:])
        catalog.modules["App"]?.localizations["en"]?.tables["Localizable"]?.plurals["n"] = .format(PluralFormat(
            format: "%#@v@", variables: ["v": PluralVariable(valueType: "d", forms: [.one: big, .other: big])]))
        #expect(CatalogNameRules.check(catalog).map(\.code) == ["value.too-long"])
    }

    @Test func aKeyWithATabNewlineOrCarriageReturnIsAccepted() {
        // SwiftUI extracts `Text("a\nb")` into such a String Catalog key; XML (a .stringsdict, Xcode's XLIFF) carries them.
        #expect(CatalogNameRules.check(Self.catalog(strings: ["tab\tkey": "x", "two\nlines": "y", "crlf\r\nkey": "z"])).isEmpty)
    }

    @Test func anEmptyKeyAsXcodeWritesItIsAccepted() {
        #expect(CatalogNameRules.check(Self.catalog(strings: ["": ""])).isEmpty)
    }
}
