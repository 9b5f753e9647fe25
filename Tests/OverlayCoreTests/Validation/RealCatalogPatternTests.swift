import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Patterns shipping apps write that Apple's tools accept: none of them may raise an error, and the defects next to
/// them must still be caught (each case is the shape of one seen in a real catalog).
@Suite struct RealCatalogPatternTests {
    static let pluralHeader = "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"

    static func stringsdict(_ entries: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\(entries)</dict></plist>\n"
    }

    static func variable(_ name: String, type: String, _ forms: [(String, String)]) -> String {
        "<key>\(name)</key><dict>\(pluralHeader)<key>NSStringFormatValueTypeKey</key><string>\(type)</string>"
            + forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined() + "</dict>"
    }

    static func errors(_ files: [String: String]) throws -> [String] {
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let loaded = try catalog.load()
        return (loaded.findings + CatalogChecker.check(loaded.catalog))
            .filter { $0.severity == .error }.map { "\($0.location.locale ?? "-") \($0.code)" }
    }

    @Test func aWidthBeforeTheTokenIsTheTokenAsCFReadsIt() throws {
        // `%1#@count@`: a development language of a shipping app; CF reads the 1 as an ignored width.
        let entry = "<key>trackers</key><dict><key>NSStringLocalizedFormatKey</key><string>%1#@count@</string>"
            + Self.variable("count", type: "d", [("one", "*%2$@, %3$@* and *1 other*"), ("other", "*%2$@, %3$@* and *%d others*")])
            + "</dict>"
        let de = "<key>trackers</key><dict><key>NSStringLocalizedFormatKey</key><string>%1#@count@</string>"
            + Self.variable("count", type: "d", [("one", "*%2$@, %3$@* und *1 weiterer*"), ("other", "*%2$@, %3$@* und *%d weitere*")])
            + "</dict>"
        #expect(try Self.errors([
            "M/en.lproj/Localizable.stringsdict": Self.stringsdict(entry),
            "M/de.lproj/Localizable.stringsdict": Self.stringsdict(de),
        ]) == [])
    }

    @Test func variantSpecifiersAreRelativeToTheirToken() throws {
        let entry = "<key>followers</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@names@%#@count@</string>"
            + Self.variable("names", type: "ld", [("one", ""), ("other", "")])
            + Self.variable("count", type: "ld", [("one", "Followed by %1$@"), ("other", "Followed by %1$@, and %ld others")])
            + "</dict>"
        let fr = entry.replacingOccurrences(of: "Followed by", with: "Suivi par")
        #expect(try Self.errors([
            "M/en.lproj/Localizable.stringsdict": Self.stringsdict(entry),
            "M/fr.lproj/Localizable.stringsdict": Self.stringsdict(fr),
        ]) == [])
        // The same variant reading the names slot as a number is still caught.
        let broken = fr.replacingOccurrences(of: "Suivi par %1$@, and", with: "Suivi par %1$ld, and")
        #expect(try Self.errors([
            "M/en.lproj/Localizable.stringsdict": Self.stringsdict(entry),
            "M/fr.lproj/Localizable.stringsdict": Self.stringsdict(broken),
        ]).contains("fr format.conflicting-slot"))
    }

    @Test func aSpacedObjectIsAWarningWhereTheSourceHasAnObject() throws {
        let files = [
            "M/en.lproj/Localizable.strings": "\"from\" = \"From %@\";\n\"n\" = \"%ld left\";\n",
            "M/de.lproj/Localizable.strings": "\"from\" = \"Von % @\";\n\"n\" = \"% @ übrig\";\n",
        ]
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let findings = CatalogChecker.check(try catalog.load().catalog)
        #expect(findings.filter { $0.location.key == "from" }.map(\.code) == ["format.spaced-object"])
        #expect(findings.filter { $0.location.key == "from" }.allSatisfy { $0.severity == .warning })
        // Where the source passes a number, `% @` reads it as an object: an error.
        #expect(findings.contains { $0.location.key == "n" && $0.code == "format.class-mismatch" })
    }

    @Test func aKeyThatIsTheCallSiteNamesTheArgumentsTheCodePasses() throws {
        let key = "notifications.label.favorite %lld"
        let files = [
            "M/en.lproj/Localizable.strings": "\"\(key)\" = \"starred\";\n",
            "M/de.lproj/Localizable.stringsdict": Self.stringsdict(
                "<key>\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                    + Self.variable("n", type: "lld", [("one", "%lld Mal markiert"), ("other", "%lld Mal markiert")])
                    + "</dict>"),
            "M/fr.lproj/Localizable.strings": "\"\(key)\" = \"%@ favori\";\n",
        ]
        let errors = try Self.errors(files)
        #expect(!errors.contains { $0.hasPrefix("de") }, "\(errors)")
        // A class the key does not pass is still an error.
        #expect(errors.contains("fr format.class-mismatch"))
    }

    @Test func aModuleWithoutDevelopmentTablesIsSaidOnceAndItsTranslationsAreCheckedAgainstEachOther() throws {
        let catalog = try TemporaryCatalog([
            "Autofill/de.lproj/Localizable.strings": "\"a\" = \"%@ gespeichert\";\n\"b\" = \"Fertig\";\n",
            "Autofill/fr.lproj/Localizable.strings": "\"a\" = \"%@ enregistré\";\n\"b\" = \"Terminé\";\n",
            "Autofill/it.lproj/Localizable.strings": "\"a\" = \"%@ salvato\";\n\"b\" = \"Fatto\";\n",
            "Autofill/pl.lproj/Localizable.strings": "\"a\" = \"%d zapisano\";\n\"b\" = \"Gotowe\";\n",
        ])
        defer { catalog.remove() }
        let loaded = try catalog.load()
        let findings = loaded.findings + CatalogChecker.check(loaded.catalog)
        #expect(findings.filter { $0.code == "catalog.missing-development-language" }.count == 1)
        #expect(!findings.contains { $0.code == "catalog.unknown-key" })
        // Three translations read argument 1 as an object: pl's %d is the odd one out.
        #expect(findings.filter { $0.severity == .error }.map { "\($0.location.locale!) \($0.code)" }
            == ["pl format.class-mismatch"])
    }

    @Test func aTableTheDevelopmentLanguageLacksIsSaidOncePerTable() throws {
        let catalog = try TemporaryCatalog([
            "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "App/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "App/fr.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "App/de.lproj/Main.strings": "\"Vur-vA-mVI.text\" = \"Anmelden\";\n\"x1-ab-c9Z.text\" = \"Hallo\";\n",
            "App/fr.lproj/Main.strings": "\"Vur-vA-mVI.text\" = \"Connexion\";\n\"x1-ab-c9Z.text\" = \"Salut\";\n",
        ])
        defer { catalog.remove() }
        let findings = CatalogChecker.check(try catalog.load().catalog)
        #expect(findings.map(\.code) == ["catalog.no-development-table"])
        #expect(findings.first?.location.table == "Main")
    }
}

