import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// Builds a throwaway catalog directory from `path → contents`.
struct TemporaryCatalog {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-catalog-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
    }

    func load(_ mode: CatalogLoader.Mode = .strict) throws -> CatalogLoadResult {
        try CatalogLoader.load(at: root, mode: mode)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// An Info.plist whose development region is German.
let germanInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>de</string></dict></plist>
    """

func stringsdict(key: String, format: String = "%#@v@", valueType: String, forms: [String: String]) -> String {
    let variants = forms.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>\(variants)</dict>
        </dict></dict></plist>
        """
}

@Suite struct SourceHashTests {
    static let base: [String: String] = [
        "M/en.lproj/Localizable.strings": "\"a.title\" = \"Title\";\n\"a.greet\" = \"Hello, %@!\";\n",
        "M/en.lproj/Localizable.stringsdict": stringsdict(
            key: "n.items", valueType: "ld", forms: ["one": "%ld item", "other": "%ld items"]),
        "M/fr.lproj/Localizable.strings": "\"a.title\" = \"Titre\";\n",
    ]

    func hash(_ files: [String: String]) throws -> String {
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        let result = try catalog.load()
        #expect(result.findings.filter { $0.severity == .error }.isEmpty, "\(result.findings)")
        return result.catalog.sourceHash
    }

    @Test func designVector() throws {
        #expect(try hash(Self.base) == "sha256:7a7553eaea52d80cc5757ff5937e328d4f7255b6c46d7873e198203a9f294b9f")
    }

    @Test("rewording keeps the hash", arguments: [
        ("M/en.lproj/Localizable.strings", "\"a.title\" = \"The Title\";\n\"a.greet\" = \"Hi there, %@!\";\n"),
        ("M/fr.lproj/Localizable.strings", "\"a.title\" = \"Le titre\";\n\"a.greet\" = \"Salut %@\";\n"),
        ("M/en.lproj/Localizable.stringsdict", stringsdict(
            key: "n.items", valueType: "ld", forms: ["one": "one thing (%ld)", "other": "%ld things"])),
        ("M/de.lproj/Localizable.strings", "\"a.title\" = \"Titel\";\n"),
    ])
    func rewordingKeepsHash(path: String, contents: String) throws {
        var files = Self.base
        files[path] = contents
        #expect(try hash(files) == hash(Self.base))
    }

    @Test("structure changes the hash", arguments: [
        // A key added.
        ("M/en.lproj/Localizable.strings", "\"a.title\" = \"Title\";\n\"a.greet\" = \"Hello, %@!\";\n\"a.new\" = \"New\";\n"),
        // A key removed.
        ("M/en.lproj/Localizable.strings", "\"a.greet\" = \"Hello, %@!\";\n"),
        // An argument's type changed (object → int64).
        ("M/en.lproj/Localizable.strings", "\"a.title\" = \"Title\";\n\"a.greet\" = \"Hello, %ld!\";\n"),
        // An argument added.
        ("M/en.lproj/Localizable.strings", "\"a.title\" = \"Title %@\";\n\"a.greet\" = \"Hello, %@!\";\n"),
        // A named substitution added.
        ("M/en.lproj/Localizable.strings", "\"a.title\" = \"Title %{user}\";\n\"a.greet\" = \"Hello, %@!\";\n"),
        // The plural's value type changed (int64 → int32).
        ("M/en.lproj/Localizable.stringsdict", stringsdict(
            key: "n.items", valueType: "d", forms: ["one": "%d item", "other": "%d items"])),
    ])
    func structureChangesHash(path: String, contents: String) throws {
        var files = Self.base
        files[path] = contents
        #expect(try hash(files) != hash(Self.base))
    }

    @Test func escapingKeepsFieldsApart() {
        #expect(SourceHash.escape("a\tb\nc\\d") == "a\\tb\\nc\\\\d")
        #expect(SourceHash.escape("plain") == "plain")
    }

