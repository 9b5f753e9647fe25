import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

import OverlayTestSupport

/// Issue 9: the store owns only what it made, its kill switch works on a damaged store and makes it inert first,
/// rollback protection survives the loss of any one file, and a damaged revision heals.
@Suite("OverlayStore: ownership, kill switch on damaged stores, seen record, healing")
struct StoreOwnershipTests {
    private func populate(_ store: OverlayStore) throws {
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        try store.recordManifestSeen(revision: 2, sha256: Sample.sha("m2"))
        try store.saveManifest(bytes: Data("{}".utf8), signature: Data("sig".utf8), etag: "\"e\"")
        try store.appendJournal(.string("cycle"))
    }

    // MARK: Ownership

    @Test("A non-empty directory without a marker is refused, and nothing is created in it")
    func foreignDirectoryRefused() throws {
        let temp = TemporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(at: temp.store.appendingPathComponent("tmp/mine"), withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: temp.store.appendingPathComponent("tmp/mine/notes.txt"))
        try Data("{}".utf8).write(to: temp.store.appendingPathComponent("state.json"))
        let before = treeContents(temp.store)
        let error = try #require(throws: StoreError.self) { try Sample.open(temp.store) }
        #expect(error.code == .notAStore)
        #expect(error.message.contains(temp.store.path))
        #expect(error.message.contains("Overlay did not create"), "\(error.message)")
        #expect(treeContents(temp.store) == before)
        #expect(!manager.fileExists(atPath: temp.store.appendingPathComponent("LOCK").path))
        // A lone foreign tmp/ is foreign too: it is not what a store creation leaves.
        let lone = TemporaryDirectory()
        try manager.createDirectory(at: lone.store.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        #expect(throws: StoreError.self) { try Sample.open(lone.store) }
        #expect(names(lone.store) == ["tmp"])
    }

    @Test("A missing or empty directory becomes a store")
    func emptyDirectoryInitialised() throws {
        let temp = TemporaryDirectory()
        try FileManager.default.createDirectory(at: temp.store, withIntermediateDirectories: true)
        _ = try Sample.open(temp.store)
        #expect(names(temp.store) == ["LOCK", "modules", "store.json", "tmp"])
        let missing = TemporaryDirectory()
        _ = try Sample.open(missing.store.appendingPathComponent("deeper"))
        #expect(names(missing.store.appendingPathComponent("deeper")).contains("store.json"))
    }

    /// Runs against a seam that refuses every call that could change the file system: were the refusal of `/` ever
    /// lost, this test fails instead of emptying /tmp (what `sync --store /` once did).
    @Test("/ and the empty path are refused before anything is touched", arguments: ["/", "", "//", "/./", "/tmp/.."])
    func rootRefused(path: String) throws {
        let url = path.isEmpty ? URL(string: "file:")! : URL(fileURLWithPath: path)
        let open = try #require(throws: StoreError.self) { try Sample.open(url, syscalls: .readOnly) }
        #expect(open.code == .invalidArgument, "\(open)")
        let delete = try #require(throws: StoreError.self) { try OverlayStore.delete(at: url, syscalls: .readOnly) }
        #expect(delete.code == .invalidArgument, "\(delete)")
    }

    @Test("A store path that is a symbolic link is refused by open and by the kill switch; its target is untouched")
    func symlinkRootRefused() throws {
        let temp = TemporaryDirectory()
        try populate(try Sample.open(temp.store))
        let link = temp.url.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: temp.store)
        let before = treeContents(temp.store)
        let open = try #require(throws: StoreError.self) { try Sample.open(link) }
        #expect(open.code == .notAStore)
        #expect(open.message.contains("symbolic link"))
        let delete = try #require(throws: StoreError.self) { try OverlayStore.delete(at: link) }
        #expect(delete.message.contains("symbolic link"))
        #expect(treeContents(temp.store) == before)
    }