/// A value byte-identical to the one the build shipped cannot change what the app shows; a changed value is judged
/// in full.
@Suite struct ShippedValueTests {
    static let source = "\"from\" = \"Go to %1$@ > %2$@\";\n\"count\" = \"%ld items\";\n"

    static func module(_ files: [String: String]) throws -> CatalogModule {
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        return try #require(catalog.load(.lenient).catalog.modules["M"])
    }

    @Test func theClientAcceptsAShippedDefectAndRejectsANewOne() throws {
        let shipped = try Self.module([
            "M/en.lproj/Localizable.strings": Self.source,
            "M/tr.lproj/Localizable.strings": "\"from\" = \"1$@ > %2$@ adresine gidin\";\n\"count\" = \"%ld öğe\";\n",
        ])
        // The overlay corrects "count" and keeps the shipped (broken) "from" byte for byte.
        let unchanged = try Self.module([
            "M/en.lproj/Localizable.strings": Self.source,
            "M/tr.lproj/Localizable.strings": "\"from\" = \"1$@ > %2$@ adresine gidin\";\n\"count\" = \"%ld adet\";\n",
        ])
        let findings = OverlayContentValidator.validate(unchanged, shipped: shipped)
        #expect(findings.isAcceptable)
        #expect(findings.allSatisfy { $0.isAlreadyShipped || $0.severity == .warning })

        // A newly broken translation never reaches a device.
        let broken = try Self.module([
            "M/en.lproj/Localizable.strings": Self.source,
            "M/tr.lproj/Localizable.strings": "\"from\" = \"1$@ > %2$@ adresine gidin\";\n\"count\" = \"%@ öğe\";\n",
        ])
        let rejected = OverlayContentValidator.validate(broken, shipped: shipped)
        #expect(!rejected.isAcceptable)
        #expect(rejected.filter(\.isBlocking).map(\.code) == ["format.class-mismatch"])
    }