    /// Xcode leaves a development string that is its own key out of the build (FORMATS.md §3.3): hashing it would
    /// make every built app's hash differ from its sources'.
    @Test("a development string that is its own key is not hashed", arguments: [
        "\"a.title\" = \"Title\";\n\"a.greet\" = \"Hello, %@!\";\n\"OK\";\n",
        "\"a.title\" = \"Title\";\n\"a.greet\" = \"Hello, %@!\";\n\"%ld left\" = \"%ld left\";\n",
    ])
    func ownKeyIsNotHashed(_ english: String) throws {
        var files = Self.base
        files["M/en.lproj/Localizable.strings"] = english
        #expect(try hash(files) == hash(Self.base))
        // The same key with other text is structure, as before.
        files["M/en.lproj/Localizable.strings"] = english.replacingOccurrences(of: "\"OK\";", with: "\"OK\" = \"Okay\";")
            .replacingOccurrences(of: "= \"%ld left\"", with: "= \"%ld remaining\"")
        #expect(try hash(files) != hash(Self.base))
    }

    @Test func infoPlistIsNotPartOfTheHash() throws {
        var files = Self.base
        files["M/en.lproj/InfoPlist.strings"] = "\"CFBundleDisplayName\" = \"App %@\";\n"
        #expect(try hash(files) == hash(Self.base))
    }

    /// "Identical to what the build shipped" means the same bytes, for a plural entry as for a string.
    @Test func aPluralValueIsIdenticalOnlyByteForByte() {
        let variable = PluralVariable(valueType: "ld", forms: [.one: "%ld caf\u{E9}", .other: "%ld caf\u{E9}s"])
        let entry = StringsdictEntry.format(PluralFormat(format: "%#@n@", variables: ["n": variable]))
        var decomposed = variable
        decomposed.forms[.one] = "%ld cafe\u{301}"
        let respelled = StringsdictEntry.format(PluralFormat(format: "%#@n@", variables: ["n": decomposed]))
        #expect(entry == respelled, "equal as Swift strings")
        #expect(CatalogValue.plural(entry).isIdentical(to: .plural(entry)))
        #expect(!CatalogValue.plural(entry).isIdentical(to: .plural(respelled)))
        #expect(!CatalogValue.plural(entry).isIdentical(to: .string("%ld caf\u{E9}")))
        let widths = StringsdictEntry.width([20: "Short", 40: "Longer"])
        #expect(CatalogValue.plural(.device(["iphone": widths])).isIdentical(to: .plural(.device(["iphone": widths]))))
        #expect(!CatalogValue.plural(.device(["iphone": widths])).isIdentical(to: .plural(.device(["ipad": widths]))))
        #expect(!CatalogValue.plural(.width([20: "Short"])).isIdentical(to: .plural(.width([21: "Short"]))))
    }
}

@Suite struct CatalogLoaderTests {
    @Test func baseFillsTheDevelopmentLanguageKeyByKey() throws {
        let catalog = try TemporaryCatalog([
            "M/Base.lproj/Main.strings": "\"btn.title\" = \"Base title\";\n\"btn.only\" = \"Only in base\";\n",
            "M/en.lproj/Main.strings": "\"btn.title\" = \"English title\";\n",
        ])
        defer { catalog.remove() }
        let module = try #require(try catalog.load().catalog.modules["M"])
        let table = try #require(module.developmentTables["Main"])
        #expect(table.strings == ["btn.title": "English title", "btn.only": "Only in base"])
    }

    @Test func developmentRegionComesFromInfoPlist() throws {
        let catalog = try TemporaryCatalog([
            "M/Info.plist": germanInfoPlist,
            "M/de.lproj/Localizable.strings": "\"k\" = \"Wert\";\n",
            "M/en.lproj/Localizable.strings": "\"k\" = \"Value\";\n\"extra\" = \"Extra\";\n",
        ])
        defer { catalog.remove() }
        let result = try catalog.load()
        #expect(result.catalog.modules["M"]?.developmentRegion == "de")
        // en has a key the development language (de) lacks.
        let findings = CatalogChecker.check(result.catalog)
        #expect(findings.map(\.code) == ["catalog.unknown-key"])
    }

    @Test func legacyAndUnderscoreLprojNamesAreNormalized() throws {
        let catalog = try TemporaryCatalog([
            "M/English.lproj/Localizable.strings": "\"k\" = \"v\";\n",
            "M/fr_CA.lproj/Localizable.strings": "\"k\" = \"v\";\n",
        ])
        defer { catalog.remove() }
        let module = try #require(try catalog.load().catalog.modules["M"])
        #expect(module.localeIdentifiers == ["en", "fr-CA"])
        #expect(module.localizations["fr-CA"]?.directoryName == "fr_CA.lproj")
    }

