import Foundation
import Testing
@testable import OverlayCore
import OverlayTestSupport

@Suite("OverlayStore: identity, format version and open-time cleaning")
struct StoreIdentityTests {
    @Test("A store for another build reads as empty and is replaced by the first activation",
          arguments: [("2.5.0", Sample.sourceHash), (Sample.appVersion, SHA256.hash(Data("other".utf8)).hex)])
    func identityMismatch(appVersion: String, sourceHash: String) throws {
        let temp = TemporaryDirectory()
        let old = try Sample.open(temp.store)
        try old.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try old.recordManifestSeen(revision: 4, sha256: Sample.sha("m"))
        try old.markRejected(module: "App", sha256: Sample.sha("bad"))

        let new = try Sample.open(temp.store, appVersion: appVersion, sourceHash: sourceHash)
        #expect(new.snapshot().modules.isEmpty)
        #expect(new.snapshot().appVersion == appVersion)
        #expect(new.cycleView().highestSeen == nil)
        #expect(!new.cycleView().isRejected(module: "App", sha256: Sample.sha("bad")))
        // Old revisions survive this open (the old state still names them) …
        #expect(names(temp.store.appendingPathComponent("modules/App")) == [Sample.sha("A")])
        try new.activate(module: "App", sha256: Sample.sha("B"), revision: 1, files: Sample.files("B"))
        #expect(new.cycleView().snapshot.fallbacks["App"] == nil)
        #expect(new.snapshot().modules["App"]?.sha256 == Sample.sha("B"))
        // … and are collected at the next open, once the new build's state replaced the old one.
        _ = try Sample.open(temp.store, appVersion: appVersion, sourceHash: sourceHash)
        #expect(names(temp.store.appendingPathComponent("modules/App")) == [Sample.sha("B")])
        // The old build now sees an empty store.
        #expect(try Sample.open(temp.store).snapshot().modules.isEmpty)
    }

