import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// What shipping apps' catalogs hold that a device renders correctly (issue 25): none of it may block, and the real
/// defect next to each must still be caught. Each fixture is written here after the pattern of a public file named
/// in its test; nothing is copied.
@Suite struct RealCatalogFalseAlarmTests {
    /// The blocking findings of `files` (locale and code), as `check` and `publish` count them.
    static func errors(_ files: [String: String], plainStrings: PlainStrings? = nil) throws -> [String] {
        try findings(files, plainStrings: plainStrings).filter(\.isBlocking).map { "\($0.location.locale ?? "-") \($0.code)" }
    }

    static func findings(_ files: [String: String], plainStrings: PlainStrings? = nil) throws -> [Finding] {
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        var loaded = try catalog.load()
        if let plainStrings { loaded.catalog = loaded.catalog.declaringPlainStrings(plainStrings) }
        return Array(CatalogChecker.findings(loaded))
    }

    static func xcstrings(_ entries: [(key: String, values: [String: String])]) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\r", with: "\\r") + "\""
        }
        let strings = entries.map { entry in
            let localizations = entry.values.sorted { $0.key < $1.key }.map { language, value in
                "\(quoted(language)) : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \(quoted(value)) } }"
            }
            return "\(quoted(entry.key)) : { \"localizations\" : { \(localizations.joined(separator: ", ")) } }"
        }
        return "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings.joined(separator: ",\n")) }, \"version\" : \"1.0\" }\n"
    }

    // MARK: Keys with a newline or a tab

    /// Dimillian/IceCubesApp `Localizable.xcstrings` holds keys SwiftUI extracted from `Text` literals with `\n` in them
    /// ("DeepL couldn't be reached!\nIs the API Key correct?"); Xcode accepts them.
    @Test func keysWithANewlineOrTabAsSwiftUIExtractsThemAreAccepted() throws {
        let files = ["Feed/Localizable.xcstrings": Self.xcstrings([
            (key: "The server could not be reached.\nIs the address right?",
             values: ["fr": "Le serveur est injoignable.\nL’adresse est-elle juste ?"]),
            (key: "Name:\tValue", values: ["fr": "Nom :\tValeur"]),
            (key: "Line one\r\nLine two", values: ["fr": "Ligne un\r\nLigne deux"]),
        ])]
        let blocking = try Self.findings(files).filter(\.isBlocking)
        #expect(blocking.isEmpty, "\(blocking.map(\.message))")
        let catalog = try TemporaryCatalog(files)
        defer { catalog.remove() }
        #expect(CatalogNameRules.check(try catalog.load().catalog).isEmpty)
    }

    @Test func theClientAcceptsAnOverlayOfSuchAKey() throws {
        let key = "The server could not be reached.\nIs the address right?"
        let written = #""The server could not be reached.\nIs the address right?""#  // as a .strings file escapes it
        let shipped = CatalogLoader.module(named: "Feed", developmentRegion: "en", files: [
            "en.lproj/Localizable.strings": Data("\(written) = \(written);\n".utf8),
        ]).module
        let overlay = CatalogLoader.module(named: "Feed", developmentRegion: "en", files: [
            "fr.lproj/Localizable.strings": Data("\(written) = \"Serveur injoignable.\\nAdresse juste ?\";\n".utf8),
        ])
        #expect(overlay.module.localizations["fr"]?.tables["Localizable"]?.strings[key] == "Serveur injoignable.\nAdresse juste ?")
        let findings = overlay.findings + OverlayContentValidator.validate(overlay.module, shipped: shipped)
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("other control characters stay refused", arguments: ["bell\u{07}", "escape\u{1B}[31m", "nul\u{0}", "csi\u{9B}2J", "del\u{7F}"])
    func otherControlCharactersAreRefused(_ key: String) {
        let findings = KeySyntaxRule.check(
            key: key, value: .string("x"), knownToShipped: true, limits: .default, location: .init())
        #expect(findings.map(\.code) == ["key.control-character"])
        #expect(findings.first?.message.contains("tab, newline and carriage return") == true)
    }

    // MARK: A literal % in a string that takes no arguments

    /// ryanbr/noop `Strand/Resources/Localizable.xcstrings` has keys such as "% Max" and "… baseline (~60%), resting heart
    /// rate (~20%) …" (plain `Text` literals), and liamnichols/xcstrings-tool's `FormatSpecifiers` catalog a "Test %"
    /// value its generated accessor returns as written.
    @Test func aStringCatalogKeyWithoutArgumentsIsShownAsWritten() throws {
        let files = ["Strand/Localizable.xcstrings": Self.xcstrings([
            (key: "% Max", values: ["fr": "% max", "es": "% máx."]),
            (key: "Recovery weighs your HRV (~60%), resting heart rate (~20%) and sleep (~20%).",
             values: ["fr": "La récupération pèse la VFC (~60 %), la fréquence au repos (~20 %) et le sommeil (~20 %)."]),
            (key: "Battery Level %", values: ["de": "Akkustand %"]),
            (key: "100% sure", values: ["fr": "Sûr à 100 %"]),
        ])]
        #expect(try Self.errors(files) == [])
        #expect(try Self.errors(files, plainStrings: .formatted) == [], "a String Catalog key is a SwiftUI literal")
    }

    @Test func aStringCatalogTranslationThatReadsAnArgumentTheKeyLacksIsStillAnError() throws {
        let files = ["Strand/Localizable.xcstrings": Self.xcstrings([
            (key: "% Max", values: ["fr": "%@ max"]),
            // A key with arguments is formatted: its translation's lone `%` garbles (noop's "profond %lld %").
            (key: "deep %lld percent", values: ["en": "deep %lld percent", "fr": "profond %lld %"]),
        ])]
        #expect(try Self.errors(files) == ["fr format.unknown-slot", "fr format.trailing-percent"])
    }

    /// SwiftGen issue 859 quotes a `Localizable.strings` with `"percentage_symbol_test" = "Result is 100%";`, shown as
    /// "Result is 100" by accessors that pass every string through `String(format:)` and as written by
    /// `NSLocalizedString`; R.swift issue 848 the same for "get a 40% discount".
    @Test func aStringsValueWithoutArgumentsFollowsTheModulesConvention() throws {
        let files = [
            "Shop/en.lproj/Localizable.strings": "\"result\" = \"Result is 100%\";\n\"promo\" = \"get a 40% discount\";\n",
            "Shop/fr.lproj/Localizable.strings": "\"result\" = \"Résultat : 100 %\";\n\"promo\" = \"40% de remise\";\n",
        ]
        #expect(try Self.errors(files) == [])
        let formatted = ["en format.trailing-percent", "en format.accidental-specifier", "fr format.accidental-specifier",
                         "fr format.trailing-percent"]
        #expect(try Self.errors(files, plainStrings: .formatted).sorted() == formatted.sorted())
        // The module itself says so in its Info.plist, whatever the command's default.
        let declared = files.merging(["Shop/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>OverlayPlainStrings</key><string>formatted</string></dict></plist>
            """]) { $1 }
        #expect(try Self.errors(declared).sorted() == formatted.sorted())
        let wrong = files.merging(["Shop/Info.plist": """
            <plist version="1.0"><dict><key>OverlayPlainStrings</key><string>sometimes</string></dict></plist>
            """]) { $1 }
        #expect(try Self.errors(wrong).contains("- catalog.invalid-info-plist"))
    }

    @Test func aSourceThatEscapesItsPercentIsFormatted() throws {
        // `%%` only turns into one `%` through String(format:): the app formats this string, so fr's `% s` garbles.
        let files = [
            "M/en.lproj/Localizable.strings": "\"promo\" = \"Save 50%% on your first order\";\n",
            "M/fr.lproj/Localizable.strings": "\"promo\" = \"Économisez 50% sur votre première commande\";\n",
        ]
        #expect(try Self.errors(files) == ["fr format.accidental-specifier"])
    }

    // MARK: `% ld` where the source prints `%ld`, `%d` where it prints `%lld`

    /// TortugaPower/BookPlayer `ar.lproj/Localizable.strings`: "queued_sync_tasks_title" is "(% d)" where the source
    /// prints "(%d)"; CF prints the count with a leading space.
    @Test func aSpacedNumberWhereTheSourcePrintsThatNumberIsAWarning() throws {
        let findings = try Self.findings([
            "Player/en.lproj/Localizable.strings": "\"queued\" = \"Queued sync tasks (%d)\";\n\"left\" = \"%ld days left\";\n",
            "Player/ar.lproj/Localizable.strings": "\"queued\" = \"مهام المزامنة (% d)\";\n\"left\" = \"% ld أيام متبقية\";\n",
        ])
        #expect(findings.filter(\.isBlocking).isEmpty, "\(findings)")
        let spaced = findings.filter { $0.code == "format.spaced-number" }
        #expect(spaced.count == 2 && spaced.allSatisfy { $0.severity == .warning })
        #expect(spaced.contains { $0.message.contains("write %d") } && spaced.contains { $0.message.contains("write %ld") })
    }

    @Test func aSpacedNumberTheSourceDoesNotPrintIsStillAnError() throws {
        let errors = try Self.errors([
            "M/en.lproj/Localizable.strings": "\"a\" = \"From %@\";\n\"b\" = \"Save %d%% today\";\n",
            "M/fr.lproj/Localizable.strings":
                // `% d` reading an object; `50% de` (a percentage, then a word) reading the count as a number.
                "\"a\" = \"De (% d)\";\n\"b\" = \"Économisez 50% de plus\";\n",
        ])
        #expect(errors == ["fr format.spaced-number", "fr format.accidental-specifier"])
    }

    /// Dimillian/IceCubesApp's `account.label.followers %lld %@` is a plural read with `lld` (String Catalogs write
    /// `%lld` for a Swift `Int`); translators used to `%d` write `%1$d` in its variants.
    @Test func theLowHalfOfACountIsAWarningAndOfAnyOtherNumberAnError() throws {
        let source = RealCatalogPatternTests.stringsdict(
            "<key>followers</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + RealCatalogPatternTests.variable("n", type: "lld", [("one", "%lld follower"), ("other", "%lld followers")])
                + "</dict>")
        let findings = try Self.findings([
            "M/en.lproj/Localizable.stringsdict": source,
            "M/ja.lproj/Localizable.strings": "\"followers\" = \"フォロワー %1$d 人\";\n",
            "M/en.lproj/Localizable.strings": "\"size\" = \"%lld bytes\";\n\"small\" = \"%d items\";\n",
            "M/fr.lproj/Localizable.strings": "\"size\" = \"%d octets\";\n\"small\" = \"%lld éléments\";\n",
        ])
        #expect(findings.filter { $0.location.key == "followers" && $0.code == "format.size-mismatch" }
            .map(\.severity) == [.warning])
        #expect(findings.first { $0.location.key == "followers" && $0.code == "format.size-mismatch" }?.message
            .contains("write %ld") == true)
        #expect(findings.filter(\.isBlocking).map { "\($0.location.key ?? "") \($0.code)" }
            == ["size format.size-mismatch", "small format.size-mismatch"])
    }

    // MARK: One finding per defect, the same list for check and publish

    @Test func repeatedDefectsOfOneValueAreOneFinding() throws {
        let findings = try Self.findings([
            "M/en.lproj/Localizable.strings": "\"a\" = \"deep %lld, light %lld, awake %lld\";\n",
            "M/fr.lproj/Localizable.strings": "\"a\" = \"profond %lld %, léger %lld %, éveillé %lld %\";\n",
        ])
        let errors = findings.filter(\.isBlocking)
        #expect(errors.map(\.code) == ["format.stray-percent", "format.trailing-percent"])
        #expect(errors.first?.message.contains("2 times in this value") == true)
    }

    // MARK: A file publish never ships

    @Test func anInfoPlistStringsDefectIsAWarning() throws {
        let findings = try Self.findings([
            "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "App/en.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\";\n\"CFBundleDisplayName\" = \"App!\";\n",
            "App/fr.lproj/InfoPlist.strings": "\"CFBundleDisplayName\" = \"App\"\n",
        ])
        #expect(findings.filter(\.isBlocking).isEmpty, "\(findings)")
        #expect(findings.contains { $0.code == "strings.duplicate-key" && $0.severity == .warning })
        #expect(findings.contains { $0.code == "strings.missing-semicolon" && $0.severity == .warning })
    }
}
