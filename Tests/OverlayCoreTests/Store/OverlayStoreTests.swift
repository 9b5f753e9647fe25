import Foundation
import Testing
@testable import OverlayCore
import OverlayTestSupport

@Suite("OverlayStore: activation, pointers and state")
struct OverlayStoreTests {
    @Test("Opening creates the layout and an empty snapshot")
    func openCreatesLayout() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        #expect(names(temp.store) == ["LOCK", "modules", "store.json", "tmp"])
        #expect(store.snapshot() == StoreSnapshot(appVersion: Sample.appVersion, sourceHash: Sample.sourceHash))
        #expect(!store.isIgnored)
        let marker = try Data(contentsOf: temp.store.appendingPathComponent("store.json"))
        let format = try StrictJSON.parse(marker)
        #expect(format.objectValue?["format"]?.stringValue == "overlay-store")
        #expect(format.objectValue?["version"]?.numberValue?.intValue == 2)
        let id = try #require(format.objectValue?["id"]?.stringValue)
        #expect(id.isLowercaseHex(count: 32))
        #expect(StoreMarker.decode(marker) == .current(id: id))
        // Each store draws its own id.
        let other = TemporaryDirectory()
        _ = try Sample.open(other.store)
        #expect(try Data(contentsOf: other.store.appendingPathComponent("store.json")) != marker)
    }

    @Test("An activation is served with every file and its digest list")
    func activateServesRevision() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 3, files: Sample.files("A"))
        let active = try #require(store.snapshot().modules["App"])
        #expect(active.sha256 == Sample.sha("A"))
        #expect(active.revision == 3)
        #expect(active.directory.standardizedFileURL.path
            == temp.store.appendingPathComponent("modules/App/\(Sample.sha("A"))").standardizedFileURL.path)
        #expect(revisionFiles(active.directory) == Sample.files("A"))
        #expect(try Sample.verify(temp.store, sha256: Sample.sha("A")) == [])
        #expect(names(temp.store.appendingPathComponent("tmp")) == [])
        // A second instance (another launch) reads the same state.
        #expect(try Sample.open(temp.store).snapshot() == store.snapshot())
    }

    /// Files are written in batches and fsynced after each batch's writes: never more than a batch open at once,
    /// every file fsynced before any directory is, and a failure in a later batch leaves no descriptor open.
    @Test("A revision of 100 files is written in batches, each file fsynced before the directories")
    func largeRevisionIsWrittenInBatches() throws {
        final class Trace: @unchecked Sendable {
            let lock = NSLock()
            var open: Set<Int32> = []
            var directories: Set<Int32> = []
            var mostOpen = 0
            var fsyncedFiles: Set<String> = []
            var fileFsyncAfterDirectory = false
            var directoryFsyncs = 0
            var failWriteOf: String?
        }
        let trace = Trace()
        // A revision's files are under store/tmp/<unique>/ until the rename (tmp/<unique> alone also names a state.json
        // being replaced).
        @Sendable func inRevision(_ path: String) -> Bool {
            guard let range = path.range(of: "/store/tmp/") else { return false }
            return path[range.upperBound...].contains("/")
        }
        var syscalls = Syscalls.live
        let live = Syscalls.live
        syscalls.open = { path, flags, mode in
            let fd = try live.open(path, flags, mode)
            if flags & O_DIRECTORY != 0 { trace.lock.withLock { _ = trace.directories.insert(fd) } }
            if flags & O_CREAT != 0, inRevision(path) {
                trace.lock.withLock {
                    trace.open.insert(fd)
                    trace.mostOpen = max(trace.mostOpen, trace.open.count)
                }
            }
            return fd
        }
        syscalls.close = { fd, path in
            trace.lock.withLock {
                trace.open.remove(fd)
                trace.directories.remove(fd)
            }
            try live.close(fd, path)
        }
        syscalls.write = { fd, path, bytes in
            if trace.lock.withLock({ trace.failWriteOf.map(path.hasSuffix) ?? false }) {
                throw StoreError(code: .diskFull, message: "injected ENOSPC", syscall: "write", path: path)
            }
            try live.write(fd, path, bytes)
        }
        syscalls.fsync = { fd, path in
            trace.lock.withLock {
                if trace.open.contains(fd) {
                    trace.fsyncedFiles.insert(path)
                    if trace.directoryFsyncs > 0 { trace.fileFsyncAfterDirectory = true }
                } else if trace.directories.contains(fd) {
                    trace.directoryFsyncs += 1
                }
            }
            try live.fsync(fd, path)
        }
        var files: [String: Data] = ["Info.plist": Data("<plist/>".utf8)]
        for index in 0..<99 { files["l\(index % 9).lproj/T\(index).strings"] = Data("\"k\" = \"v \(index)\";".utf8) }
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store, syscalls: syscalls)
        trace.lock.withLock { trace.directoryFsyncs = 0 }
        try store.activate(module: "App", sha256: Sample.sha("big"), revision: 1, files: files)
        let active = try #require(store.snapshot().modules["App"])
        #expect(revisionFiles(active.directory) == files)
        #expect(trace.mostOpen <= Syscalls.writeBatch && trace.mostOpen > 1, "\(trace.mostOpen) files open at once")
        #expect(trace.fsyncedFiles.count == files.count + 1)  // and the digest list
        #expect(!trace.fileFsyncAfterDirectory)
        #expect(trace.open.isEmpty)

        // ENOSPC in the last batch: the active revision stays, tmp/ is empty and no descriptor stays open.
        trace.lock.withLock { trace.failWriteOf = "T80.strings" }
        #expect(throws: StoreError.self) {
            try store.activate(module: "App", sha256: Sample.sha("bigger"), revision: 2, files: files)
        }
        #expect(trace.open.isEmpty)
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("big"))
        #expect(names(temp.store.appendingPathComponent("tmp")) == [])
    }

    @Test("The active revision becomes previous; reopening keeps only active and previous")
    func previousAndGarbageCollection() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        for (index, tag) in ["A", "B", "C"].enumerated() {
            try store.activate(module: "App", sha256: Sample.sha(tag), revision: index + 1, files: Sample.files(tag))
        }
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("C"))
        #expect(store.cycleView().snapshot.fallbacks["App"]?.sha256 == Sample.sha("B"))
        // Before the next open, the old revision stays on disk (a running snapshot may use it).
        #expect(names(temp.store.appendingPathComponent("modules/App")).count == 3)
        _ = try Sample.open(temp.store)
        #expect(names(temp.store.appendingPathComponent("modules/App")) == [Sample.sha("B"), Sample.sha("C")].sorted())
    }

    @Test("Activating the active archive again changes nothing on disk but its revision")
    func reactivatingActive() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 4, files: Sample.files("B"))
        #expect(store.snapshot().modules["App"]?.revision == 4)
        #expect(store.cycleView().snapshot.fallbacks["App"]?.sha256 == Sample.sha("A"))
    }

    @Test("Rollback returns to previous, then to the shipped strings")
    func rollback() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        let back = try store.rollback(module: "App")
        #expect(back?.sha256 == Sample.sha("A"))
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
        #expect(store.cycleView().snapshot.fallbacks["App"] == nil)
        #expect(try store.rollback(module: "App") == nil)
        #expect(store.snapshot().modules.isEmpty)
        #expect(try store.rollback(module: "Unknown") == nil)
    }

    @Test("Deactivate returns a module to the shipped strings and leaves the others")
    func deactivate() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        try store.activate(module: "Checkout", sha256: Sample.sha("C"), revision: 2, files: Sample.files("C"))
        try store.deactivate(module: "App")
        #expect(Set(store.snapshot().modules.keys) == ["Checkout"])
        #expect(store.cycleView().snapshot.fallbacks["App"] == nil)
        _ = try Sample.open(temp.store)
        #expect(names(temp.store.appendingPathComponent("modules")) == ["Checkout"])
    }

    @Test("Rejections are per module, persist, and clear together")
    func rejections() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.markRejected(module: "App", sha256: Sample.sha("bad"))
        try store.markRejected(module: "App", sha256: Sample.sha("bad"))
        #expect(store.cycleView().isRejected(module: "App", sha256: Sample.sha("bad")))
        #expect(!store.cycleView().isRejected(module: "Checkout", sha256: Sample.sha("bad")))
        #expect(!store.cycleView().isRejected(module: "App", sha256: Sample.sha("good")))
        #expect(try Sample.open(temp.store).cycleView().isRejected(module: "App", sha256: Sample.sha("bad")))
        try store.clearRejected()
        #expect(!store.cycleView().isRejected(module: "App", sha256: Sample.sha("bad")))
    }

    @Test("The highest manifest seen only rises and persists")
    func manifestSeen() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        #expect(store.cycleView().highestSeen == nil)
        try store.recordManifestSeen(revision: 7, sha256: Sample.sha("m7"))
        try store.recordManifestSeen(revision: 5, sha256: Sample.sha("m5"))
        #expect(store.cycleView().highestSeen == SeenManifest(revision: 7, sha256: Sample.sha("m7")))
        try store.recordManifestSeen(revision: 9, sha256: Sample.sha("m9"))
        #expect(try Sample.open(temp.store).cycleView().highestSeen == SeenManifest(revision: 9, sha256: Sample.sha("m9")))
    }

    @Test("A saved manifest, its signature and ETag read back")
    func saveManifest() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        #expect(try store.savedManifest() == nil)
        #expect(store.etag == nil)
        try store.saveManifest(bytes: Data("{\"m\":1}".utf8), signature: Data("sig".utf8), etag: "\"abc\"")
        let saved = try #require(try Sample.open(temp.store).savedManifest())
        #expect(saved.manifest == Data("{\"m\":1}".utf8))
        #expect(saved.signature == Data("sig".utf8))
        #expect(store.etag == "\"abc\"")
        #expect(names(temp.store).contains("manifest.json.sig"))
    }

    @Test("verifying a revision names changed, missing and unlisted files")
    func verifyDetectsTampering() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        let directory = temp.store.appendingPathComponent("modules/App/\(Sample.sha("A"))")
        try Data("tampered".utf8).write(to: directory.appendingPathComponent("fr.lproj/Localizable.strings"))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Info.plist"))
        try Data("x".utf8).write(to: directory.appendingPathComponent("de.lproj.strings"))
        #expect(try Sample.verify(temp.store, sha256: Sample.sha("A"))
            == ["Info.plist", "de.lproj.strings", "fr.lproj/Localizable.strings"])
        try FileManager.default.removeItem(at: directory.appendingPathComponent(StoreLayout.digestListFile))
        #expect(try Sample.verify(temp.store, sha256: Sample.sha("A")).contains(StoreLayout.digestListFile))
    }
}
