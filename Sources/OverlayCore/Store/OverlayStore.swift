package import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The durable client store: validated revisions on disk, and which one each module serves.
///
/// Layout and protocol are described in `docs/DESIGN.md` ("Client store"). Every write takes `LOCK` (`flock`, so one writer
/// across processes), re-reads `store.json` and `state.json` and re-checks the store's identity before
/// changing anything; `state.json` is only ever replaced atomically and only names complete, fsynced
/// revision directories. Readers take no lock.
///
/// Thread safety: the type is `Sendable` and its methods may be called from any thread (writes from one
/// instance are serialised by a mutex, writes from several instances or processes by `LOCK`), but it is
/// meant to be owned by one actor (the sync service) that decides when to write.
///
/// ```swift
/// let store = try OverlayStore.open(at: url, appVersion: "2.4.0", sourceHash: catalogHash)
/// try store.activate(module: "Checkout", sha256: archiveHash, revision: 12, files: extracted)
/// let snapshot = store.snapshot()   // what the Localizer reads at launch
/// ```
package final class OverlayStore: Sendable {
    /// The store directory.
    package let url: URL
    /// The app version this instance reads and writes for.
    package let appVersion: String
    /// The catalog source hash this instance reads and writes for.
    package let sourceHash: String
    /// Whether `store.json` names a newer (or unreadable) format: reads are empty, writes are refused.
    package let isIgnored: Bool

    let syscalls: Syscalls
    let layout: StoreLayout
    let journalLimit: Int
    let writer: LockedValue<WriterState>
    /// Set by `deleteAll`; read without the writer mutex so readers never wait behind a writer blocked on `LOCK`.
    let isDeleted = Atomic<Bool>(false)

    struct WriterState {
        /// Whether `state.json` belonged to this identity when last seen: if another build replaces it, writes stop.
        var ownsIdentity: Bool
    }

    /// Largest `state.json`, digest list or `store.json` the store reads.
    static let metadataLimit = 4 << 20
    /// Largest single revision file or manifest the store reads back.
    static let fileLimit = 64 << 20

    private init(url: URL, appVersion: String, sourceHash: String, isIgnored: Bool, ownsIdentity: Bool,
                 syscalls: Syscalls, journalLimit: Int) {
        self.url = url
        self.appVersion = appVersion
        self.sourceHash = sourceHash
        self.isIgnored = isIgnored
        self.syscalls = syscalls
        self.layout = StoreLayout(root: url.path)
        self.journalLimit = journalLimit
        self.writer = LockedValue(WriterState(ownsIdentity: ownsIdentity))
    }

    /// Opens (creating if absent) the store at `url` for one build of the app.
    ///
    /// Under `LOCK`: removes `tmp/` debris and garbage-collects revision directories that `state.json` names
    /// neither as active nor as previous. A store written for another app version or source hash reads as
    /// empty and is replaced by the first write; a store of a newer format is left untouched.
    /// - Parameters:
    ///   - journalLimit: `journal.jsonl` rotates to `journal.1.jsonl` past this many bytes.
    /// - Throws: ``StoreError`` when the directory cannot be created, locked or cleaned.
    package static func open(at url: URL, appVersion: String, sourceHash: String, syscalls: Syscalls = .live,
                            journalLimit: Int = 256 * 1024) throws -> OverlayStore {
        var path = url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let layout = StoreLayout(root: path)
        try syscalls.makeDirectories(path)
        let (isIgnored, owns) = try withFileLock(layout, syscalls) { () throws -> (Bool, Bool) in
            switch try readFormat(layout, syscalls) {
            case .unknown: return (true, false)
            case .absent:
                try syscalls.makeDirectory(layout.temporaryPath)
                let format = JSONValue.object(JSONObject([("format_version", .number(JSONNumber(StoreState.formatVersion)))]))
                try syscalls.replaceFile(layout.formatPath, with: Data(format.serialized().utf8),
                                         temporaryDirectory: layout.temporaryPath)
            case .current: break
            }
            try syscalls.makeDirectory(layout.modulesPath)
            try syscalls.makeDirectory(layout.temporaryPath)
            let disk = try loadState(layout, syscalls)
            try collectGarbage(layout, syscalls, keeping: disk?.namedDirectories ?? [])
            return (false, disk?.belongs(appVersion: appVersion, sourceHash: sourceHash) ?? false)
        }
        return OverlayStore(url: root, appVersion: appVersion, sourceHash: sourceHash, isIgnored: isIgnored,
                            ownsIdentity: owns, syscalls: syscalls, journalLimit: journalLimit)
    }

    // MARK: Reading (no lock)

    /// Each module's active revision, for this identity only; empty for a foreign, newer-format or deleted store.
    package func snapshot() -> StoreSnapshot {
        var snapshot = StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash)
        for (name, module) in currentState()?.modules ?? [:] {
            if let active = module.active { snapshot.modules[name] = revision(active, of: name) }
        }
        return snapshot
    }

    /// The module's previous revision (the one `rollback` would return to), if any.
    package func previous(module: String) -> ActiveRevision? {
        currentState()?.modules[module]?.previous.map { revision($0, of: module) }
    }

    /// The highest manifest revision recorded for this identity, with that manifest's SHA-256.
    package var highestRevisionSeen: SeenManifest? { currentState()?.highestSeen }

    /// The ETag of the last fully applied manifest.
    package var etag: String? { currentState()?.etag }

    /// Whether the archive `sha256` of `module` was rejected under the current manifest.
    package func isRejected(module: String, sha256: String) -> Bool {
        currentState()?.modules[module]?.rejected.contains(sha256) ?? false
    }

    /// The last fully applied manifest and its signature file, if one was saved.
    package func savedManifest() throws -> (manifest: Data, signature: Data)? {
        guard currentState() != nil,
              let manifest = try syscalls.readFileIfPresent(layout.manifestPath, limit: Self.fileLimit),
              let signature = try syscalls.readFileIfPresent(layout.signaturePath, limit: Self.fileLimit)
        else { return nil }
        return (manifest, signature)
    }

    /// Digest mismatches in a stored revision: changed, missing or unlisted files (for `overlay inspect --verify`).
    /// - Returns: Relative paths, sorted; empty when every file matches its digest.
    /// - Throws: ``StoreError/Code/notFound`` when the revision directory does not exist.
    package func verifyRevision(module: String, sha256: String) throws -> [String] {
        try StoreLayout.validate(module: module)
        try StoreLayout.validate(sha256: sha256)
        let directory = layout.absolute(StoreLayout.revisionDirectory(module: module, sha256: sha256))
        guard try syscalls.status(directory)?.isDirectory == true else {
            throw StoreError(code: .notFound, message: "no revision \(sha256) of module \(module) in the store",
                             syscall: "lstat", path: directory, cause: ENOENT)
        }
        return try syscalls.verifyRevision(at: directory, fileLimit: Self.fileLimit)
    }

    func revision(_ record: StoreState.Revision, of module: String) -> ActiveRevision {
        ActiveRevision(module: module, sha256: record.sha256, revision: record.revision,
                       directory: url.appendingPathComponent(record.directory, isDirectory: true))
    }

    /// `state.json` if it is readable and belongs to this identity.
    func currentState() -> StoreState? {
        guard !isIgnored, !isDeleted.load(ordering: .acquiring),
              (try? Self.readFormat(layout, syscalls)) == .current,
              let state = try? Self.loadState(layout, syscalls),
              state.belongs(appVersion: appVersion, sourceHash: sourceHash)
        else { return nil }
        return state
    }

    // MARK: Writing (under LOCK)

    /// Runs `body` on the current state under `LOCK` and writes `state.json` if the state changed.
    func mutate<R: Sendable>(_ body: (inout StoreState) throws -> R) throws -> R {
        try withWriteLock { (writer: inout WriterState) throws -> R in
            let disk = try Self.loadState(layout, syscalls)
            var state: StoreState
            if let disk, disk.belongs(appVersion: appVersion, sourceHash: sourceHash) {
                state = disk
            } else if disk != nil, writer.ownsIdentity {
                throw StoreError(code: .identityChanged,
                                 message: "the store at \(layout.root) now belongs to another app version or source "
                                     + "hash (another build of the app wrote it); reopen the store", path: layout.statePath)
            } else {
                state = StoreState(appVersion: appVersion, sourceHash: sourceHash)
            }
            let before = state
            let result = try body(&state)
            if state != before {
                try syscalls.replaceFile(layout.statePath, with: Data(state.json.serialized().utf8),
                                         temporaryDirectory: layout.temporaryPath)
            }
            writer.ownsIdentity = true
            return result
        }
    }

    /// Runs `body` holding the in-process mutex and `LOCK`, after checking the store still exists in a known format.
    func withWriteLock<R: Sendable>(_ body: (inout WriterState) throws -> R) throws -> R {
        try writer.withLock { (writer: inout WriterState) throws -> R in
            guard !isDeleted.load(ordering: .acquiring) else { throw StoreError.deleted(layout.root) }
            guard !isIgnored else { throw StoreError.newerFormat(layout.formatPath) }
            return try Self.withFileLock(layout, syscalls) { () throws -> R in
                switch try Self.readFormat(layout, syscalls) {
                case .current: return try body(&writer)
                case .absent: throw StoreError.deleted(layout.root)
                case .unknown: throw StoreError.newerFormat(layout.formatPath)
                }
            }
        }
    }

    enum FormatStatus { case absent, current, unknown }

    static func readFormat(_ layout: StoreLayout, _ syscalls: Syscalls) throws -> FormatStatus {
        let data: Data?
        do {
            data = try syscalls.readFileIfPresent(layout.formatPath, limit: 64 * 1024)
        } catch let error as StoreError where error.code == .tooLarge {
            return .unknown
        }
        guard let data else { return .absent }
        guard let root = try? JSONNode(StrictJSON.parse(data)).object(),
              (try? root.required("format_version", as: Int.self)) == StoreState.formatVersion
        else { return .unknown }
        return .current
    }

    /// `state.json`, or `nil` when it is absent or unreadable (the store then reads as empty).
    static func loadState(_ layout: StoreLayout, _ syscalls: Syscalls) throws -> StoreState? {
        let data: Data?
        do {
            data = try syscalls.readFileIfPresent(layout.statePath, limit: metadataLimit)
        } catch let error as StoreError where error.code == .tooLarge {
            return nil
        }
        return data.flatMap { try? StoreState(json: Array($0)) }
    }

    /// Opens `LOCK`, takes `flock(LOCK_EX)`, checks the locked file is still the one at the path (a concurrent
    /// `deleteAll` may have moved it), runs `body`, and releases the lock by closing the descriptor.
    static func withFileLock<R>(_ layout: StoreLayout, _ syscalls: Syscalls, _ body: () throws -> R) throws -> R {
        let path = layout.lockPath
        for _ in 0..<16 {
            let fd = try syscalls.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            let isCurrent: Bool
            do {
                try syscalls.flock(fd, path, LOCK_EX)
                let held = try syscalls.descriptorStatus(fd, path)
                let now = try syscalls.status(path)
                isCurrent = now?.inode == held.inode && now?.device == held.device
            } catch {
                try? syscalls.close(fd, path)
                throw error
            }
            guard isCurrent else {
                try? syscalls.close(fd, path)
                continue
            }
            defer { try? syscalls.close(fd, path) }
            return try body()
        }
        throw StoreError.deleted(layout.root)
    }
}