    @Test func identicalMeansTheSameBytesNotTheSameCharacters() throws {
        // "é" precomposed and decomposed are equal Swift strings but not the bytes the build shipped.
        let shipped = try Self.module([
            "M/en.lproj/Localizable.strings": "\"n\" = \"%@ left\";\n",
            "M/fr.lproj/Localizable.strings": "\"n\" = \"%d r\u{E9}stant\";\n",
        ])
        let decomposed = try Self.module([
            "M/en.lproj/Localizable.strings": "\"n\" = \"%@ left\";\n",
            "M/fr.lproj/Localizable.strings": "\"n\" = \"%d re\u{301}stant\";\n",
        ])
        #expect(!OverlayContentValidator.validate(decomposed, shipped: shipped).isAcceptable)
        #expect(OverlayContentValidator.validate(shipped, shipped: shipped).isAcceptable)
    }

    @Test func checkMarksWhatTheBuildShipsAndStillReportsIt() throws {
        let files = [
            "M/en.lproj/Localizable.strings": Self.source,
            "M/tr.lproj/Localizable.strings": "\"from\" = \"1$@ > %2$@ adresine gidin\";\n\"count\" = \"%ld öğe\";\n",
        ]
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let loaded = try catalog.load().catalog
        let alone = CatalogChecker.check(loaded)
        #expect(alone.contains { $0.isBlocking })
        let against = CatalogChecker.check(loaded, shipped: loaded)
        #expect(against.map(\.code) == alone.map(\.code))
        let errors = against.filter { $0.severity == .error }
        #expect(!errors.isEmpty && errors.allSatisfy { $0.isAlreadyShipped })
        #expect(against.isAcceptable)
    }
}

@Suite struct ConsumingVariableCategoryTests {
    @Test func aVariableWithOneTextForEveryNumberNeedsNoCategories() {
        func codes(_ forms: [PluralCategory: String]) -> [String] {
            let entry = StringsdictEntry.format(
                PluralFormat(format: "%#@v@", variables: ["v": PluralVariable(valueType: "ld", forms: forms)]))
            return PluralCategoryRule.check(.plural(entry), locale: "ru", location: .init()).map(\.code)
        }
        #expect(codes([.one: "", .other: ""]) == [])
        #expect(codes([.other: ""]) == [])
        #expect(codes([.one: "x", .other: "x"]) == [])
        #expect(codes([.one: "x", .few: "x", .many: "x", .zero: "x", .other: "x", .two: "x"]) == ["plural.extra-category"])
        // A lone `other` is the usual lazy translation: ru still needs one, few and many.
        #expect(codes([.other: "%ld files"]) == ["plural.missing-category"])
        #expect(codes([.one: "%ld file", .other: "%ld files"]) == ["plural.missing-category"])
    }
}

@Suite struct DuplicateLocalizationTests {
    @Test func twoFoldersOfOneLocaleAreSaidAndOneIsRead() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "M/EN.lproj/Localizable.strings": "\"a\" = \"Other A\";\n\"b\" = \"B\";\n",
            "M/fr_CA.lproj/Localizable.strings": "\"a\" = \"A ca\";\n",
            "M/fr-CA.lproj/Localizable.strings": "\"a\" = \"A (CA)\";\n",
        ])
        defer { catalog.remove() }
        let loaded = try catalog.load()
        let duplicates = loaded.findings.filter { $0.code == "catalog.duplicate-localization" }
        #expect(duplicates.map(\.location.file) == ["M/EN.lproj", "M/fr_CA.lproj"])
        #expect(duplicates.allSatisfy { $0.severity == .warning })
        let module = try #require(loaded.catalog.modules["M"])
        #expect(module.localizations["en"]?.tables["Localizable"]?.strings == ["a": "A"])
        #expect(module.localizations["fr-CA"]?.tables["Localizable"]?.strings == ["a": "A (CA)"])
    }
}
