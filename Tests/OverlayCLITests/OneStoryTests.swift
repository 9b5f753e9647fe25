import Foundation
import Testing

/// check, publish, resolve and --trace tell one story about the same catalog (issue 25).
@Suite struct OneStoryTests {
    static func keys(in root: String) throws -> String {
        let keys = URL(fileURLWithPath: root).appendingPathComponent("keys").path
        let made = try CLI.run(["keygen", "--out", keys])
        #expect(made.status == 0, "\(made.stderr)")
        return keys + "/overlay-signing-key.pem"
    }

    static let plural = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>spaces</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>FORMS</dict></dict></dict></plist>
        """

    @Test func checkAndPublishReportTheSameErrorCount() throws {
        // noop's French "profond %lld %, léger %lld %, éveillé %lld %": two stray `%` and a trailing one.
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"deep %lld, light %lld, awake %lld\";\n\"b\" = \"%@ left\";\n",
            "M/fr.lproj/Localizable.strings": "\"a\" = \"profond %lld %, léger %lld %, éveillé %lld %\";\n\"b\" = \"%d 50% off %\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let check = try CLI.run(["check", root, "--json"])
        #expect(check.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let errors = try #require((report["summary"] as? [String: Any])?["errors"] as? Int)
        let listed = (report["findings"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }.count
        #expect(errors == listed)
        let key = try Self.keys(in: root + "-out")
        defer { try? FileManager.default.removeItem(atPath: root + "-out") }
        let publish = try CLI.run(["publish", root, "--app-version", "1.0", "--key", key, "--out", root + "-out/origin"])
        #expect(publish.status == 1)
        #expect(publish.stderr.contains("the catalog has \(errors) error(s)"), "\(errors): \(publish.stderr)")
        // The grouped output counts the same.
        let grouped = try CLI.run(["check", root])
        #expect(grouped.stdout.contains(": \(errors) errors,"), "\(grouped.stdout)")
    }

    /// publish --json lists the warnings check --json lists (written one at a time), and a republish of the unchanged
    /// catalog counts them from the build record instead.
    @Test func publishReportsTheWarningsCheckReports() throws {
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.strings": (0..<50).map { "\"k\($0)\" = \"Text \($0)\";\n" }.joined(),
            "M/fr.lproj/Localizable.strings": "\"k0\" = \"Texte\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        func object(_ result: CLIResult) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let check = try object(try CLI.run(["check", root, "--json"]))
        let key = try Self.keys(in: root + "-out")
        defer { try? FileManager.default.removeItem(atPath: root + "-out") }
        let arguments = ["publish", root, "--app-version", "1.0", "--key", key, "--out", root + "-out/origin", "--json"]
        let first = try object(try CLI.run(arguments))
        let warnings = try #require(first["warnings"] as? [[String: Any]])
        #expect(warnings.count == 49)
        #expect(warnings.count == (check["findings"] as? [Any])?.count)
        #expect((first["warnings_from_last_publish"] as? [Any])?.isEmpty == true)
        let second = try object(try CLI.run(arguments))
        #expect((second["warnings"] as? [Any])?.isEmpty == true)
        let counted = try #require(second["warnings_from_last_publish"] as? [[String: Any]])
        #expect(counted.count == 1)
        #expect(counted.first?["code"] as? String == "catalog.missing-translation")
        #expect(counted.first?["count"] as? Int == 49)
    }

    @Test func aLoneOrProsePercentIsPrintedAsWritten() throws {
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.strings": "\"percent\" = \"%\";\n\"sure\" = \"100% sure\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (key, text) in [("percent", "%"), ("sure", "100% sure")] {
            let result = try CLI.run(["resolve", key, "--module", "M", "--locale", "en", "--bundle", root])
            #expect(result.stdout == text + "\n")
            #expect(result.status == 0, "\(result.stderr)")
        }
        // The same text is no error for check, and one under a module that formats every string.
        #expect(try CLI.run(["check", root]).status == 0)
        let formatted = try CLI.run(["check", root, "--plain-strings", "formatted"])
        #expect(formatted.status == 1)
        #expect(formatted.stderr.contains("[format.trailing-percent]"))
        let wrong = try CLI.run(["check", root, "--plain-strings", "maybe"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--plain-strings takes as-written or formatted"))
    }

    @Test func eachPluralSlotTakesItsOwnCountInSlotOrder() throws {
        func variable(_ name: String, _ one: String, _ other: String) -> String {
            "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>\(one)</string>"
                + "<key>other</key><string>\(other)</string></dict>"
        }
        func entry(_ format: String, _ variables: String) -> String {
            "<plist version=\"1.0\"><dict><key>files.in.folders</key><dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>\(format)</string>\(variables)</dict></dict></plist>"
        }
        // Translations reorder the plural tokens: fr prints the folders first.
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.stringsdict": entry(
                "%1$#@arg1@ in %2$#@arg2@",
                variable("arg1", "%ld file", "%ld files") + variable("arg2", "%ld folder", "%ld folders")),
            "M/fr.lproj/Localizable.stringsdict": entry(
                "%2$#@arg2@ contiennent %1$#@arg1@",
                variable("arg1", "%ld fichier", "%ld fichiers") + variable("arg2", "%ld dossier", "%ld dossiers")),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        func resolve(_ locale: String, _ counts: [String]) throws -> CLIResult {
            try CLI.run(["resolve", "files.in.folders", "--module", "M", "--locale", locale, "--bundle", root]
                + counts.flatMap { ["--count", $0] })
        }
        #expect(try resolve("en", ["1", "3"]).stdout == "1 file in 3 folders\n")
        #expect(try resolve("fr", ["1", "3"]).stdout == "3 dossiers contiennent 1 fichier\n")
        #expect(try resolve("fr", ["2"]).stdout == "2 dossiers contiennent 2 fichiers\n")
        let tooMany = try resolve("fr", ["1", "2", "3"])
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("3 --count values for 2 plural slot(s) (1, 2)"))
    }

    @Test func traceSaysARejectedEntryIsRejectedAndWhatShows() throws {
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.stringsdict": Self.plural.replacingOccurrences(
                of: "FORMS", with: "<key>one</key><string>%d Space</string><key>other</key><string>%d Spaces</string>"),
            "M/ru.lproj/Localizable.stringsdict": Self.plural.replacingOccurrences(
                of: "FORMS", with: "<key>one</key><string>%d пространство</string><key>few</key><string>%d пространства</string>"),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["resolve", "spaces", "--module", "M", "--locale", "ru", "--count", "5", "--bundle", root, "--trace"])
        #expect(result.stdout == "5 Spaces\n")
        #expect(result.stderr.contains("ru shipped: rejected: plural.missing-other"), "\(result.stderr)")
        #expect(result.stderr.contains("[entry-rejected]"))
        #expect(!result.stderr.contains("key-absent"))
    }

    /// IceCubesApp-style keys with a newline: accepted, and one line each on a terminal.
    @Test func aKeyWithANewlineIsAcceptedAndPrintedEscaped() throws {
        let root = try CheckOutputTests.catalog([
            "M/en.lproj/Localizable.strings": "\"Offline.\\nTry again?\" = \"Offline.\\nTry again?\";\n\"ok\" = \"OK\";\n",
            "M/fr.lproj/Localizable.strings": "\"ok\" = \"OK\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let check = try CLI.run(["check", root, "--all"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains(#"no translation of "Offline.\nTry again?""#), "\(check.stderr)")
        #expect(!check.stderr.split(separator: "\n").contains { $0.hasPrefix("Try again") })
        let key = try Self.keys(in: root + "-out")
        defer { try? FileManager.default.removeItem(atPath: root + "-out") }
        let publish = try CLI.run(["publish", root, "--app-version", "1.0", "--key", key, "--out", root + "-out/origin"])
        #expect(publish.status == 0, "\(publish.stderr)")
    }

    /// deltachat-ios ships an InfoPlist.strings in 47 localizations; a duplicate key in one refused publish --bundle.
    @Test func anInfoPlistStringsDefectDoesNotBlockPublish() throws {
        let root = try CheckOutputTests.catalog([
            "App/en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
            "App/fr.lproj/Localizable.strings": "\"title\" = \"Titre\";\n",
            "App/fr.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Caméra\";\n\"NSCameraUsageDescription\" = \"Appareil photo\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = try Self.keys(in: root + "-out")
        defer { try? FileManager.default.removeItem(atPath: root + "-out") }
        let publish = try CLI.run([
            "publish", root, "--bundle", root, "--app-version", "1.0", "--key", key, "--out", root + "-out/origin",
        ])
        #expect(publish.status == 0, "\(publish.stderr)")
        #expect(publish.stderr.contains("warning: strings.duplicate-key"))
        #expect(try CLI.run(["check", root]).status == 0)
    }
}
