import Foundation
import Testing
@testable import OverlayCore
import OverlayTestSupport

/// Records what the store asks of the platform through ``PlatformStorage``: which call, with which flag, on which path
/// (relative to the store; the unique part of a temporary name as `*`). The calls are real (a recorded full sync runs
/// the real `fsync`), so the store works as it would.
final class StorageRecorder: @unchecked Sendable {
    // Guarded by `lock`: the store calls from whichever thread runs it.
    private let lock = NSLock()
    private var recorded: [String] = []
    private var paths: [Int32: String] = [:]
    private var listingsAtPrepare: [[String]] = []
    let root: URL
    /// What the full sync answers: nil runs it (0), an errno fails it (-1).
    let fullSyncFailure: Int32?
    let plainSyncFailure: Int32?

    init(root: URL, fullSyncFailure: Int32? = nil, plainSyncFailure: Int32? = nil) {
        self.root = root
        self.fullSyncFailure = fullSyncFailure
        self.plainSyncFailure = plainSyncFailure
    }

    var calls: [String] { lock.withLock { recorded } }
    /// The store directory's names when each `prepareStoreDirectory` began.
    var listings: [[String]] { lock.withLock { listingsAtPrepare } }

    private func record(_ call: String, _ path: String) {
        var relative = path.hasPrefix(root.path) ? String(path.dropFirst(root.path.count)) : path
        if relative.isEmpty { relative = "/" }
        let shaped = relative.replacingOccurrences(of: #"([./])\d+-[0-9a-f]+"#, with: "$1*", options: .regularExpression)
        lock.withLock { recorded.append("\(call) \(shaped)") }
    }

    private func path(of fd: Int32) -> String { lock.withLock { paths[fd] } ?? "fd \(fd)" }

    /// A platform like Darwin (`needsFullSync`: `F_FULLFSYNC` first; backup exclusion and protection classes), or like
    /// Linux (plain `fsync` and nothing else).
    func storage(darwinLike: Bool, excludeFails: Bool = false) -> PlatformStorage {
        let real = PlatformStorage.live.fsync
        return PlatformStorage(
            fullSync: darwinLike ? { @Sendable [self] fd in
                record("fcntl(F_FULLFSYNC)", path(of: fd))
                if let fullSyncFailure { errno = fullSyncFailure; return -1 }
                return real(fd)
            } : nil,
            fsync: { @Sendable [self] fd in
                record("fsync", path(of: fd))
                if let plainSyncFailure { errno = plainSyncFailure; return -1 }
                return real(fd)
            },
            excludeFromBackup: darwinLike ? { @Sendable [self] path in
                lock.withLock { listingsAtPrepare.append((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]) }
                record("isExcludedFromBackup=true", path)
                if excludeFails { throw CocoaError(.fileWriteNoPermission) }
            } : nil,
            protect: darwinLike ? { @Sendable [self] path, protection in record("protection=\(protection.rawValue)", path) } : nil)
    }

    /// The live calls over `storage`, with each descriptor's path remembered for the record.
    func syscalls(_ storage: PlatformStorage) -> Syscalls {
        var syscalls = Syscalls.live(storage: storage)
        let live = syscalls
        syscalls.open = { @Sendable [self] path, flags, mode in
            let fd = try live.open(path, flags, mode)
            lock.withLock { paths[fd] = path }
            return fd
        }
        syscalls.openAt = { @Sendable [self] directory, name, flags, path in
            let fd = try live.openAt(directory, name, flags, path)
            lock.withLock { paths[fd] = path }
            return fd
        }
        return syscalls
    }
}

@Suite("OverlayStore: durability, backup exclusion and protection through the platform seam")
struct StorePlatformTests {
    static func activation(darwinLike: Bool, fullSyncFailure: Int32? = nil) throws -> [String] {
        let temp = TemporaryDirectory()
        let recorder = StorageRecorder(root: temp.store, fullSyncFailure: fullSyncFailure)
        let store = try Sample.open(temp.store, syscalls: recorder.syscalls(recorder.storage(darwinLike: darwinLike)))
        try store.activate(module: "Checkout", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        #expect(store.snapshot().modules["Checkout"]?.sha256 == Sample.sha("A"))
        return recorder.calls
    }

    @Test("where fsync stops at the drive's cache, every durable step of an activation is an F_FULLFSYNC, files and directories alike")
    func everyDurableStepIsAFullSync() throws {
        let linux = try Self.activation(darwinLike: false).filter { $0.hasPrefix("fsync ") }
        let darwin = try Self.activation(darwinLike: true)
        // The same steps on the same paths in the same order; only the call differs.
        #expect(darwin.filter { $0.hasPrefix("fcntl(F_FULLFSYNC) ") }.map { $0.dropFirst("fcntl(F_FULLFSYNC) ".count) }
            == linux.map { $0.dropFirst("fsync ".count) })
        #expect(!darwin.contains { $0.hasPrefix("fsync ") }, "\(darwin)")
        // Files, the revision directory, its parents, tmp/ and the store's own directory (renames are durable only
        // once their directory is).
        for path in ["/tmp/*/fr.lproj/Localizable.strings", "/modules/Checkout", "/modules", "/tmp", "/",
                     "/tmp/state.json.*"] {
            #expect(darwin.contains("fcntl(F_FULLFSYNC) \(path)"), "\(path) in \(darwin)")
        }
    }