    @Test func stringsdictWinsOverStringsForTheSameKey() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"n.items\" = \"%ld items\";\n",
            "M/en.lproj/Localizable.stringsdict": stringsdict(
                key: "n.items", valueType: "ld", forms: ["one": "%ld item", "other": "%ld items"]),
        ])
        defer { catalog.remove() }
        let table = try #require(try catalog.load().catalog.modules["M"]?.developmentTables["Localizable"])
        guard case .plural = table.value(forKey: "n.items") else {
            Issue.record("expected the .stringsdict entry")
            return
        }
    }

    /// Duplicates are found through the key's previous origin; a third definition still names the first line.
    @Test func everyRepeatOfAKeyNamesItsFirstLine() {
        let text = "\"k\" = \"1\";\n\"j\" = \"x\";\n\"k\" = \"2\";\n\"k\" = \"3\";\n"
        let result = CatalogLoader.module(
            named: "M", developmentRegion: "en", files: [
                "en.lproj/Localizable.strings": Data(text.utf8),
                "en.lproj/Localizable.stringsdict": Data(stringsdict(
                    key: "k", valueType: "ld", forms: ["one": "%ld item", "other": "%ld items"]).utf8),
            ], mode: .strict)
        #expect(result.findings.map(\.code) == ["strings.duplicate-key", "strings.duplicate-key"])
        #expect(result.findings.map(\.location.line) == [3, 4])
        #expect(result.findings.allSatisfy { $0.message.contains("(first on line 1)") })
        let table = result.module.localizations["en"]?.tables["Localizable"]
        #expect(table?.strings["k"] == "3")
        #expect(table?.plurals["k"] != nil)
        #expect(table?.origins["k"]?.file == "M/en.lproj/Localizable.stringsdict")
    }

    @Test func duplicatesAreErrorsWhenStrictAndLastWinsWhenLenient() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"k\" = \"first\";\n\"k\" = \"second\";\n"
        ])
        defer { catalog.remove() }
        let strict = try catalog.load(.strict)
        #expect(strict.findings.map(\.severity) == [.error])
        #expect(strict.findings.first?.location.line == 2)
        let lenient = try catalog.load(.lenient)
        #expect(lenient.findings.map(\.severity) == [.warning])
        #expect(lenient.catalog.modules["M"]?.developmentTables["Localizable"]?.strings["k"] == "second")
    }

    @Test func aBrokenTableIsSkippedAndTheRestLoads() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"k\" = \"v\";\n",
            "M/en.lproj/Broken.strings": "\"k\" = \"v\"\n",
            "M/fr.lproj/Localizable.strings": "\"k\" = \"w\";\n",
        ])
        defer { catalog.remove() }
        let result = try catalog.load(.lenient)
        #expect(result.findings.map(\.code) == ["strings.missing-semicolon"])
        #expect(result.catalog.modules["M"]?.localizations["fr"]?.tables["Localizable"]?.strings == ["k": "w"])
    }

    @Test func xcstringsModuleUsesItsSourceLanguage() throws {
        let catalog = try TemporaryCatalog([
            "M/Localizable.xcstrings": """
                {
                  "sourceLanguage" : "fr",
                  "strings" : {
                    "hello" : {
                      "localizations" : {
                        "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour %@" } },
                        "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@" } }
                      }
                    },
                    "brand" : { "shouldTranslate" : false }
                  },
                  "version" : "1.0"
                }
                """
        ])
        defer { catalog.remove() }
        let result = try catalog.load()
        let module = try #require(result.catalog.modules["M"])
        #expect(module.developmentRegion == "fr")
        #expect(module.developmentTables["Localizable"]?.strings == ["hello": "Bonjour %@", "brand": "brand"])
        // `brand` is not to be translated, so en misses nothing.
        #expect(CatalogChecker.check(result.catalog).isEmpty)
    }

    /// A module with both: Info.plist's region beats the catalog's source language, a `.lproj` value beats the catalog's
    /// for the same key, the catalog's folder name is kept, its findings come before the folders', and a String
    /// Catalog that does not read marks its table unreadable in every locale.
    @Test func stringCatalogsAndLprojFoldersMerge() throws {
        let catalog = try TemporaryCatalog([
            "M/Info.plist": germanInfoPlist,
            "M/Broken.xcstrings": "{",
            "M/Localizable.xcstrings": """
                {
                  "sourceLanguage" : "fr",
                  "strings" : {
                    "hello" : { "localizations" : {
                      "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Olá do catálogo" } } } },
                    "bye" : { "localizations" : {
                      "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Tchau" } } } }
                  },
                  "version" : "1.0"
                }
                """,
            "M/pt_BR.lproj/Localizable.strings": "\"hello\" = \"Olá da pasta\";\n",
            "M/pt_BR.lproj/Other.strings": "\"k\" = \"v\"\n",
            "M/de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";\n",
        ])
        defer { catalog.remove() }
        let result = try catalog.load()
        let module = try #require(result.catalog.modules["M"])
        #expect(module.developmentRegion == "de")
        let portuguese = try #require(module.localizations["pt-BR"])
        #expect(portuguese.directoryName == "pt-BR.lproj")
        #expect(portuguese.tables["Localizable"]?.strings == ["hello": "Olá da pasta", "bye": "Tchau"])
        #expect(portuguese.unreadableTables == ["Broken", "Other"])
        #expect(module.localizations["de"]?.unreadableTables == ["Broken"])
        #expect(result.findings.filter { $0.severity == .error }.map(\.location.file)
            == ["M/Broken.xcstrings", "M/pt_BR.lproj/Other.strings"])
    }

    @Test func notADirectoryThrows() {
        #expect(throws: CatalogError.self) { try CatalogLoader.load(at: URL(fileURLWithPath: "/nonexistent")) }
    }

    @Test func aDirectoryWithoutModulesIsAnError() throws {
        let catalog = try TemporaryCatalog(["README.txt": "not a module"])
        defer { catalog.remove() }
        #expect(try catalog.load().findings.map(\.code) == ["catalog.empty"])
    }

    @Test func sampleCatalogLoadsEveryModule() throws {
        let result = try CatalogLoader.load(at: Fixtures.url("catalog"))
        #expect(result.catalog.moduleNames == ["Account", "App", "Checkout", "Onboarding"])
        #expect(result.findings.filter { $0.severity == .error }.isEmpty)
        let app = try #require(result.catalog.modules["App"])
        #expect(Set(app.localeIdentifiers).isSuperset(of: ["en", "fr", "fr-CA", "de", "ru", "ar", "pl"]))
        #expect(app.developmentTables["Localizable"]?.strings["settings.notifications.title"] == "Notifcations")
    }
}

