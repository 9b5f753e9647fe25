import Foundation
import Testing
@testable import OverlayCore
import OverlayTestSupport

@Suite("OverlayStore: kill switch, journal and the writer lock")
struct StoreMaintenanceTests {
    private func populate(_ store: OverlayStore) throws {
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        try store.saveManifest(bytes: Data("{}".utf8), signature: Data("sig".utf8), etag: "e")
        try store.appendJournal(.string("cycle"))
        let manager = FileManager.default
        try manager.createDirectory(at: manager.temporaryDirectory, withIntermediateDirectories: true)
        try manager.createDirectory(at: store.url.appendingPathComponent("signatures"), withIntermediateDirectories: true)
        try Data("s".utf8).write(to: store.url.appendingPathComponent("signatures/x.sig"))
        try Data("old".utf8).write(to: store.url.appendingPathComponent("journal.1.jsonl"))
    }

    @Test("deleteAll removes the whole store and leaves nothing beside it")
    func deleteAllRemovesStore() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try populate(store)
        try store.deleteAll()
        #expect(names(temp.url) == [])
        #expect(store.snapshot().modules.isEmpty)
        let error = try #require(throws: StoreError.self) {
            try store.activate(module: "App", sha256: Sample.sha("C"), revision: 3, files: Sample.files("C"))
        }
        #expect(error.code == .deleted)
        #expect(names(temp.url) == [])
        // Opening again starts from nothing.
        #expect(try Sample.open(temp.store).snapshot().modules.isEmpty)
    }

    @Test("deleteAll deletes only the names the store owns")
    func deleteAllLeavesForeignFiles() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try populate(store)
        try Data("mine".utf8).write(to: temp.store.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: temp.store.appendingPathComponent("other/modules"),
                                                withIntermediateDirectories: true)
        try store.deleteAll()
        #expect(names(temp.url) == ["store"])
        #expect(names(temp.store) == ["notes.txt", "other"])
        #expect(names(temp.store.appendingPathComponent("other")) == ["modules"])
        #expect(try Data(contentsOf: temp.store.appendingPathComponent("notes.txt")) == Data("mine".utf8))
    }

    @Test("A writer that opened before the kill switch cannot resurrect the store")
    func noResurrection() throws {
        let temp = TemporaryDirectory()
        let syncing = try Sample.open(temp.store)
        let killSwitch = try Sample.open(temp.store)
        try syncing.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try killSwitch.deleteAll()
        #expect(throws: StoreError.self) {
            try syncing.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        }
        #expect(throws: StoreError.self) { try syncing.appendJournal(.string("late")) }
        #expect(names(temp.url) == [])
        #expect(syncing.snapshot().modules.isEmpty)
    }

    @Test("The journal appends lines, rotates into two files at most and reads back the last n")
    func journalRotation() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store, journalLimit: 300)
        for index in 0..<60 {
            try store.appendJournal(.object(JSONObject([("event", .string("cycle")), ("n", .number(JSONNumber(index)))])))
        }
        let journals = names(temp.store).filter { $0.hasPrefix("journal") }
        #expect(journals == ["journal.1.jsonl", "journal.jsonl"])
        for name in journals {
            let size = try Data(contentsOf: temp.store.appendingPathComponent(name)).count
            #expect(size <= 300)
        }
        let last = try store.readJournal(last: 5)
        #expect(last.compactMap { $0.objectValue?["n"]?.numberValue?.intValue } == [55, 56, 57, 58, 59])
        #expect(try store.readJournal(last: 0) == [])
    }

    @Test("A torn journal line is skipped, the lines around it are read")
    func tornJournalLine() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        try store.appendJournal(.string("first"))
        let handle = try FileHandle(forWritingTo: temp.store.appendingPathComponent("journal.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"torn\":".utf8))
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        try store.appendJournal(.string("second"))
        #expect(try store.readJournal(last: 10) == [.string("first"), .string("second")])
    }

    @Test("A journal line over the line limit is refused")
    func journalLineLimit() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        let error = try #require(throws: StoreError.self) {
            try store.appendJournal(.string(String(repeating: "x", count: 70_000)))
        }
        #expect(error.code == .invalidArgument)
    }

    @Test("Two instances in one process never lose each other's updates")
    func twoInstancesSerialise() async throws {
        let temp = TemporaryDirectory()
        let first = try Sample.open(temp.store)
        let second = try Sample.open(temp.store)
        await withThrowingTaskGroup(of: Void.self) { group in
            for (store, prefix) in [(first, "one"), (second, "two")] {
                group.addTask {
                    for index in 0..<15 { try store.markRejected(module: "App", sha256: Sample.sha("\(prefix)\(index)")) }
                }
            }
        }
        let reopened = try Sample.open(temp.store)
        for prefix in ["one", "two"] {
            for index in 0..<15 { #expect(reopened.cycleView().isRejected(module: "App", sha256: Sample.sha("\(prefix)\(index)"))) }
        }
    }

    @Test("A writer waits for LOCK held by another open file description")
    func writerWaitsForLock() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        let syscalls = Syscalls.live
        let lockPath = temp.store.appendingPathComponent("LOCK").path
        let fd = try syscalls.open(lockPath, O_RDWR, 0)
        try syscalls.flock(fd, lockPath, LOCK_EX)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? store.markRejected(module: "App", sha256: Sample.sha("late"))
            done.signal()
        }
        // While the lock is held the write cannot have happened, however long we wait.
        #expect(done.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        #expect(!store.cycleView().isRejected(module: "App", sha256: Sample.sha("late")))
        try syscalls.close(fd, lockPath)
        done.wait()
        #expect(store.cycleView().isRejected(module: "App", sha256: Sample.sha("late")))
    }
}
