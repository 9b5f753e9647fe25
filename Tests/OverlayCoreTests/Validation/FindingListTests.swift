import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// A catalog's missing translations are kept as keys (a real app's 176,000 findings were a third of publish's peak
/// memory); read back, they are the findings `check` and `publish` always reported, in the same order.
@Suite struct FindingListTests {
    static func finding(_ code: String, _ severity: Finding.Severity = .warning, key: String? = nil) -> Finding {
        Finding(code: code, severity: severity, message: "about \(key ?? "-")", location: .init(module: "M", key: key))
    }

    static func missing(_ locale: String, _ keys: [String]) -> FindingList.MissingTranslations {
        .init(
            module: "M", developmentRegion: "en", locale: locale, table: "Localizable",
            file: "M/\(locale).lproj/Localizable.strings", keys: keys)
    }

    @Test func missingTranslationsReadAsTheFindingsTheyStandFor() throws {
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B %@\";\n\"c\" = \"C\";\n",
            "M/fr.lproj/Localizable.strings": "\"b\" = \"B %d\";\n",  // a wrong specifier, then a and c missing
            "M/de.lproj/Localizable.strings": "\"a\" = \"A\";\n",
        ])
        defer { catalog.remove() }
        let findings = CatalogChecker.findings(try catalog.load())
        let expected = [
            Finding(
                code: "format.class-mismatch", severity: .error,
                message: findings.first?.message ?? "", location: findings.first?.location ?? .init()),
            Finding(
                code: "catalog.missing-translation", severity: .warning,
                message: "de has no translation of \"b\" in table Localizable; users see the en text",
                location: .init(file: "M/de.lproj/Localizable.strings", module: "M", locale: "de", table: "Localizable", key: "b")),
            Finding(
                code: "catalog.missing-translation", severity: .warning,
                message: "de has no translation of \"c\" in table Localizable; users see the en text",
                location: .init(file: "M/de.lproj/Localizable.strings", module: "M", locale: "de", table: "Localizable", key: "c")),
            Finding(
                code: "catalog.missing-translation", severity: .warning,
                message: "fr has no translation of \"a\" in table Localizable; users see the en text",
                location: .init(file: "M/fr.lproj/Localizable.strings", module: "M", locale: "fr", table: "Localizable", key: "a")),
            Finding(
                code: "catalog.missing-translation", severity: .warning,
                message: "fr has no translation of \"c\" in table Localizable; users see the en text",
                location: .init(file: "M/fr.lproj/Localizable.strings", module: "M", locale: "fr", table: "Localizable", key: "c")),
        ]
        #expect(findings.first?.location.locale == "fr" && findings.first?.location.key == "b")
        #expect(Array(findings) == expected)
        #expect(findings.counts.map { "\($0.severity) \($0.code) \($0.count)" }
            == ["error format.class-mismatch 1", "warning catalog.missing-translation 4"])
        #expect(!findings.isAcceptable)
    }

    @Test func positionsRunAcrossListedAndMissingParts() {
        var list = FindingList([Self.finding("one")])
        list.append(missing: Self.missing("fr", ["a", "b"]))
        list.append(missing: Self.missing("de", []))  // nothing to add
        list.append(Self.finding("two"))
        list.append(contentsOf: [Self.finding("three")])
        var other = FindingList()
        other.append(missing: Self.missing("it", ["z"]))
        list.append(contentsOf: other)
        #expect(list.count == 6)
        #expect(list.map { $0.location.key ?? $0.code } == ["one", "a", "b", "two", "three", "z"])
        #expect(list[2].message == "fr has no translation of \"b\" in table Localizable; users see the en text")
        #expect(list[5].location.locale == "it")
        #expect(list.isAcceptable)
        #expect(list == FindingList(Array(list)))
    }

    @Test func repeatsAreRemovedAcrossListedPartsAndMissingTranslationsKept() {
        var list = FindingList([Self.finding("x", key: "1"), Self.finding("y")])
        list.append(missing: Self.missing("fr", ["a"]))
        list.append(contentsOf: [Self.finding("x", key: "1"), Self.finding("z"), Self.finding("y")])
        list.append(missing: Self.missing("fr", ["a"]))  // not a listed finding: never compared
        list.removeRepeats()
        #expect(list.map { $0.location.key ?? $0.code } == ["1", "y", "a", "z", "a"])
    }

    @Test func everySeverityCanBeRaised() {
        var list = FindingList([Self.finding("x")])
        list.append(missing: Self.missing("fr", ["a", "b"]))
        #expect(list.isAcceptable)
        list.setEverySeverity(to: .error)
        #expect(list.allSatisfy { $0.severity == .error })
        #expect(!list.isAcceptable)
        #expect(list.counts.map { "\($0.severity) \($0.code) \($0.count)" }
            == ["error x 1", "error catalog.missing-translation 2"])
    }

    /// The same key in every locale's table is one `String`: 82 copies of a large catalog's keys were a tenth of it.
    @Test func aKeyReadInSeveralTablesIsStoredOnce() throws {
        let key = "settings.notifications.section.title"  // longer than a `String` holds inline
        let catalog = try TemporaryCatalog([
            "M/en.lproj/Localizable.strings": "\"\(key)\" = \"Notifications\";\n",
            "M/fr.lproj/Localizable.strings": "\"\(key)\" = \"Notifications\";\n",
            "M/de.lproj/Localizable.strings": "\"\(key)\" = \"Mitteilungen\";\n",
        ])
        defer { catalog.remove() }
        let module = try #require(try catalog.load().catalog.modules["M"])
        let storage = try ["en", "fr", "de"].map { locale in
            let table = try #require(module.localizations[locale]?.tables["Localizable"])
            let stored = try #require(table.strings.keys.first)
            return stored.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
        }
        #expect(storage[0] != nil && storage[0] != 0)
        #expect(Set(storage).count == 1)
    }
}