    @Test("an F_FULLFSYNC the file system does not support (ENOTSUP) falls back to fsync on the same descriptor")
    func fullSyncFallsBackToFsync() throws {
        let calls = try Self.activation(darwinLike: true, fullSyncFailure: ENOTSUP).filter { !$0.hasPrefix("is") && !$0.hasPrefix("protection") }
        #expect(!calls.isEmpty && calls.count % 2 == 0)
        for pair in stride(from: 0, to: calls.count, by: 2) {
            #expect(calls[pair].hasPrefix("fcntl(F_FULLFSYNC) "))
            #expect(calls[pair + 1] == "fsync " + calls[pair].dropFirst("fcntl(F_FULLFSYNC) ".count))
        }
    }

    @Test("when both syncs fail (EIO) the activation fails as an fsync failure and the old revision keeps serving")
    func bothSyncsFailing() throws {
        let temp = TemporaryDirectory()
        let good = try Sample.open(temp.store)
        try good.activate(module: "Checkout", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        let recorder = StorageRecorder(root: temp.store, fullSyncFailure: EIO, plainSyncFailure: EIO)
        let store = try Sample.open(temp.store, syscalls: recorder.syscalls(recorder.storage(darwinLike: true)))
        let error = #expect(throws: StoreError.self) {
            try store.activate(module: "Checkout", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B"))
        }
        #expect(error?.code == .fsyncFailed)
        #expect(try Sample.open(temp.store).snapshot().modules["Checkout"]?.sha256 == Sample.sha("A"))
    }

    @Test("at every open that writes, before any file is made in it, the store's directory is excluded from backups and protected until first unlock")
    func directoryPreparedAtEveryOpen() throws {
        let temp = TemporaryDirectory()
        let recorder = StorageRecorder(root: temp.store)
        let syscalls = recorder.syscalls(recorder.storage(darwinLike: true))
        _ = try Sample.open(temp.store, syscalls: syscalls)
        let first = recorder.calls.filter { !$0.contains("SYNC") && !$0.hasPrefix("fsync") }
        #expect(first == ["isExcludedFromBackup=true /", "protection=completeUntilFirstUserAuthentication /"])
        #expect(recorder.listings == [[]], "nothing was made in the directory before")
        _ = try Sample.open(temp.store, syscalls: syscalls)
        #expect(recorder.calls.filter { $0.hasPrefix("isExcludedFromBackup=true /") }.count == 2)
        #expect(recorder.listings.last?.contains("store.json") == true)
        // Reading at launch asks nothing of the platform.
        _ = try OverlayStore.readSnapshot(at: temp.store, appVersion: Sample.appVersion, sourceHash: Sample.sourceHash,
                                          syscalls: syscalls)
        #expect(recorder.calls.filter { $0.hasPrefix("isExcludedFromBackup") }.count == 2)
    }

    @Test("a directory that is not a store gets no backup flag and no protection class")
    func foreignDirectoryUntouched() throws {
        let temp = TemporaryDirectory()
        try FileManager.default.createDirectory(at: temp.store, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: temp.store.appendingPathComponent("notes.txt"))
        let recorder = StorageRecorder(root: temp.store)
        #expect(throws: StoreError.self) { try Sample.open(temp.store, syscalls: recorder.syscalls(recorder.storage(darwinLike: true))) }
        #expect(recorder.calls.isEmpty)
    }

    @Test("a platform that cannot exclude the directory from backups: the store still opens and works, and says so once")
    func exclusionFailureIsAProblemNotAFailure() throws {
        let temp = TemporaryDirectory()
        let recorder = StorageRecorder(root: temp.store)
        let store = try Sample.open(temp.store, syscalls: recorder.syscalls(recorder.storage(darwinLike: true, excludeFails: true)))
        #expect(store.platformProblems.count == 1)
        #expect(store.platformProblems.first?.contains("could not be excluded from backups") == true)
        try store.activate(module: "Checkout", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        #expect(store.snapshot().modules["Checkout"] != nil)
    }

    @Test("this platform's live storage prepares a fresh directory without a problem")
    func liveStoragePrepares() throws {
        let temp = TemporaryDirectory()
        #expect(PlatformStorage.live.prepareStoreDirectory(temp.url.path) == [])
        let fd = LibC.open(temp.url.path, O_RDONLY | O_DIRECTORY, 0)
        defer { _ = LibC.close(fd) }
        #expect(PlatformStorage.live.synchronize(fd) == 0)
    }
}
