import Testing
@testable import OverlayCore

/// `format(_:count:)` is `format(_:_:)` with `[.int(count)]`, whatever the key's shape: plural, plain `%ld`,
/// more slots than one count fills, a string slot, no slot, or a miss.
struct FormatCountTests {
    static let counts = [0, 1, 2, 3, 4, 5, 7, 11, 12, 21, 22, 25, 100, 101, 111, 1_000, 1_023, 1_024, 1_000_001, -1, -21]

    @Test(arguments: ["en", "fr", "fr-CA", "de", "ru", "ar", "pl"])
    func everyKeyOfTheSampleCatalog(_ language: String) {
        let catalog = ResolverFixtures.sampleCatalog
        let localizer = Localizer(catalog: catalog, preferredLanguages: [language])
        var compared = 0
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name] else { continue }
            let tableNames = Set(module.localizations.values.flatMap(\.tables.keys))
            for tableName in tableNames.sorted() {
                let table = localizer.table(tableName, in: name)
                let keys = Set(module.localizations.values.compactMap { $0.tables[tableName] }.flatMap(\.keys))
                for key in keys.sorted() + ["no.such.key"] {
                    for count in Self.counts {
                        let expected = table.format(key, [.int(Int64(count))], default: "fallback")
                        #expect(table.format(key, count: count, default: "fallback") == expected, "\(name)/\(tableName):\(key) \(count)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 500)
    }

    @Test func pluralSelectionFollowsTheLocale() {
        let ru = ResolverFixtures.plural([.one: "%ld файл", .few: "%ld файла", .many: "%ld файлов", .other: "%ld файла"])
        let catalog = ResolverFixtures.catalog(["en": ["k": "x"], "ru": ["k": "x"]], plurals: ["ru": ["files": ru]])
        let table = Localizer(catalog: catalog, preferredLanguages: ["ru"]).table(in: "M")
        #expect([1, 3, 5, 21, 1_000_001].map { table.format("files", count: $0) }
            == ["1 файл", "3 файла", "5 файлов", "21 файл", "1000001 файл"])
    }
}
