import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport

/// A plural variable without `other` (issue 25). Translators of Polish, Russian, Ukrainian and Belarusian write the
/// categories their grammar has — "one, few, many" — and leave out `other`, which CLDR keeps for fractions: ryanbr/noop
/// pull request 559 says of its Russian String Catalog entries that `other` "is unreachable in practice", present only
/// because tools ask for it. Such an entry renders every whole count; it was dropped and English shown instead.
@Suite struct PluralWithoutOtherTests {
    static func stringsdict(_ forms: [(String, String)], type: String = "d", key: String = "spaces") -> String {
        RealCatalogPatternTests.stringsdict(
            "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + RealCatalogPatternTests.variable("n", type: type, forms) + "</dict>")
    }

    static let english = stringsdict([("one", "%d Space"), ("other", "%d Spaces")])
    static let russian = stringsdict([("one", "%d пространство"), ("few", "%d пространства"), ("many", "%d пространств")])

    /// The categories whole numbers reach, against CLDR's own samples: a category has an `@integer` sample exactly when
    /// some whole number selects it (plurals.xml, read directly).
    @Test func integerReachMatchesTheCLDRSamplesOfEveryRuleGroup() throws {
        let groups = try CLDRSampleOracle.groups(file: "plurals.xml")
        #expect(groups.count > 30, "\(CLDRSampleOracle.missingMessage)")
        for group in groups {
            let expected = Set(group.samples.filter { sample in
                sample.numbers.contains { !$0.contains(".") && !$0.contains("c") && !$0.contains("e") }
            }.map(\.category))
            let rules = PluralRules.cardinal(for: group.localeIDs[0])
            let reach = rules.integerReach()
            #expect(Set(reach.keys) == expected, "\(group.localeIDs[0])")
            for (category, number) in reach { #expect(rules.category(for: Int(number)) == category) }
        }
    }

    @Test("whole-number value types of pl, ru, uk, be render without other", arguments: ["pl", "ru", "uk", "be"])
    func aCompleteEntryRendersAndIsAWarning(_ locale: String) throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.stringsdict": Self.english,
            "M/\(locale).lproj/Localizable.stringsdict": Self.russian,
        ])
        defer { catalog.remove() }
        let loaded = try catalog.load()
        let findings = CatalogChecker.findings(loaded)
        #expect(findings.filter(\.isBlocking).isEmpty, "\(findings)")
        #expect(findings.filter { $0.code == "plural.missing-other" }.map(\.severity) == [.warning])
        #expect(!findings.contains { $0.code == "plural.missing-category" })
        let localizer = Localizer(catalog: loaded.catalog, preferredLanguages: [locale], mode: .production)
        let table = localizer.table(in: "M")
        #expect(table.resolve("spaces").locale == locale)
        for count in [0, 1, 2, 5, 11, 21, 22, 25, 101, 1_000_000] {
            let shown = table.format("spaces", count: count)
            #expect(!shown.contains("Space"), "\(locale) \(count): \(shown)")
        }
        #expect(table.format("spaces", count: 2) == "2 пространства")
        #expect(localizer.stats.renderErrors == 0)
    }

    @Test func whatSomeNumberCannotRenderIsStillRefused() throws {
        func errors(_ locale: String, _ translation: String) throws -> [String] {
            var files = ["M/en.lproj/Localizable.stringsdict": Self.english]
            files["M/\(locale).lproj/Localizable.stringsdict"] = translation
            let catalog = try TemporaryCatalog(files)
            defer { catalog.remove() }
            return CatalogChecker.findings(try catalog.load()).filter(\.isBlocking).map(\.message)
        }
        // Russian without `many`: 5 finds no variant.
        let noMany = try errors("ru", Self.stringsdict([("one", "%d пространство"), ("few", "%d пространства")]))
        #expect(noMany.count == 1 && noMany[0].contains("'many' (0)"), "\(noMany)")
        // Czech selects `other` for 0 and 5.
        let czech = try errors("cs", Self.stringsdict([("one", "%d prostor"), ("few", "%d prostory"), ("many", "%d prostoru")]))
        #expect(czech.count == 1 && czech[0].contains("0 selects 'other' in cs"), "\(czech)")
        // A fraction value type selects `other` for 1.5 in every language.
        let fraction = try errors("ru", Self.stringsdict(
            [("one", "%.1f км"), ("few", "%.1f км"), ("many", "%.1f км")], type: "f"))
        #expect(fraction.count == 1 && fraction[0].contains("fractions"), "\(fraction)")
        // English always needs it.
        #expect(try errors("en", Self.stringsdict([("one", "%d Space")])).count == 1)
    }

    @Test func aStringCatalogEntryIsJudgedPerLanguage() throws {
        let json = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "%lld spaces" : { "localizations" : {
              "en" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld space" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld spaces" } } } } },
              "uk" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld простір" } },
                "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld простори" } },
                "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld просторів" } } } } },
              "ru" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld пространство" } } } } },
              "de" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bereich" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Bereiche" } } } } }
            } } } }
            """
        let catalog = try TemporaryCatalog(["M/Localizable.xcstrings": json])
        defer { catalog.remove() }
        let loaded = try catalog.load()
        let findings = CatalogChecker.findings(loaded)
        #expect(findings.filter(\.isBlocking).map { "\($0.location.locale ?? "") \($0.code)" } == ["ru plural.missing-other"])
        #expect(findings.contains { $0.location.locale == "uk" && $0.code == "plural.missing-other" && $0.severity == .warning })
        // ru alone loses the entry (and falls back to en); uk and de serve theirs.
        func shown(_ locale: String, _ count: Int) -> String {
            Localizer(catalog: loaded.catalog, preferredLanguages: [locale], mode: .production)
                .table(in: "M").format("%lld spaces", count: count)
        }
        #expect(shown("uk", 3) == "3 простори")
        #expect(shown("de", 3) == "3 Bereiche")
        #expect(shown("ru", 3) == "3 spaces")
        #expect(!findings.contains { $0.location.locale == "ru" && $0.code == "catalog.missing-translation" })
    }

    @Test func theClientAcceptsSuchAnOverlayAndTheResolverServesIt() throws {
        let shipped = CatalogLoader.module(named: "M", developmentRegion: "en", files: [
            "en.lproj/Localizable.stringsdict": Data(Self.english.utf8),
        ]).module
        let overlay = CatalogLoader.module(named: "M", developmentRegion: "en", files: [
            "pl.lproj/Localizable.stringsdict": Data(Self.stringsdict(
                [("one", "%d miejsce"), ("few", "%d miejsca"), ("many", "%d miejsc")]).utf8),
        ])
        let findings = overlay.findings + OverlayContentValidator.validate(overlay.module, shipped: shipped)
        #expect(findings.isAcceptable, "\(findings)")
        #expect(overlay.module.localizations["pl"]?.tables["Localizable"]?.plurals["spaces"] != nil)
    }
}