    @Test("A LOCK that is a symbolic link or a directory is named as such, not as a deleted store",
          arguments: ["symlink", "directory"])
    func damagedLock(kind: String) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try populate(store)
        let lock = temp.store.appendingPathComponent("LOCK")
        try FileManager.default.removeItem(at: lock)
        let outside = temp.url.appendingPathComponent("outside-lock")
        if kind == "symlink" {
            try FileManager.default.createSymbolicLink(at: lock, withDestinationURL: outside)
        } else {
            try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        }
        for attempt in [{ _ = try Sample.open(temp.store) }, { try store.markRejected(module: "App", sha256: Sample.sha("x")) }] {
            let error = try #require(throws: StoreError.self) { try attempt() }
            #expect(error.code == .damaged)
            #expect(!error.message.contains("was deleted"), "\(error.message)")
            #expect(error.message.contains("LOCK is a \(kind == "symlink" ? "symbolic link" : "directory")"), "\(error.message)")
            #expect(error.message.contains("overlay disable"))
        }
        // A dangling LOCK link never creates its target.
        #expect(!FileManager.default.fileExists(atPath: outside.path))
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("B"))
    }

    /// Issue 9: a sync racing the kill switch reported "store.not-found: open(…/LOCK)", not what happened.
    @Test("A writer whose store directory was moved away reports the store deleted")
    func writerAfterDirectoryGone() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try FileManager.default.moveItem(at: temp.store, to: temp.url.appendingPathComponent(".store.deleting-x"))
        let error = try #require(throws: StoreError.self) { try store.markRejected(module: "App", sha256: Sample.sha("x")) }
        #expect(error.code == .deleted, "\(error)")
        #expect(!FileManager.default.fileExists(atPath: temp.store.path))
    }

    // MARK: Kill switch

    @Test("The kill switch deletes a damaged store whole and never follows a link out",
          arguments: ["LOCK is a directory", "tmp is a file", "tmp links outside", "modules is a file",
                      "modules links outside", "state.json is a directory"])
    func killSwitchOnDamagedStore(damage: String) throws {
        let temp = TemporaryDirectory()
        try populate(try Sample.open(temp.store))
        let manager = FileManager.default
        let outside = temp.url.appendingPathComponent("outside")
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("file.txt"))
        let (name, replacement) = (String(damage.split(separator: " ")[0]), damage.split(separator: " ").dropFirst().joined(separator: " "))
        let target = temp.store.appendingPathComponent(name)
        try manager.removeItem(at: target)
        switch replacement {
        case "is a directory":
            try manager.createDirectory(at: target.appendingPathComponent("inner"), withIntermediateDirectories: true)
        case "is a file": try Data("x".utf8).write(to: target)
        default: try manager.createSymbolicLink(at: target, withDestinationURL: outside)
        }
        #expect(try OverlayStore.delete(at: temp.store) == .deleted)
        #expect(names(temp.url) == ["outside"])
        #expect(try Data(contentsOf: outside.appendingPathComponent("file.txt")) == Data("keep".utf8))
    }

    /// The race lstat checks alone lose: a directory swapped for a link to another tree between the check and the
    /// removal. The seam here reports every link as a directory (as if the check ran before the swap); the removal
    /// must then fail on the link, not delete what it points to.
    @Test("A directory swapped for a link after its check is not followed", arguments: ["top", "nested"])
    func swappedDirectoryNotFollowed(level: String) throws {
        let temp = TemporaryDirectory()
        let outside = temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("deep/file.txt"))
        let tree = temp.url.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("a"), withIntermediateDirectories: true)
        let link = level == "top" ? temp.url.appendingPathComponent("link") : tree.appendingPathComponent("a/link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        var lying = Syscalls.live
        let live = Syscalls.live
        @Sendable func asDirectory(_ status: FileInfo?) -> FileInfo? {
            guard var status, status.kind == .symbolicLink else { return status }
            status.mode = 0o040000 | status.permissions  // S_IFDIR
            return status
        }
        lying.status = { path in asDirectory(try live.status(path)) }
        lying.statusAt = { directory, name, path in asDirectory(try live.statusAt(directory, name, path)) }
        let error = try #require(throws: StoreError.self) { try lying.removeTree(level == "top" ? link.path : tree.path) }
        #expect(error.cause == ELOOP || error.cause == ENOTDIR, "\(error)")  // Linux answers ENOTDIR with O_DIRECTORY
        #expect(try Data(contentsOf: outside.appendingPathComponent("deep/file.txt")) == Data("keep".utf8))
    }

    @Test("The kill switch leaves a directory whose store.json is not Overlay's marker untouched",
          arguments: ["garbage", "empty", "directory", "absent"])
    func killSwitchRefusesWithoutMarker(marker: String) throws {
        let temp = TemporaryDirectory()
        try populate(try Sample.open(temp.store))
        let path = temp.store.appendingPathComponent("store.json")
        try FileManager.default.removeItem(at: path)
        switch marker {
        case "garbage": try Data("{\"format_version\":7}".utf8).write(to: path)
        case "empty": try Data().write(to: path)
        case "directory": try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        default: break
        }
        let before = treeContents(temp.store)
        let error = try #require(throws: StoreError.self) { try OverlayStore.delete(at: temp.store) }
        #expect(error.code == .notAStore)
        #expect(!error.message.contains("newer"))
        #expect(treeContents(temp.store) == before)
        // Nothing serves from it either.
        #expect(try OverlayStore.inspect(at: temp.store).snapshot == nil)
    }

    @Test("A directory with no store and only foreign files is 'nothing to delete'")
    func killSwitchOnForeignDirectory() throws {
        let temp = TemporaryDirectory()
        try FileManager.default.createDirectory(at: temp.store, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: temp.store.appendingPathComponent("notes.txt"))
        #expect(try OverlayStore.delete(at: temp.store) == .absent)
        #expect(names(temp.store) == ["notes.txt"])
        #expect(try OverlayStore.delete(at: temp.url.appendingPathComponent("missing")) == .absent)
    }

    @Test("When the store cannot be moved aside nor fully deleted it is made inert first, and the next open finishes")
    func inertWhenDeletionFails() throws {
        let temp = TemporaryDirectory()
        let app = try Sample.open(temp.store)
        try populate(app)
        #expect(app.snapshot().modules["App"] != nil)
        // The rename aside and one removal fail (a parent without write permission, an immutable file).
        let plan = FaultPlan([FaultPlan.Rule(kind: .rename, occurrence: 1, action: .fail(errno: EACCES)),
                              FaultPlan.Rule(kind: .unlink, occurrence: 3, action: .fail(errno: EPERM))])
        let error = try #require(throws: StoreError.self) { try OverlayStore.delete(at: temp.store, syscalls: .injecting(plan)) }
        #expect(error.message.contains("the store is inert"), "\(error.message)")
        // Apps (readers and writers alike) find nothing to serve and cannot write.
        #expect(app.snapshot().modules.isEmpty)
        #expect(app.cycleView().highestSeen == nil)
        #expect(throws: StoreError.self) { try app.markRejected(module: "App", sha256: Sample.sha("x")) }
        let inspection = try OverlayStore.inspect(at: temp.store)
        #expect(inspection.isDisabled)
        #expect(inspection.snapshot == nil)
        #expect(names(temp.store).contains("store.json"))
        // The next open finishes the deletion and starts from nothing; the instance from before stays refused.
        let reopened = try Sample.open(temp.store)
        #expect(reopened.snapshot().modules.isEmpty)
        #expect(reopened.cycleView().highestSeen == nil)
        #expect(names(temp.store) == ["LOCK", "modules", "store.json", "tmp"])
        #expect(throws: StoreError.self) { try app.markRejected(module: "App", sha256: Sample.sha("x")) }
        // And the kill switch, run again, completes.
        #expect(try OverlayStore.delete(at: temp.store) == .deleted)
    }

    @Test("When only a removal fails, the store already moved aside serves nothing and nothing is moved back")
    func inertAsideWhenRemovalFails() throws {
        let temp = TemporaryDirectory()
        let app = try Sample.open(temp.store)
        try populate(app)
        let plan = FaultPlan([FaultPlan.Rule(kind: .unlink, occurrence: 2, action: .fail(errno: EPERM))])
        #expect(throws: StoreError.self) { try OverlayStore.delete(at: temp.store, syscalls: .injecting(plan)) }
        #expect(!FileManager.default.fileExists(atPath: temp.store.path))
        #expect(app.snapshot().modules.isEmpty)
        #expect(try Sample.open(temp.store).snapshot().modules.isEmpty)
    }

    // MARK: Highest revision seen

    @Test("Rollback protection survives a corrupt or missing state.json, and a missing seen.json",
          arguments: ["corrupt state.json", "state.json is a directory", "no state.json", "no seen.json"])
    func seenSurvivesLossOfOneFile(loss: String) throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try populate(store)
        try store.recordManifestSeen(revision: 5, sha256: Sample.sha("m5"))
        let state = temp.store.appendingPathComponent("state.json")
        switch loss {
        case "corrupt state.json": try Data("{\"format_version\":1,".utf8).write(to: state)
        case "state.json is a directory":
            try FileManager.default.removeItem(at: state)
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: false)
        case "no state.json": try FileManager.default.removeItem(at: state)
        default: try FileManager.default.removeItem(at: temp.store.appendingPathComponent("seen.json"))
        }
        #expect(store.cycleView().highestSeen == SeenManifest(revision: 5, sha256: Sample.sha("m5")))
        let reopened = try Sample.open(temp.store)
        #expect(reopened.cycleView().highestSeen?.revision == 5)
        #expect(try OverlayStore.inspect(at: temp.store).highestSeen?.revision == 5)
        // The next write puts the mark back into both files.
        try reopened.activate(module: "App", sha256: Sample.sha("C"), revision: 6, files: Sample.files("C"))
        try FileManager.default.removeItem(at: temp.store.appendingPathComponent("seen.json"))
        #expect(try Sample.open(temp.store).cycleView().highestSeen?.revision == 5)
    }

    // MARK: Healing

    @Test("A missing or truncated active revision gives way to an intact previous one, and the ETag is dropped",
          arguments: ["directory removed", "file truncated", "file removed", "digest list removed"])
    func damagedActiveFallsBack(damage: String) throws {
        let temp = TemporaryDirectory()
        try populate(try Sample.open(temp.store))
        let active = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        switch damage {
        case "directory removed": try FileManager.default.removeItem(at: active)
        case "file truncated": #expect(truncate(active.appendingPathComponent("fr.lproj/Localizable.strings").path, 3) == 0)
        case "file removed": try FileManager.default.removeItem(at: active.appendingPathComponent("Info.plist"))
        default: try FileManager.default.removeItem(at: active.appendingPathComponent(StoreLayout.digestListFile))
        }
        let store = try Sample.open(temp.store)
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
        #expect(store.cycleView().snapshot.fallbacks["App"] == nil)
        #expect(store.etag == nil)
        #expect(store.cycleView().highestSeen?.revision == 2)
        #expect(!FileManager.default.fileExists(atPath: active.path))
        // Activating it again restores it whole.
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        #expect(try Sample.verify(temp.store, sha256: Sample.sha("B")) == [])
    }

    @Test("A damaged revision without an intact previous one returns the module to the shipped strings")
    func damagedWithoutPreviousIsShipped() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "Checkout", sha256: Sample.sha("K"), revision: 1, files: Sample.files("K"))
        try store.saveManifest(bytes: Data("{}".utf8), signature: Data(), etag: "\"e\"")
        let file = temp.store.appendingPathComponent("modules/App/\(Sample.sha("A"))/Info.plist")
        try Data(count: 200).write(to: file)
        let reopened = try Sample.open(temp.store)
        #expect(reopened.snapshot().modules["App"] == nil)
        #expect(reopened.snapshot().modules["Checkout"]?.sha256 == Sample.sha("K"))
        #expect(reopened.etag == nil)
    }

    @Test("An intact store is not rewritten at open (same-size changes are left to inspect --verify)")
    func intactStoreUntouched() throws {
        let temp = TemporaryDirectory()
        try populate(try Sample.open(temp.store))
        let file = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))/Info.plist")
        let size = try Data(contentsOf: file).count
        try Data(repeating: 0x41, count: size).write(to: file)
        let state = try Data(contentsOf: temp.store.appendingPathComponent("state.json"))
        let store = try Sample.open(temp.store)
        #expect(try Data(contentsOf: temp.store.appendingPathComponent("state.json")) == state)
        #expect(store.etag == "\"e\"")
        #expect(try Sample.verify(temp.store, sha256: Sample.sha("B")) == ["Info.plist"])
    }
}
