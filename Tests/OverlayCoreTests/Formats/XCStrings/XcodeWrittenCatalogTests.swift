import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// testdata/xcstrings-app: a String Catalog written the way Xcode writes them (2-space `"k" : v`, version 1.1), holding
/// the shapes real app catalogs show: no argNum, no source localization, every extraction state, shouldTranslate
/// false, every unit state, device → plural and plural → device, substitutions with `%arg` and with plain
/// specifiers, a dotted substitution name, keys that hold spaces and specifiers.
@Suite struct XcodeWrittenCatalogTests {
    static let catalog: Catalog = {
        try! CatalogLoader.load(at: Fixtures.url("xcstrings-app"), mode: .strict).catalog
    }()

    @Test func itChecksWithoutAnError() throws {
        let loaded = try CatalogLoader.load(at: Fixtures.url("xcstrings-app"), mode: .strict)
        let findings = loaded.findings + CatalogChecker.check(loaded.catalog)
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.filter { $0.severity == .error })")
        // Stale keys and keys not to translate are never missing; the needs_review unit is reported.
        #expect(!findings.contains { $0.code == "catalog.missing-translation" && ["OldTitle", "ACME Corp", ""].contains($0.location.key) })
        #expect(findings.contains { $0.code == "xcstrings.unreviewed-translation" })
    }

    static func table(_ locale: String, device: String = "other") -> LocalizedTable {
        Localizer(catalog: catalog, preferredLanguages: [locale], device: device).table(in: "Reader")
    }

    @Test func everyShapeRendersAsAnAppleDeviceShowsIt() {
        let en = Self.table("en")
        #expect(en.format("%@ ate %#@apples@ today!", ["Ana", .int(3)]) == "Ana ate 3 apples today!")
        #expect(en.format("%@ ate %#@apples@ today!", ["Ana", .int(1)]) == "Ana ate an apple today!")
        #expect(Self.table("de").format("%@ ate %#@apples@ today!", ["Ana", .int(2)]) == "Ana hat heute 2 Äpfel gegessen!")
        #expect(en.format("%lld files in %lld folders", [.int(1), .int(4)]) == "1 file in 4 folders")
        #expect(Self.table("ru").format("%lld files in %lld folders", [.int(5), .int(21)]) == "5 файлов в 21 папке")
        #expect(en.format("Steps %lf %@", [.double(2), "today"]) == "today steps")
        #expect(en.format("There are %#@total.strings@", [.int(1)]) == "There is 1 string")
        #expect(Self.table("fr").format("%@ – %@", ["a", "b"]) == "a – b")
        #expect(en.string(forKey: "Last checked: %@") == "Last checked: %@")
        #expect(Self.table("de").string(forKey: "ACME Corp") == "ACME Corp")
        // The English text of a call-site key drops the count; German uses it in a plural.
        #expect(en.format("notifications.label.favorite %lld", [.int(3)]) == "starred")
        #expect(Self.table("de").format("notifications.label.favorite %lld", [.int(3)]) == "3 Mal favorisiert")
        // device → plural in English, plural → device in German.
        #expect(Self.table("en", device: "iphone").format("%lld photos selected", [.int(1)]) == "1 photo selected on iPhone")
        #expect(en.format("%lld photos selected", [.int(2)]) == "2 photos selected")
        #expect(Self.table("de", device: "mac").format("%lld photos selected", [.int(1)]) == "1 Foto auf dem Mac ausgewählt")
        #expect(Self.table("de", device: "ipad").format("%lld photos selected", [.int(1)]) == "1 Foto ausgewählt")
        #expect(Self.table("de", device: "mac").format("%lld photos selected", [.int(7)]) == "7 Fotos ausgewählt")
    }
}
