import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// `OverlayContentValidator`'s fast path (clean entries skip the rules and the sort) is sound: every entry it skips
/// has no finding when every rule runs on it, so the findings are those of every rule on every entry, in key order —
/// over the testdata and over generated overlays.
@Suite struct ValidationFastPathTests {
    static let sample = try! CatalogLoader.load(at: Fixtures.url("catalog"), mode: .lenient).catalog

    /// Every case of testdata/check, loaded strictly as `overlay check` does (some do not parse; that is part of it).
    static let checkCases: [Catalog] = {
        let root = Fixtures.url("check")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let url = root.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return nil }
            return try? CatalogLoader.load(at: url, mode: .strict).catalog
        }
    }()

    func expectSkippedEntriesClean(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits = .default,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for strict in [false, true] {
            let verdicts = PlaceholderVerdicts(strict: strict, limits: limits)
            for identifier in overlay.localeIdentifiers {
                for (name, table) in overlay.localizations[identifier]?.tables ?? [:] {
                    let reference = ReferenceTable(module: shipped, table: name)
                    let checked = Set(
                        OverlayContentValidator.uncleanKeys(of: table, reference: reference, verdicts: verdicts, limits: limits))
                    for key in table.keys where !checked.contains(key) {
                        let found = OverlayContentValidator.keyFindings(
                            forKey: key, value: table.value(forKey: key)!, reference: reference.value(forKey: key),
                            locale: identifier, limits: limits, strictFormats: strict, location: .init())
                        #expect(found.isEmpty, "\(overlay.name) \(identifier) \(key): \(found)", sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    @Test func sampleCatalogModulesAgainstTheSampleCatalog() {
        #expect(Self.sample.modules.count == 4)
        for name in Self.sample.moduleNames {
            expectSkippedEntriesClean(Self.sample.modules[name]!, shipped: Self.sample.modules[name])
            expectSkippedEntriesClean(Self.sample.modules[name]!, shipped: nil)
        }
    }

    @Test func everyCheckCaseAgainstEveryCheckCase() {
        #expect(Self.checkCases.count >= 20)
        for shipped in Self.checkCases {
            for overlay in Self.checkCases {
                for name in overlay.moduleNames {
                    expectSkippedEntriesClean(overlay.modules[name]!, shipped: shipped.modules[name])
                }
            }
        }
    }

    /// Overlays made from the sample catalog (or a broken copy of it) by rewording, breaking specifiers, dropping, adding and respelling keys
    /// (control characters, over-long keys, a canonically equivalent spelling), and turning plurals into strings.
    @Test func generatedOverlaysOfTheSampleCatalog() {
        var generator = OverlayGenerator(seed: 7)
        var findings = 0
        for round in 0..<60 {
            for name in Self.sample.moduleNames {
                // Odd rounds break the shipped values too, so overlays carry broken source specifiers unchanged.
                let sample = Self.sample.modules[name]!
                let shipped = round % 2 == 0 ? sample : generator.overlay(from: sample, intensity: 2)
                let overlay = generator.overlay(from: shipped, intensity: round % 4)
                var limits = ValidationLimits()
                if round % 5 == 4 {
                    limits.maxKeyBytes = 24
                    limits.maxValueBytes = 40
                }
                expectSkippedEntriesClean(overlay, shipped: shipped, limits: limits)
                findings += OverlayContentValidator.validate(overlay, shipped: shipped, limits: limits).count
            }
        }
        #expect(findings > 500)
    }

    /// Keys equal only under `String` equality (a Kelvin sign for `K`) in two locales: findings name each table's
    /// own spelling, and the shipped value is found as `Dictionary` finds it.
    @Test func canonicallyEquivalentKeysDoNotShareAnOrder() {
        let shipped = CatalogModule(name: "M", developmentRegion: "en", localizations: [
            "en": localization("en", ["Key": "Hello %@", "b": "B"])
        ])
        let overlay = CatalogModule(name: "M", developmentRegion: "en", localizations: [
            "de": localization("de", ["Key": "Hallo %@", "b": "B"]),
            "fr": localization("fr", ["\u{212A}ey": "Bonjour %d", "b": "B"]),
        ])
        expectSkippedEntriesClean(overlay, shipped: shipped)
        let found = OverlayContentValidator.validate(overlay, shipped: shipped)
        #expect(found.map(\.location.key) == ["\u{212A}ey"])
        #expect(found.first?.location.key?.utf8.count == 5)
    }

    @Test func byteOrderComparisonMatchesTheUTF8View() {
        var random = SplitMix64(seed: 11)
        let pieces = ["", "a", "b", "screen1", "screen12", ".", "é", "e\u{301}", "\u{212A}", "Z", "設定", "\u{0}", "\u{7F}", "😀"]
        func text() -> String {
            (0..<(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<3_000 {
            let (a, b) = (text(), text())
            #expect(String.utf8Precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) \(b.debugDescription)")
        }
        let table = CatalogTable(name: "T", strings: Dictionary(pieces.map { ($0, $0) }, uniquingKeysWith: { a, _ in a }))
        #expect(table.keys == Array(table.keySet).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The byte scan for refused control characters against the scalar rule, and `isClean` against `check`.
    @Test func keySyntaxByteScanMatchesTheScalarRule() {
        var random = SplitMix64(seed: 5)
        let scalars: [Unicode.Scalar] = ["a", "\t", "\n", "\r", "\u{0}", "\u{1F}", " ", "\u{7E}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}",
            "\u{100}", "\u{2028}", "\u{C2}", "\u{202E}", "😀"]
        var limits = ValidationLimits()
        limits.maxKeyBytes = 12
        limits.maxValueBytes = 12
        for _ in 0..<3_000 {
            var key = ""
            for _ in 0..<(random.next() % 6) { key.unicodeScalars.append(scalars[Int(random.next() % UInt64(scalars.count))]) }
            let text = String(repeating: "x", count: Int(random.next() % 16))
            let found = KeySyntaxRule.check(
                key: key, value: .string(text), knownToShipped: true, limits: limits, location: .init())
            #expect(KeySyntaxRule.isClean(key: key, text: text, limits: limits) == found.isEmpty, "\(key.debugDescription)")
            let control = key.unicodeScalars.first {
                $0.properties.generalCategory == .control && !"\t\n\r".unicodeScalars.contains($0)
            }
            #expect(KeySyntaxRule.refusedControl(in: key) == control)
            #expect((control != nil) == found.contains { $0.code == "key.control-character" })
        }
    }

    @Test func coverageLookupMatchesTheSetDifference() {
        var random = SplitMix64(seed: 9)
        func table() -> CatalogTable {
            var table = CatalogTable(name: "T")
            for key in ["a", "b", "c", "d"] {
                switch random.next() % 3 {
                case 0: table.strings[key] = key
                case 1: table.plurals[key] = .text(key)
                default: break
                }
            }
            return table
        }
        for _ in 0..<500 {
            let (overlay, shipped) = (table(), table())
            #expect(TableCoverageRule.hasEveryKey(of: shipped, overlay) == shipped.keySet.isSubset(of: overlay.keySet))
        }
    }

    private func localization(_ identifier: String, _ strings: [String: String]) -> CatalogLocalization {
        let file = "M/\(identifier).lproj/Localizable.strings"
        var origins: [String: KeyOrigin] = [:]
        for (index, key) in strings.keys.sorted().enumerated() { origins[key] = KeyOrigin(file: file, line: index + 1) }
        return CatalogLocalization(identifier: identifier, directoryName: "\(identifier).lproj", tables: [
            "Localizable": CatalogTable(name: "Localizable", strings: strings, origins: origins, files: [file])
        ])
    }
}

/// Overlays derived from a shipped module; `intensity` 0 changes few entries, 3 many.
struct OverlayGenerator {
    private var random: SplitMix64
    private var formats: FormatStringGenerator

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        formats = FormatStringGenerator(seed: seed &+ 1)
    }

    private mutating func chance(_ percent: Int) -> Bool { Int(random.next() % 100) < percent }

    mutating func overlay(from shipped: CatalogModule, intensity: Int) -> CatalogModule {
        var overlay = CatalogModule(name: shipped.name, developmentRegion: shipped.developmentRegion)
        let rate = [2, 10, 25, 50][intensity]
        for identifier in shipped.localeIdentifiers {
            guard var localization = shipped.localizations[identifier], chance(90) else { continue }
            for (name, table) in localization.tables {
                localization.tables[name] = mutate(table, rate: rate)
            }
            overlay.localizations[identifier] = localization
        }
        return overlay
    }

    private mutating func mutate(_ table: CatalogTable, rate: Int) -> CatalogTable {
        var table = table
        for key in table.keys where chance(rate) {
            let origin = table.origins[key]
            switch random.next() % 10 {
            case 0:
                table.strings[key] = nil
                table.plurals[key] = nil
            case 1:
                table.strings[key + ".new"] = formats.string()
            case 2:
                rename(&table, key, to: formats.pick(["\u{212A}" + key, key + "\t", String(repeating: "k", count: 30), ""]), origin)
            case 3:
                table.plurals[key] = nil
                table.strings[key] = formats.string()
            case 4:
                if let text = table.strings[key] { table.strings[key] = formats.mutate(text) }
            case 5:
                if let text = table.strings[key] { table.strings[key] = text + String(repeating: "!", count: 40) }
            case 6:
                // At and past the rendering bounds.
                table.strings[key] = formats.pick([
                    String(repeating: "%1$@", count: 64), String(repeating: "%1$@", count: 65), "[%1$1024@]", "[%1$1025@]",
                ])
            default:
                if let text = table.strings[key], SpecifierSequence.of(text) != nil {
                    table.strings[key] = formats.restyle(text, reordering: chance(50))
                }
            }
        }
        return table
    }

    private func rename(_ table: inout CatalogTable, _ key: String, to newKey: String, _ origin: KeyOrigin?) {
        if let value = table.strings.removeValue(forKey: key) { table.strings[newKey] = value }
        if let value = table.plurals.removeValue(forKey: key) { table.plurals[newKey] = value }
        table.origins[newKey] = origin
    }
}
