import Foundation
import Testing
@testable import OverlayCore

/// In development mode the Localizer keeps the distinct keys code asked for and no layer had, per module, bounded.
@Suite struct LocalizerMissedKeysTests {
    static let catalog = ResolverFixtures.catalog(["en": ["title": "Title", "greet": "Hello, %@!"]])

    @Test("distinct misses per module and table, in order; hits and value(forKey:) are not misses")
    func distinctMisses() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .development)
        let table = localizer.table(in: "M")
        for _ in 0..<3 { _ = table.string(forKey: "nope") }
        _ = table.string(forKey: "title")
        _ = table.format("greet", ["x"])
        _ = table.format("missing.format", ["x"])
        _ = table.format("missing.count", count: 2)
        _ = table.value(forKey: "not.counted")
        _ = localizer.table("Errors", in: "M").string(forKey: "nope")
        _ = localizer.table(in: "Other").string(forKey: "a")
        let missed = localizer.missedKeys()
        #expect(missed.modules["M"] == [
            .init(table: "Errors", key: "nope"), .init(table: "Localizable", key: "missing.count"),
            .init(table: "Localizable", key: "missing.format"), .init(table: "Localizable", key: "nope"),
        ])
        #expect(missed.modules["Other"] == [.init(table: "Localizable", key: "a")])
        #expect(missed.overflow.isEmpty)
        #expect(localizer.stats.misses == 7, "every miss is still counted")
    }

    @Test("production mode keeps no keys")
    func production() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .production)
        #expect(localizer.table(in: "M").string(forKey: "nope") == "nope")
        #expect(localizer.missedKeys() == MissedKeys())
        #expect(localizer.stats.misses == 1)
    }

    @Test("bounded: keys past the per-module cap, long keys and extra modules are counted, not kept")
    func bounded() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .development)
        let table = localizer.table(in: "M")
        for index in 0..<(MissedKeys.perModuleLimit + 50) { _ = table.string(forKey: "k\(index)") }
        _ = table.string(forKey: "k0")  // already kept: neither new nor overflow
        _ = table.string(forKey: String(repeating: "x", count: MissedKeys.maxKeyBytes + 1))
        for index in 0..<(MissedKeys.moduleLimit + 5) { _ = localizer.table(in: "Mod\(index)").string(forKey: "a") }
        let missed = localizer.missedKeys()
        #expect(missed.modules["M"]?.count == MissedKeys.perModuleLimit)
        #expect(missed.overflow["M"] == 51)
        #expect(missed.modules.count == MissedKeys.moduleLimit)
        #expect(missed.unrecordedModuleMisses == 6)
    }

    @Test("survives a language switch and is safe from many threads")
    func concurrent() async {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .development)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for index in 0..<200 {
                        let table = localizer.table(in: "M")
                        _ = table.string(forKey: "w\(worker)-\(index % 50)")
                        _ = table.string(forKey: "title")
                        if index % 40 == 0 { localizer.setPreferredLanguages(index % 80 == 0 ? ["fr"] : ["en"]) }
                        _ = localizer.missedKeys()
                    }
                }
            }
        }
        #expect(localizer.missedKeys().modules["M"]?.count == 200)
    }
}
