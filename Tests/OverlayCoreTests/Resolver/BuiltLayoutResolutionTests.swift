import Foundation
import OverlayTestSupport
import Testing
@testable import OverlayCore
import OverlayPublishing

/// A Localizer built from what Xcode built answers every key as one built from the sources (issue 24): the same text,
/// the same layer and locale, the same plural forms and renderings.
@Suite struct BuiltLayoutResolutionTests {
    static let locales: [[String]] = [["en"], ["fr"], ["fr-CA"], ["de"], ["ru"], ["ar"], ["pl"], ["ja", "de"]]
    static let counts: [Int64] = [0, 1, 2, 3, 5, 11, 21, 101, 1_000_000]

    /// Arguments for every slot of `value` as its class asks (`count` for numbers), and every `%{name}` filled.
    static func arguments(for value: CatalogValue, count: Int64) -> (arguments: [FormatArgument], substitutions: [String: String]) {
        let map: SlotMap
        switch value {
        case .string(let text): map = SlotMap(text)
        case .plural(let entry): map = SlotMap(entry: entry)
        }
        let arguments = (map.positions.last.map { Array(1...$0) } ?? []).map { slot -> FormatArgument in
            switch map[slot] {
            case .int32?, .int64?: .int(count)
            case .uint32?, .uint64?: .uint(UInt64(count))
            case .double?, .longdouble?: .double(Double(count) + 0.5)
            default: .string("Lyon")
            }
        }
        return (arguments, Dictionary(uniqueKeysWithValues: map.names.map { ($0, "«\($0)»") }))
    }

    /// Compares the development keys of `source` through both Localizers; returns how many keys were compared.
    static func compare(source: Catalog, built: Catalog, sampleEvery stride: Int = 1) -> Int {
        var compared = 0
        for locales in Self.locales {
            let fromSource = Localizer(catalog: source, preferredLanguages: locales)
            let fromBuilt = Localizer(catalog: built, preferredLanguages: locales)
            for name in source.moduleNames {
                guard let module = source.modules[name] else { continue }
                for (tableName, table) in module.developmentTables {
                    // Every `stride`-th key, and every plural.
                    let keys = table.keys.enumerated().filter { $0.offset % stride == 0 || table.plurals[$0.element] != nil }
                        .map(\.element)
                    let a = fromSource.table(tableName, in: name)
                    let b = fromBuilt.table(tableName, in: name)
                    for key in keys {
                        let expected = a.resolve(key)
                        let got = b.resolve(key)
                        #expect(b.string(forKey: key) == a.string(forKey: key), "\(locales) \(name)/\(tableName) \(key)")
                        // A development string that is its own key and that no translation names is not built:
                        // the built Localizer misses it and shows the key, the same text.
                        let leftOut = got.layer == .miss && expected.value == .string(key) && expected.layer == .shipped
                        if !leftOut {
                            #expect(got.layer == expected.layer && got.locale == expected.locale, "\(locales) \(name)/\(tableName) \(key)")
                        }
                        for count in Self.counts {
                            let filled = Self.arguments(for: expected.value, count: count)
                            #expect(
                                b.format(key, filled.arguments, substitutions: filled.substitutions)
                                    == a.format(key, filled.arguments, substitutions: filled.substitutions),
                                "\(locales) \(name)/\(tableName) \(key) \(count)")
                        }
                        compared += 1
                    }
                }
            }
        }
        return compared
    }

    @Test("every key of the sample catalog resolves alike built and from sources", arguments: [false, true])
    func sample(forceBuildAllStrings: Bool) throws {
        let directory = try BuiltCatalogLoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(
            catalog: BuiltCatalogLoaderTests.sourceCatalog, main: "App", into: directory,
            placements: BuiltCatalogLoaderTests.samplePlacements, forceBuildAllStrings: forceBuildAllStrings)
        let source = ResolverFixtures.sampleCatalog
        let built = try BuiltCatalogLoader.load(at: app, mode: .lenient).catalog
        #expect(Self.compare(source: source, built: built) > 700)
    }

    /// A few hundred keys of a real app's catalog, every locale above, plurals included.
    @Test func aSampleOfTheRealCatalogResolvesAlike() throws {
        let catalog = URL(fileURLWithPath: "/work/shared/realworld/duckduckgo-ios")
        let directory = try BuiltCatalogLoaderTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(
            catalog: catalog, main: "DuckDuckGo", into: directory, placements: ["Core": .framework, "SyncUI": .framework])
        let source = try CatalogLoader.load(at: catalog, mode: .lenient).catalog
        let built = try BuiltCatalogLoader.load(at: app, mode: .lenient).catalog
        let plurals = source.modules.values.flatMap { $0.developmentTables.values.flatMap(\.plurals.keys) }
        #expect(plurals.count >= 10)
        #expect(Self.compare(source: source, built: built, sampleEvery: 5) > 2_000)
    }
}