@Suite struct CatalogCheckerTests {
    @Test func fallbackLocaleCoversMissingKeys() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
            "M/fr.lproj/Localizable.strings": "\"a\" = \"A fr\";\n\"b\" = \"B fr\";\n",
            "M/fr-CA.lproj/Localizable.strings": "\"a\" = \"A ca\";\n",
            "M/de.lproj/Localizable.strings": "\"a\" = \"A de\";\n",
        ])
        defer { catalog.remove() }
        let findings = CatalogChecker.check(try catalog.load().catalog)
        // fr-CA falls back to fr for "b"; de has nothing to fall back to.
        #expect(findings.map { "\($0.code) \($0.location.locale ?? "") \($0.location.key ?? "")" }
            == ["catalog.missing-translation de b"])
    }

    @Test func developmentLanguageOwnFormatErrorsAreReported() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"Saved %n bytes\";\n"
        ])
        defer { catalog.remove() }
        #expect(CatalogChecker.check(try catalog.load().catalog).map(\.code) == ["format.write-back"])
    }

    @Test func strictFormatsRequireTheSameNumericStyle() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"%d left\";\n",
            "M/fr.lproj/Localizable.strings": "\"a\" = \"%i restants\";\n",
            "M/de.lproj/Localizable.strings": "\"a\" = \"%x übrig\";\n",
        ])
        defer { catalog.remove() }
        let loaded = try catalog.load().catalog
        #expect(CatalogChecker.check(loaded).isEmpty == false)  // %x is unsigned: a class mismatch in any mode
        let strict = CatalogChecker.check(loaded, strictFormats: true).map { "\($0.location.locale!) \($0.code)" }
        #expect(strict.contains("de format.class-mismatch"))
        #expect(!strict.contains { $0.hasPrefix("fr") })
    }
}
