import Foundation
import OverlayTestSupport
import Testing
@testable import OverlayCore
import OverlayPublishing

/// The shipped catalog read from what Xcode builds equals the one read from the sources: same modules, same strings,
/// same source hash (issue 24).
@Suite struct BuiltCatalogLoaderTests {
    /// Every kind of bundle a module can ship in.
    static let samplePlacements: [String: XcodeLayout.Placement] = [
        "Checkout": .framework, "Account": .resourceBundle(package: "NotesKit"), "Onboarding": .appExtension,
    ]

    static let sourceCatalog = Fixtures.url("catalog")

    /// A fresh directory, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("built-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("the sample catalog built for iOS and macOS hashes like its sources",
          arguments: [(XcodeLayout.Platform.iOS, false), (.iOS, true), (.macOS, false)])
    func sampleHash(platform: XcodeLayout.Platform, forceBuildAllStrings: Bool) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(
            catalog: Self.sourceCatalog, main: "App", into: directory, placements: Self.samplePlacements,
            platform: platform, forceBuildAllStrings: forceBuildAllStrings)
        let source = try CatalogLoader.load(at: Self.sourceCatalog, mode: .strict)
        let built = try BuiltCatalogLoader.load(at: app, mode: .strict)
        #expect(built.findings.filter { $0.severity == .error } == [])
        #expect(built.catalog.moduleNames == ["Account", "App", "Checkout", "Onboarding"])
        #expect(SourceHash.lines(of: built.catalog) == SourceHash.lines(of: source.catalog))
        #expect(built.catalog.sourceHash == source.catalog.sourceHash)
    }

    /// Beyond the hash: every translation is the same table, and every development string is the same or (left out
    /// by Xcode) its own key.
    @Test func theSampleLayoutHoldsTheSameStrings() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(catalog: Self.sourceCatalog, main: "App", into: directory, placements: Self.samplePlacements)
        let source = try CatalogLoader.load(at: Self.sourceCatalog, mode: .lenient).catalog
        let built = try BuiltCatalogLoader.load(at: app).catalog
        var compared = 0
        for (name, module) in source.modules {
            let twin = try #require(built.modules[name])
            #expect(twin.developmentRegion == module.developmentRegion)
            for (locale, localization) in module.localizations where locale != module.developmentRegion {
                for (table, content) in localization.tables {
                    let builtTable = twin.localizations[locale]?.tables[table]
                    #expect(builtTable?.strings == content.strings, "\(name)/\(locale)/\(table)")
                    #expect(builtTable?.plurals == content.plurals, "\(name)/\(locale)/\(table)")
                    compared += content.keyCount
                }
            }
            let builtDevelopment = twin.developmentTables
            for (table, content) in module.developmentTables {
                for key in content.keys {
                    let value = try #require(content.value(forKey: key))
                    let builtValue = builtDevelopment[table]?.value(forKey: key)
                    #expect(builtValue == value || (builtValue == nil && value == .string(key)), "\(name)/\(table) \(key)")
                    compared += 1
                }
                let builtKeys = builtDevelopment[table]?.keySet ?? []
                #expect(builtKeys.isSubset(of: content.keySet), "\(name)/\(table)")
            }
        }
        #expect(compared > 400)
    }

    /// The real catalog of DuckDuckGo's iOS app (read where it lies): the main app, two frameworks and five app
    /// extensions.
    @Test func theRealCatalogBuiltHashesLikeItsSources() throws {
        let catalog = URL(fileURLWithPath: "/work/shared/realworld/duckduckgo-ios")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let extensions = ["AutofillCredentialProvider", "OpenAction", "PacketTunnelProvider", "ShareExtension", "Widgets"]
        var placements: [String: XcodeLayout.Placement] = ["Core": .framework, "SyncUI": .framework]
        for name in extensions { placements[name] = .appExtension }
        let app = try XcodeLayout.build(catalog: catalog, main: "DuckDuckGo", into: directory, placements: placements)
        let source = try CatalogLoader.load(at: catalog, mode: .lenient).catalog
        let built = try BuiltCatalogLoader.load(at: app, mode: .lenient)
        #expect(built.findings.filter { $0.severity == .error } == [])
        #expect(built.catalog.moduleNames == source.moduleNames)
        let lines = SourceHash.lines(of: built.catalog)
        #expect(lines.count > 1_000)
        #expect(lines == SourceHash.lines(of: source))
        #expect(built.catalog.sourceHash == source.sourceHash)
    }

    @Test func bundlesNamedByTheAppGiveTheSameCatalogAsTheFolder() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(catalog: Self.sourceCatalog, main: "App", into: directory, placements: Self.samplePlacements)
        let bundles: [String: Bundle] = [
            "App": try #require(Bundle(url: app)),
            "Checkout": try #require(Bundle(url: app.appendingPathComponent("Frameworks/Checkout.framework"))),
            "Account": try #require(Bundle(url: app.appendingPathComponent("NotesKit_Account.bundle"))),
            "Onboarding": try #require(Bundle(url: app.appendingPathComponent("PlugIns/Onboarding.appex"))),
        ]
        let fromBundles = BuiltCatalogLoader.load(bundles: bundles)
        let fromFolder = try BuiltCatalogLoader.load(at: app, mode: .lenient)
        #expect(fromBundles.findings.filter { $0.severity == .error } == [])
        #expect(fromBundles.catalog.sourceHash == fromFolder.catalog.sourceHash)
        for name in fromFolder.catalog.moduleNames {
            #expect(fromBundles.catalog.modules[name]?.localizations.mapValues(\.tables.contentOnly)
                == fromFolder.catalog.modules[name]?.localizations.mapValues(\.tables.contentOnly))
        }
        // Only the named bundles: the app's main bundle alone is one module.
        #expect(BuiltCatalogLoader.load(bundles: ["App": bundles["App"]!]).catalog.moduleNames == ["App"])
    }

    @Test func aBuiltProductIsToldFromACatalogFolder() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = try XcodeLayout.build(catalog: Self.sourceCatalog, main: "App", into: directory, placements: Self.samplePlacements)
        #expect(!BuiltCatalogLoader.isBuiltProduct(at: Self.sourceCatalog))
        #expect(BuiltCatalogLoader.isBuiltProduct(at: app))
        #expect(BuiltCatalogLoader.isBuiltProduct(at: app.appendingPathComponent("NotesKit_Account.bundle")))
        // A bundle folder renamed without its extension is still a bundle: it holds .lproj folders itself.
        let renamed = directory.appendingPathComponent("Unpacked")
        try FileManager.default.moveItem(at: app, to: renamed)
        #expect(BuiltCatalogLoader.isBuiltProduct(at: renamed))
        #expect(try BuiltCatalogLoader.load(at: renamed).catalog.modules["Unpacked"] != nil)
    }
}
