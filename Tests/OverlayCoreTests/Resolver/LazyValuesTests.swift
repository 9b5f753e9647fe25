import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// A handle's lazily built values against the straightforward merge (every table of the chain read by the catalog
/// loader, every value built up front), over the sample catalog with overlays made from it.
@Suite struct LazyValuesTests {
    /// Overlay revision directories made from the sample catalog: every `.strings` rewritten with changed values
    /// (some with escapes), every third key dropped, a key the shipped catalog lacks and a duplicate key (the last
    /// one wins); a `de.lproj` for the module whose text ships in a String Catalog; `ru` written as UTF-16 (read by
    /// `StringsReader`, not the byte index); `.stringsdict` files, `Base.lproj` and `Info.plist` copied as they are.
    /// String Catalogs are left out: a published revision never holds one (the archive's layout allows none).
    /// Each revision has its digest list.
    static func sampleStore(in root: URL) throws -> StoreSnapshot {
        let catalogURL = Fixtures.url("catalog")
        let fileManager = FileManager.default
        var modules: [String: ActiveRevision] = [:]
        for module in try fileManager.contentsOfDirectory(atPath: catalogURL.path).sorted() where !module.hasPrefix(".") {
            let source = catalogURL.appendingPathComponent(module)
            let revision = root.appendingPathComponent("modules/\(module)/rev-\(module)")
            try fileManager.createDirectory(at: revision, withIntermediateDirectories: true)
            for entry in try fileManager.contentsOfDirectory(atPath: source.path) where !entry.hasSuffix(".xcstrings") {
                let from = source.appendingPathComponent(entry)
                let to = revision.appendingPathComponent(entry)
                guard entry.hasSuffix(".lproj"), entry != "Base.lproj" else {
                    try fileManager.copyItem(at: from, to: to)
                    continue
                }
                try fileManager.createDirectory(at: to, withIntermediateDirectories: true)
                for file in try fileManager.contentsOfDirectory(atPath: from.path) {
                    let data = try Data(contentsOf: from.appendingPathComponent(file))
                    guard file.hasSuffix(".strings") else {
                        try data.write(to: to.appendingPathComponent(file))
                        continue
                    }
                    let text = rewritten(try StringsReader.read(data).dictionary)
                    let bytes = entry == "ru.lproj"
                        ? Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)! : Data(text.utf8)
                    try bytes.write(to: to.appendingPathComponent(file))
                }
            }
            if try fileManager.contentsOfDirectory(atPath: source.path).contains(where: { $0.hasSuffix(".xcstrings") }) {
                let lproj = revision.appendingPathComponent("de.lproj")
                try fileManager.createDirectory(at: lproj, withIntermediateDirectories: true)
                try Data("\"onboarding.next\" = \"Weiter (overlay)\";\n".utf8)
                    .write(to: lproj.appendingPathComponent("Localizable.strings"))
            }
            try ResolverFixtures.seal(revision)
            modules[module] = ActiveRevision(module: module, sha256: "rev-\(module)", revision: 5, path: revision.standardizedFileURL.path)
        }
        return StoreSnapshot(appVersion: "1", sourceHash: ResolverFixtures.sampleCatalog.sourceHash, modules: modules)
    }

    static func rewritten(_ strings: [String: String]) -> String {
        let keys = strings.keys.sorted()
        var text = "/* overlay */\n"
        for (index, key) in keys.enumerated() where index % 3 != 1 {
            let value = index % 4 == 0 ? "\"\(strings[key]!)\"\n(overlay)" : strings[key]! + " (overlay)"
            text += "\(quoted(key)) = \(quoted(value));\n"
        }
        text += "\"overlay.only\" = \"not in the shipped catalog\";\n"
        if let first = keys.first { text += "\(quoted(first)) = \"duplicate, the last one wins\";\n" }
        return text
    }

    static func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }

    static let preferenceLists: [[String]] = [
        ["en"], ["fr"], ["fr-CA"], ["de"], ["ru"], ["pl"], ["ar"], ["it", "de"], ["ja"], ["pt-BR", "fr"],
    ]

    /// Tables to ask for in each module: every table any localization has, and one nobody has.
    static func tableNames(of module: CatalogModule) -> [String] {
        var names: Set<String> = ["Missing"]
        for localization in module.localizations.values { names.formUnion(localization.tables.keys) }
        names.formUnion(module.base?.tables.keys ?? [:].keys)
        return names.sorted()
    }

    static func differences(_ lazy: [String: ResolvedValue], _ reference: [String: ResolvedValue]) -> [String] {
        var differences: [String] = []
        for key in Set(lazy.keys).union(reference.keys).sorted() {
            guard let left = lazy[key], let right = reference[key] else {
                differences.append("\(key): only in \(lazy[key] == nil ? "the reference" : "the handle")")
                continue
            }
            if left.value != right.value || left.layer != right.layer || left.locale != right.locale
                || left.revision != right.revision || left.text != right.text
            {
                differences.append(
                    "\(key): \(left.layer) \(left.locale) \(left.value) ≠ \(right.layer) \(right.locale) \(right.value)")
            }
        }
        return differences
    }

    @Test("lazy and eager values agree over every key of the sample catalog", arguments: preferenceLists)
    func lazyMatchesEager(_ preferences: [String]) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try Self.sampleStore(in: root)
        let catalog = ResolverFixtures.sampleCatalog
        var compared = 0
        var overlayAnswers = 0
        for (name, module) in catalog.modules.sorted(by: { $0.key < $1.key }) {
            for table in Self.tableNames(of: module) {
                // One handle answers lookups first, the other lists `values` first: both build values lazily.
                let byLookup = Localizer(catalog: catalog, store: store, preferredLanguages: preferences)
                let reference = byLookup.snapshot.referenceValues(table, in: name)
                let handle = byLookup.table(table, in: name)
                for (key, expected) in reference {
                    let found = handle.value(forKey: key)
                    #expect(
                        found?.value == expected.value && found?.layer == expected.layer
                            && found?.locale == expected.locale && found?.revision == expected.revision,
                        "\(preferences) \(name)/\(table) \(key)")
                    #expect(handle.string(forKey: key) == expected.text)
                    compared += 1
                    if expected.layer == .overlay { overlayAnswers += 1 }
                }
                #expect(handle.value(forKey: "overlay.only") == nil)
                let listed = Localizer(catalog: catalog, store: store, preferredLanguages: preferences)
                let differences = Self.differences(listed.table(table, in: name).values, reference)
                #expect(differences.isEmpty, "\(preferences) \(name)/\(table): \(differences.prefix(10))")
                #expect(Self.differences(handle.values, reference).isEmpty)
            }
        }
        #expect(compared > 50 && overlayAnswers > 0)
    }

    /// The overlay answers through every kind of table: the byte index, `StringsReader` (UTF-16), the catalog loader's
    /// rules (`Base.lproj`), and `.stringsdict` entries.
    @Test func everyKindOfOverlayTableAnswers() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = try Self.sampleStore(in: root)
        func overlayValues(_ preferences: [String], _ table: String, _ module: String) -> [ResolvedValue] {
            let localizer = Localizer(catalog: ResolverFixtures.sampleCatalog, store: store, preferredLanguages: preferences)
            return localizer.table(table, in: module).values.values.filter { $0.layer == .overlay }
        }
        #expect(!overlayValues(["fr"], "Localizable", "Checkout").isEmpty)
        #expect(!overlayValues(["ru"], "Localizable", "Checkout").isEmpty)
        #expect(!overlayValues(["en"], "Main", "App").isEmpty)
        #expect(!overlayValues(["de"], "Localizable", "Onboarding").isEmpty)
        let plurals = overlayValues(["pl"], "Localizable", "Checkout").filter {
            if case .plural = $0.value { true } else { false }
        }
        #expect(!plurals.isEmpty)
    }

    /// When the first locale's overlay answers every development key, later overlay tables are never read.
    @Test func overlayTablesNoKeyNeedsAreNotRead() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let shipped = ResolverFixtures.catalog(["en": ["a": "A", "b": "B"], "fr": ["a": "A (fr)"]])
        let complete = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "cc", revision: 2,
            tables: ["fr": ["a": "A (fr, overlay)", "b": "B (fr, overlay)"], "en": ["a": "A (en, overlay)"]])
        let first = Localizer(
            catalog: shipped, store: StoreSnapshot(appVersion: "1", sourceHash: shipped.sourceHash, modules: ["M": complete]),
            preferredLanguages: ["fr"])
        #expect(first.table(in: "M").string(forKey: "b") == "B (fr, overlay)")
        #expect(first.snapshot.overlays.tablesRead == 1)
        let partial = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "dd", revision: 3,
            tables: ["fr": ["a": "A (fr, overlay)"], "en": ["b": "B (en, overlay)"]])
        let second = Localizer(
            catalog: shipped, store: StoreSnapshot(appVersion: "1", sourceHash: shipped.sourceHash, modules: ["M": partial]),
            preferredLanguages: ["fr"])
        #expect(second.table(in: "M").string(forKey: "b") == "B (en, overlay)")
        #expect(second.snapshot.overlays.tablesRead == 2)
    }

    /// Keys Swift calls equal meet, whichever spelling the shipped table, the overlay or the caller uses.
    @Test func canonicallyEqualKeysMeet() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}", kelvin = "\u{212A}elvin"
        let shipped = ResolverFixtures.catalog(["en": [nfc: "Coffee", "Kelvin": "K", "plain": "Plain", "q\u{37E}": "Q"]])
        let revision = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "ee", revision: 4,
            tables: ["en": [nfd: "Coffee (overlay)", kelvin: "K (overlay)", "q;": "Q (overlay)"]])
        let store = StoreSnapshot(appVersion: "1", sourceHash: shipped.sourceHash, modules: ["M": revision])
        let localizer = Localizer(catalog: shipped, store: store, preferredLanguages: ["en"])
        let handle = localizer.table(in: "M")
        for key in [nfc, nfd] { #expect(handle.string(forKey: key) == "Coffee (overlay)") }
        for key in ["Kelvin", kelvin] { #expect(handle.string(forKey: key) == "K (overlay)") }
        for key in ["q;", "q\u{37E}"] { #expect(handle.string(forKey: key) == "Q (overlay)") }
        #expect(handle.string(forKey: "plain") == "Plain")
        #expect(Self.differences(handle.values, localizer.snapshot.referenceValues("Localizable", in: "M")).isEmpty)
        #expect(localizer.stats.misses == 0)
    }

    /// An index file an older store left in the revision is never read, whatever it holds: the table itself serves.
    @Test func anOlderStoresIndexFileIsNeverRead() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let shipped = ResolverFixtures.catalog(["en": ["a": "A"], "fr": ["a": "A (fr)"]])
        let revision = try ResolverFixtures.revision(in: root, module: "M", sha256: "ff", revision: 2, tables: ["fr": ["a": "zz"]])
        let indexFile = revision.directory.appendingPathComponent(DigestList.retiredIndexFile)
        let store = StoreSnapshot(appVersion: "1", sourceHash: shipped.sourceHash, modules: ["M": revision])
        func served() -> String {
            Localizer(catalog: shipped, store: store, preferredLanguages: ["fr"]).table(in: "M").string(forKey: "a")
        }
        #expect(served() == "zz")
        try Data("OVLYIDX2\u{0}\u{0}\u{0}\u{1}\"a\" = \"\\n\";\n".utf8).write(to: indexFile)
        #expect(served() == "zz")
    }
}