    @Test("A writer re-checks identity under LOCK: another build replacing the store stops it")
    func identityRecheckedUnderLock() throws {
        let temp = TemporaryDirectory()
        let mine = try Sample.open(temp.store)
        try mine.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        let other = try Sample.open(temp.store, appVersion: "3.0.0")
        try other.activate(module: "App", sha256: Sample.sha("B"), revision: 1, files: Sample.files("B"))
        let error = try #require(throws: StoreError.self) {
            try mine.activate(module: "App", sha256: Sample.sha("C"), revision: 2, files: Sample.files("C"))
        }
        #expect(error.code == .identityChanged)
        #expect(mine.snapshot().modules.isEmpty)
        #expect(try Sample.open(temp.store, appVersion: "3.0.0").snapshot().modules["App"]?.sha256 == Sample.sha("B"))
    }

    static let newerMarker = #"{"format":"overlay-store","version":3,"id":"00112233445566778899aabbccddeeff","x":1}"#

    @Test("A store of a newer format is ignored and never written")
    func newerFormatIgnored() throws {
        let storeJSON = Self.newerMarker
        let temp = TemporaryDirectory()
        let seed = try Sample.open(temp.store)
        try seed.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try Data(storeJSON.utf8).write(to: temp.store.appendingPathComponent("store.json"))
        try FileManager.default.createDirectory(at: temp.store.appendingPathComponent("tmp/future"),
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: temp.store.appendingPathComponent("modules/App/future"),
                                                withIntermediateDirectories: true)
        let before = treeContents(temp.store)

        let store = try Sample.open(temp.store)
        #expect(store.isIgnored)
        #expect(store.snapshot().modules.isEmpty)
        #expect(store.cycleView().highestSeen == nil)
        #expect(try store.readJournal(last: 10) == [])
        let writes: [(String, () throws -> Void)] = [
            ("activate", { try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B")) }),
            ("markRejected", { try store.markRejected(module: "App", sha256: Sample.sha("x")) }),
            ("recordManifestSeen", { try store.recordManifestSeen(revision: 1, sha256: Sample.sha("m")) }),
            ("appendJournal", { try store.appendJournal(.string("x")) }),
            ("rollback", { try store.rollback(module: "App") }),
        ]
        for (name, write) in writes {
            let error = try #require(throws: StoreError.self, "\(name)") { try write() }
            #expect(error.code == .newerFormat, "\(name)")
        }
        #expect(treeContents(temp.store) == before)
        // A store of our format that turns newer after open is refused too (re-read under LOCK).
        let other = TemporaryDirectory()
        let live = try Sample.open(other.store)
        try Data(storeJSON.utf8).write(to: other.store.appendingPathComponent("store.json"))
        #expect(throws: StoreError.self) { try live.markRejected(module: "App", sha256: Sample.sha("x")) }
        #expect(live.snapshot().modules.isEmpty)
    }

    /// Issue 9: an empty or garbage store.json used to read as "a newer format"; it is no marker Overlay wrote.
    @Test("A store.json that is not Overlay's marker is refused, untouched, and named as such",
          arguments: [#"{"format_version":2}"#, #"{"format_version":"1"}"#, "not json", "", #"{"format":"overlay-store","version":2}"#,
                      #"{"format":"overlay-store","version":2,"id":"00112233445566778899AABBCCDDEEFF"}"#,
                      #"{"format":"overlay-store","version":2,"id":"00112233445566778899aabbccddeeff","extra":true}"#,
                      #"{"format":"other","version":2,"id":"00112233445566778899aabbccddeeff"}"#])
    func invalidMarkerRefused(storeJSON: String) throws {
        let temp = TemporaryDirectory()
        let seed = try Sample.open(temp.store)
        try seed.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try Data(storeJSON.utf8).write(to: temp.store.appendingPathComponent("store.json"))
        try FileManager.default.createDirectory(at: temp.store.appendingPathComponent("tmp/keep"), withIntermediateDirectories: true)
        let before = treeContents(temp.store)
        let error = try #require(throws: StoreError.self) { try Sample.open(temp.store) }
        #expect(error.code == .notAStore)
        #expect(error.message.contains("not a store marker Overlay wrote"), "\(error.message)")
        #expect(!error.message.contains("newer"))
        #expect(treeContents(temp.store) == before)
        // An instance opened before the marker was damaged stops reading and writing.
        #expect(seed.snapshot().modules.isEmpty)
        let write = try #require(throws: StoreError.self) { try seed.markRejected(module: "App", sha256: Sample.sha("x")) }
        #expect(write.code == .notAStore)
        #expect(treeContents(temp.store) == before)
    }

    @Test("A store from before the marker ({\"format_version\":1}) keeps serving and gets a marker at open")
    func legacyMarkerUpgraded() throws {
        let temp = TemporaryDirectory()
        let seed = try Sample.open(temp.store)
        try seed.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try Data(StoreMarker.legacyBytes).write(to: temp.store.appendingPathComponent("store.json"))
        let reopened = try Sample.open(temp.store)
        #expect(reopened.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
        let marker = try Data(contentsOf: temp.store.appendingPathComponent("store.json"))
        guard case .current = StoreMarker.decode(marker) else {
            Issue.record("marker not upgraded: \(String(decoding: marker, as: UTF8.self))")
            return
        }
    }

    @Test("Opening removes tmp/ debris and revision directories state.json does not name")
    func openCleansDebris() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        let manager = FileManager.default
        try manager.createDirectory(at: temp.store.appendingPathComponent("tmp/123-abc/fr.lproj"),
                                    withIntermediateDirectories: true)
        try Data("x".utf8).write(to: temp.store.appendingPathComponent("tmp/123-abc/fr.lproj/L.strings"))
        try Data("{".utf8).write(to: temp.store.appendingPathComponent("tmp/state.json.1-2"))
        try manager.createDirectory(at: temp.store.appendingPathComponent("modules/App/\(Sample.sha("orphan"))"),
                                    withIntermediateDirectories: true)
        try manager.createDirectory(at: temp.store.appendingPathComponent("modules/Gone/\(Sample.sha("G"))/x"),
                                    withIntermediateDirectories: true)

        let reopened = try Sample.open(temp.store)
        #expect(names(temp.store.appendingPathComponent("tmp")) == [])
        #expect(names(temp.store.appendingPathComponent("modules")) == ["App"])
        #expect(names(temp.store.appendingPathComponent("modules/App")) == [Sample.sha("A"), Sample.sha("B")].sorted())
        #expect(reopened.snapshot().modules["App"]?.sha256 == Sample.sha("B"))
    }

    @Test("An unreadable state.json reads as an empty store")
    func corruptStateIsEmpty() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try Data(#"{"format_version":1,"app_version":"2.4.0"}"#.utf8).write(to: temp.store.appendingPathComponent("state.json"))
        #expect(store.snapshot().modules.isEmpty)
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("B"))
    }
}
