import Foundation
import Testing
@testable import OverlayCore

/// The launch path: `OverlayStore.readSnapshot` reads what the store serves without the lock and without writing,
/// and a `Localizer` checks each revision of such a snapshot where it first serves it, as the open's heal would.
@Suite("OverlayStore.readSnapshot and the Localizer's check of an unhealed snapshot")
struct StoreReadSnapshotTests {
    private func populate(_ url: URL) throws {
        let store = try Sample.open(url)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        try store.activate(module: "Checkout", sha256: Sample.sha("K"), revision: 1, files: Sample.files("K"))
    }

    /// A shipped catalog whose App and Checkout modules have `hello` in English and French.
    private func makeLocalizer(_ snapshot: StoreSnapshot) -> Localizer {
        var catalog = Catalog(modules: [:])
        for name in ["App", "Checkout"] {
            catalog.modules[name] = CatalogLoader.module(
                named: name, developmentRegion: "en",
                files: ["en.lproj/Localizable.strings": Data("\"hello\" = \"hello\";\n".utf8),
                        "fr.lproj/Localizable.strings": Data("\"hello\" = \"bonjour\";\n".utf8)],
                mode: .lenient).module
        }
        return Localizer(catalog: catalog, store: snapshot, preferredLanguages: ["fr"], sourceHash: Sample.sourceHash)
    }

    @Test("It names the same revisions as an opened store, and writes nothing, not even LOCK")
    func sameAsOpenAndWritesNothing() throws {
        let temp = TemporaryDirectory()
        try populate(temp.store)
        try FileManager.default.removeItem(at: temp.store.appendingPathComponent(StoreLayout.lockFile))
        let before = treeContents(temp.store)
        let read = try OverlayStore.readSnapshot(at: temp.store, appVersion: Sample.appVersion, sourceHash: Sample.sourceHash)
        #expect(treeContents(temp.store) == before)
        #expect(read.isUnhealed)
        #expect(read.modules["App"]?.sha256 == Sample.sha("B"))
        #expect(read.fallbacks["App"]?.sha256 == Sample.sha("A"))
        let opened = try Sample.open(temp.store).snapshot()
        #expect(read.modules == opened.modules)
        #expect(read.fallbacks == opened.fallbacks)
        #expect(!opened.isUnhealed)
    }

    @Test("No store, another build's, a newer format or a disabled store read as empty",
          arguments: ["missing", "other build", "newer", "disabled"])
    func emptyCases(_ state: String) throws {
        let temp = TemporaryDirectory()
        var appVersion = Sample.appVersion
        if state != "missing" { try populate(temp.store) }
        switch state {
        case "other build": appVersion = "9.9.9"
        case "newer": try Data(#"{"format":"overlay-store","version":99,"id":"x"}"#.utf8).write(to: temp.store.appendingPathComponent("store.json"))
        case "disabled": try Data("disabled\n".utf8).write(to: temp.store.appendingPathComponent(StoreLayout.disabledFile))
        default: break
        }
        let read = try OverlayStore.readSnapshot(at: temp.store, appVersion: appVersion, sourceHash: Sample.sourceHash)
        #expect(read.modules.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.store.path) == (state == "missing"))
    }

    @Test("What open refuses, it refuses too: /, a symbolic link, a file, a store.json that is not Overlay's")
    func refusals() throws {
        let temp = TemporaryDirectory()
        try populate(temp.store)
        let link = temp.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: temp.store)
        let file = temp.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let foreign = temp.url.appendingPathComponent("foreign")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("{\"mine\":true}".utf8).write(to: foreign.appendingPathComponent("store.json"))
        for url in [URL(fileURLWithPath: "/"), link, file, foreign] {
            #expect(throws: StoreError.self) {
                try OverlayStore.readSnapshot(at: url, appVersion: Sample.appVersion, sourceHash: Sample.sourceHash)
            }
        }
    }

    @Test("A Localizer serves an intact revision of an unhealed snapshot, else the previous one, else the shipped strings",
          arguments: ["intact", "active truncated", "active removed", "both damaged"])
    func damagedRevisionIsNotServed(_ damage: String) throws {
        let temp = TemporaryDirectory()
        try populate(temp.store)
        let active = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        let previous = temp.store.appendingPathComponent("modules/App/\(Sample.sha("A"))")
        switch damage {
        case "active truncated": #expect(truncate(active.appendingPathComponent("fr.lproj/Localizable.strings").path, 3) == 0)
        case "active removed": try FileManager.default.removeItem(at: active)
        case "both damaged":
            try FileManager.default.removeItem(at: active.appendingPathComponent("Info.plist"))
            try Data(count: 1).write(to: previous.appendingPathComponent("fr.lproj/Localizable.strings"))
        default: break
        }
        let read = try OverlayStore.readSnapshot(at: temp.store, appVersion: Sample.appVersion, sourceHash: Sample.sourceHash)
        let localizer = makeLocalizer(read)
        let expected = ["intact": "bonjour B", "active truncated": "bonjour A", "active removed": "bonjour A",
                        "both damaged": "bonjour"][damage]
        #expect(localizer.table(in: "App").string(forKey: "hello") == expected)
        #expect(localizer.table(in: "Checkout").string(forKey: "hello") == "bonjour K")
        #expect(localizer.stats.ignoredRevisions == (damage == "both damaged" ? 1 : 0))
        // The same snapshot from an opened store is healed on disk, and serves the same.
        let healed = makeLocalizer(try Sample.open(temp.store).snapshot())
        #expect(healed.table(in: "App").string(forKey: "hello") == expected)
    }

    /// The launch's size check names what is wrong, and of several damaged files the first in path order, whatever
    /// order the digest list is walked in.
    @Test func damageNamesTheFirstDamagedFileInPathOrder() throws {
        let temp = TemporaryDirectory()
        try populate(temp.store)
        let active = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        #expect(try Syscalls.live.damage(ofRevisionAt: active.path) == nil)
        #expect(truncate(active.appendingPathComponent("fr.lproj/Localizable.strings").path, 3) == 0)
        let size = try #require(try Syscalls.live.damage(ofRevisionAt: active.path))
        #expect(size.hasPrefix("fr.lproj/Localizable.strings is 3 bytes, not the ") && size.hasSuffix(" written"), "\(size)")
        try FileManager.default.removeItem(at: active.appendingPathComponent("Info.plist"))
        #expect(try Syscalls.live.damage(ofRevisionAt: active.path) == "Info.plist is missing")
        try FileManager.default.removeItem(at: active)
        #expect(try Syscalls.live.damage(ofRevisionAt: active.path) == "its directory is missing")
    }
}
