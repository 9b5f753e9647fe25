import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// What the built-product reader finds, refuses and reads back: module names, links, special files, loctables and
/// the development strings Xcode leaves out.
@Suite struct BuiltCatalogReadingTests {
    /// A hand-made iOS app: `files` maps paths in the app to table contents (binary plists of string dictionaries).
    struct App {
        let root: URL
        var url: URL { root.appendingPathComponent("Notes.app") }

        init(_ tables: [String: [String: String]], developmentRegion: String = "en") throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("built-reading-\(UUID().uuidString)")
            try write(["CFBundleDevelopmentRegion": developmentRegion], at: "Info.plist")
            for (path, table) in tables { try write(table, at: path) }
        }

        func write(_ plist: Any, at path: String) throws {
            let url = self.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0).write(to: url)
        }

        func load() throws -> CatalogLoadResult { try BuiltCatalogLoader.load(at: url, mode: .lenient) }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let english = ["en.lproj/Localizable.strings": ["title": "Title"]]

    @Test("a bundle serves the module it is named after", arguments: [
        ("Shop_Checkout.bundle", "Checkout"), ("My-Package_Account_Settings.bundle", "Account_Settings"),
        ("Legacy.bundle", "Legacy"), ("Checkout.framework", "Checkout"), ("Widgets.appex", "Widgets"),
        ("Notes.app", "Notes"), ("_.bundle", "_"),
    ])
    func moduleNames(_ folder: String, _ module: String) {
        #expect(BuiltCatalogLoader.Discovery.moduleName(ofBundleNamed: folder) == module)
    }

    @Test func everyKindOfBundleIsFoundAndSettingsBundleIsNot() throws {
        var tables = Self.english
        for folder in ["Shop_Checkout.bundle", "Frameworks/Core.framework", "PlugIns/Widgets.appex",
                       "Extensions/Share.appex", "Frameworks/Core.framework/Core_Assets.bundle", "Settings.bundle"] {
            tables["\(folder)/fr.lproj/Localizable.strings"] = ["title": "Titre"]
        }
        let app = try App(tables)
        defer { app.remove() }
        let result = try app.load()
        #expect(result.catalog.moduleNames == ["Assets", "Checkout", "Core", "Notes", "Share", "Widgets"])
        #expect(result.findings == [])
    }

    @Test func aSymlinkedLprojOrFrameworkIsRefusedAndNeverFollowed() throws {
        let app = try App(Self.english)
        defer { app.remove() }
        let elsewhere = try App(["fr.lproj/Localizable.strings": ["title": "secret"]])
        defer { elsewhere.remove() }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(
            at: app.url.appendingPathComponent("fr.lproj"), withDestinationURL: elsewhere.url.appendingPathComponent("fr.lproj"))
        try fileManager.createDirectory(at: app.url.appendingPathComponent("Frameworks"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(
            at: app.url.appendingPathComponent("Frameworks/Other.framework"), withDestinationURL: elsewhere.url)
        let result = try app.load()
        #expect(Set(result.findings.filter { $0.code == "catalog.symlink" }.compactMap(\.location.file))
            == ["Notes.app/fr.lproj", "Notes.app/Frameworks/Other.framework"])
        #expect(result.catalog.moduleNames == ["Notes"])
        #expect(result.catalog.modules["Notes"]?.localizations["fr"] == nil)
    }

    @Test func aFIFOTableIsRefusedWithoutBlockingAndAHugeOneFromItsSize() throws {
        let app = try App(Self.english)
        defer { app.remove() }
        try FileManager.default.createDirectory(at: app.url.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        #expect(mkfifo(app.url.appendingPathComponent("fr.lproj/Localizable.strings").path, 0o644) == 0)
        let huge = app.url.appendingPathComponent("fr.lproj/Errors.strings")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let result = try app.load()
        #expect(result.findings.first { $0.code == "catalog.not-a-file" }?.location.file == "Notes.app/fr.lproj/Localizable.strings")
        #expect(result.findings.first { $0.code == "catalog.file-too-large" }?.location.file == "Notes.app/fr.lproj/Errors.strings")
        #expect(result.catalog.modules["Notes"]?.localizations["en"]?.tables["Localizable"]?.strings == ["title": "Title"])
    }

    @Test func aLoctableHoldsEveryLanguageAndAnLprojFileWinsOverIt() throws {
        let plural: [String: Any] = [
            "NSStringLocalizedFormatKey": "%#@n@",
            "n": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "lld",
                  "one": "%lld note", "other": "%lld notes"],
        ]
        let app = try App(["fr.lproj/Localizable.strings": ["title": "Titre (lproj)"]])
        defer { app.remove() }
        try app.write([
            "en": ["title": "Title", "notes": plural], "fr": ["title": "Titre", "subtitle": "Sous-titre"],
            "zh_CN": ["title": "标题"], "Base": ["storyboard.key": "Base text"],
            "en~mac": ["title": "Mac title"], "LocProvenance": ["en": "x"],
        ] as [String: Any], at: "Localizable.loctable")
        let result = try app.load()
        #expect(result.findings == [])
        let module = try #require(result.catalog.modules["Notes"])
        #expect(module.localeIdentifiers == ["en", "fr", "zh-CN"])
        // `subtitle` has no development text: read back as its own key, as Xcode leaves such strings out.
        #expect(module.localizations["en"]?.tables["Localizable"]?.strings == ["title": "Title", "subtitle": "subtitle"])
        #expect(module.localizations["en"]?.tables["Localizable"]?.plurals["notes"] != nil)
        #expect(module.localizations["fr"]?.tables["Localizable"]?.strings == ["title": "Titre (lproj)", "subtitle": "Sous-titre"])
        #expect(module.base?.tables["Localizable"]?.strings == ["storyboard.key": "Base text"])
    }

    @Test func aLoctableThatIsNotALanguageDictionaryIsAnErrorFinding() throws {
        let app = try App(Self.english)
        defer { app.remove() }
        try app.write(["not", "a", "dictionary"], at: "Errors.loctable")
        try Data("garbage".utf8).write(to: app.url.appendingPathComponent("Broken.loctable"))
        let result = try app.load()
        #expect(result.findings.map(\.code) == ["catalog.invalid-loctable", "catalog.invalid-loctable"])
        #expect(result.findings.compactMap(\.location.file) == ["Notes.app/Broken.loctable", "Notes.app/Errors.loctable"])
        #expect(result.catalog.modules["Notes"]?.localizations["en"]?.tables.keys.sorted() == ["Localizable"])
    }

    /// Xcode builds no development string that is its own key; a translation of the same table still names it.
    @Test func keysXcodeLeftOutAreReadBackAsTheirOwnText() throws {
        let app = try App([
            "en.lproj/Localizable.strings": ["title": "Title"],
            "fr.lproj/Localizable.strings": ["title": "Titre", "Hello": "Bonjour", "%lld notes": "%lld notes (fr)"],
            // A table without development text (a storyboard's strings): left alone.
            "fr.lproj/Main.strings": ["Xa3-bc-1.title": "Réglages"],
        ])
        defer { app.remove() }
        let module = try #require(try app.load().catalog.modules["Notes"])
        #expect(module.developmentTables["Localizable"]?.strings == ["title": "Title", "Hello": "Hello", "%lld notes": "%lld notes"])
        #expect(module.developmentTables["Main"] == nil)
        // Read back or not, the hash is the same: such strings are not hashed.
        var bare = module
        bare.localizations["en"]?.tables["Localizable"]?.strings = ["title": "Title"]
        let catalog = Catalog(modules: ["Notes": module])
        #expect(catalog.sourceHash == Catalog(modules: ["Notes": bare]).sourceHash)
        // An overlay of such a key is served (a Localizer serves only keys the development table knows).
        let store = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: store) }
        let revision = try ResolverFixtures.revision(
            in: store, module: "Notes", sha256: "cc33", revision: 2, tables: ["fr": ["Hello": "Salut"]])
        let snapshot = StoreSnapshot(appVersion: "1.0", sourceHash: catalog.sourceHash, modules: ["Notes": revision])
        let localizer = Localizer(catalog: catalog, store: snapshot, preferredLanguages: ["fr"])
        #expect(localizer.table(in: "Notes").string(forKey: "Hello") == "Salut")
        #expect(Localizer(catalog: catalog, preferredLanguages: ["en"]).table(in: "Notes").resolve("Hello").layer == .shipped)
    }

    @Test func aModuleShippedTwiceIsReadOnceAndDifferingCopiesAreSaid() throws {
        let app = try App([
            "en.lproj/Localizable.strings": ["title": "Title"],
            "Shop_Kit.bundle/en.lproj/Localizable.strings": ["k": "Kit"],
            "PlugIns/Widgets.appex/Shop_Kit.bundle/en.lproj/Localizable.strings": ["k": "Kit"],
            "PlugIns/Share.appex/Shop_Kit.bundle/en.lproj/Localizable.strings": ["k": "Kit (old)"],
        ])
        defer { app.remove() }
        let result = try app.load()
        #expect(result.catalog.modules["Kit"]?.localizations["en"]?.tables["Localizable"]?.strings == ["k": "Kit"])
        #expect(result.findings.map(\.code) == ["catalog.duplicate-module"])
        #expect(result.findings.first?.location.file == "Notes.app/PlugIns/Share.appex/Shop_Kit.bundle")
    }

    @Test func aProductWithoutStringsOrAFileIsSaidSo() throws {
        let app = try App([:])
        defer { app.remove() }
        #expect(try app.load().findings.map(\.code) == ["catalog.empty"])
        #expect(throws: CatalogError.self) {
            try BuiltCatalogLoader.load(at: app.url.appendingPathComponent("Info.plist"))
        }
    }
}
