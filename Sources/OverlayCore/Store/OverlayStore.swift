package import Foundation
import Synchronization

/// The durable client store: validated revisions on disk, and which one each module serves (docs/DESIGN.md,
/// "Client store"). Every write takes `LOCK` (`flock`: one writer across processes; a mutex within one instance) and
/// re-reads `store.json` and `state.json` before changing anything; `state.json` is only ever replaced atomically and
/// only names complete, fsynced revision directories. Readers take no lock.
package final class OverlayStore: Sendable {
    package let url: URL
    /// The app version this instance reads and writes for.
    package let appVersion: String
    /// The catalog source hash this instance reads and writes for.
    package let sourceHash: String
    /// Whether `store.json` names a newer format: reads are empty, writes are refused.
    package let isIgnored: Bool
    /// What the platform could not do for the store's directory at open (exclude it from backups, give it its
    /// protection class): the store works regardless, and the sync service reports each as a warning.
    package let platformProblems: [String]

    let syscalls: Syscalls
    let layout: StoreLayout
    let journalLimit: Int
    /// The `id` of the marker this instance opened; a marker with another one is another store.
    let storeID: String?
    let writer: LockedValue<WriterState>
    /// The last `state.json` this instance decoded, with its bytes: a check that finds the same bytes (every 304)
    /// reads the file but does not decode it again.
    let decodedState = LockedValue<(bytes: Data, state: StoreState)?>(nil)
    /// Set by `deleteAll`; read without the writer mutex so readers never wait behind a writer blocked on `LOCK`.
    let isDeleted = Atomic<Bool>(false)

    struct WriterState {
        /// Whether `state.json` belonged to this identity when last seen: if another build replaces it, writes stop.
        var ownsIdentity: Bool
    }

    /// Largest `state.json`, digest list or `store.json` the store reads.
    static let metadataLimit = 4 << 20
    /// Largest single revision file or manifest the store reads back.
    package static let fileLimit = 64 << 20

    private init(url: URL, appVersion: String, sourceHash: String, storeID: String?, ownsIdentity: Bool,
                 syscalls: Syscalls, journalLimit: Int, platformProblems: [String]) {
        self.url = url
        self.platformProblems = platformProblems
        self.appVersion = appVersion
        self.sourceHash = sourceHash
        self.isIgnored = storeID == nil
        self.storeID = storeID
        self.syscalls = syscalls
        self.layout = StoreLayout(root: url.path)
        self.journalLimit = journalLimit
        self.writer = LockedValue(WriterState(ownsIdentity: ownsIdentity))
    }

    /// Opens the store at `url` for one build of the app, creating it in a missing or empty directory.
    ///
    /// A directory that is not a store Overlay wrote, a symbolic link and `/` are refused with
    /// ``StoreError/Code/notAStore`` before anything is created in them. Under `LOCK` the open repairs owned names of
    /// the wrong kind, finishes a kill switch that left `DISABLED`, heals (a revision whose files are missing or of
    /// another size is dropped, and the ETag with it, so the next cycle fetches it again) and collects garbage.
    /// - Parameter journalLimit: `journal.jsonl` rotates to `journal.1.jsonl` past this many bytes.
    package static func open(at url: URL, appVersion: String, sourceHash: String, syscalls: Syscalls = .live,
                            journalLimit: Int = 256 * 1024) throws -> OverlayStore {
        let path = try StoreLayout.rootPath(of: url)
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let layout = StoreLayout(root: path)
        if try !rootExists(path, syscalls) { try syscalls.makeDirectories(path) }
        // Before LOCK exists: a directory of someone else's files gets nothing created in it.
        try checkOwnership(layout, syscalls)
        // Ours: out of backups, and readable in a locked background launch, before the first file is made in it.
        let platformProblems = syscalls.storage.prepareStoreDirectory(path)
        let (storeID, owns) = try withFileLock(layout, syscalls) { () throws -> (String?, Bool) in
            var id: String
            switch try readMarker(layout, syscalls) {
            case .newer: return (nil, false)
            case .invalid(let reason): throw StoreError.invalidMarker(path, reason)
            case .current(let existing): id = existing
            case .absent, .legacy:
                try checkOwnership(layout, syscalls)
                try repairKind(layout.temporaryPath, directory: true, syscalls)
                try syscalls.makeDirectory(layout.temporaryPath)
                let marker = StoreMarker.make()
                try syscalls.replaceFile(layout.formatPath, with: marker.data, temporaryDirectory: layout.temporaryPath)
                id = marker.id
            }
            if try syscalls.status(layout.disabledPath) != nil { id = try finishDeletion(layout, syscalls) }
            try repairKind(layout.temporaryPath, directory: true, syscalls)
            try repairKind(layout.modulesPath, directory: true, syscalls)
            try repairKind(layout.statePath, directory: false, syscalls)
            try repairKind(layout.seenPath, directory: false, syscalls)
            try syscalls.makeDirectory(layout.modulesPath)
            try syscalls.makeDirectory(layout.temporaryPath)
            var disk = try loadState(layout, syscalls)
            if let state = disk, state.belongs(appVersion: appVersion, sourceHash: sourceHash) {
                disk = try heal(state, layout, syscalls)
            }
            try collectGarbage(layout, syscalls, keeping: disk?.namedDirectories ?? [])
            return (id, disk?.belongs(appVersion: appVersion, sourceHash: sourceHash) ?? false)
        }
        return OverlayStore(url: root, appVersion: appVersion, sourceHash: sourceHash, storeID: storeID,
                            ownsIdentity: owns, syscalls: syscalls, journalLimit: journalLimit,
                            platformProblems: platformProblems)
    }

    /// Whether the store's directory exists; a symbolic link or a file there is refused.
    static func rootExists(_ path: String, _ syscalls: Syscalls) throws -> Bool {
        switch try syscalls.status(path)?.kind {
        case nil: return false
        case .directory?: return true
        case .symbolicLink?: throw StoreError.symbolicLinkRoot(path)
        default: throw StoreError.notAStore(path, "is not a directory")
        }
    }

    /// Refuses a directory without a marker unless it is empty or holds only what a creation in progress (or
    /// interrupted) leaves: `LOCK`, then `tmp/` with the marker's temporary file.
    private static func checkOwnership(_ layout: StoreLayout, _ syscalls: Syscalls) throws {
        switch try readMarker(layout, syscalls) {
        case .invalid(let reason): throw StoreError.invalidMarker(layout.root, reason)
        case .current, .legacy, .newer: return
        case .absent: break
        }
        let names = try syscalls.listDirectory(layout.root)
        var foreign = names.filter { $0 != StoreLayout.lockFile && $0 != StoreLayout.temporaryDirectory }
        if names.contains(StoreLayout.temporaryDirectory) {
            let creating = names.contains(StoreLayout.lockFile)
                && (try? syscalls.status(layout.temporaryPath))?.isDirectory == true
                && ((try? syscalls.listDirectory(layout.temporaryPath)) ?? ["?"]).allSatisfy { $0.hasPrefix("\(StoreLayout.formatFile).") }
            if !creating { foreign.append(StoreLayout.temporaryDirectory) }
        }
        guard foreign.isEmpty else {
            let shown = foreign.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw StoreError.notAStore(layout.root, "is not empty (\(shown)) and has no store.json: it holds files "
                                       + "Overlay did not create")
        }
    }

    /// Removes an owned name that holds the wrong kind of file (`tmp` a file, `state.json` a directory), so the
    /// store can be written again.
    private static func repairKind(_ path: String, directory: Bool, _ syscalls: Syscalls) throws {
        guard let status = try syscalls.status(path) else { return }
        if status.kind != (directory ? .directory : .regular) { try syscalls.removeTree(path) }
    }

    // MARK: Reading (no lock)

    /// Each module's active revision, for this identity only; empty for a foreign, newer-format or deleted store.
    package func snapshot() -> StoreSnapshot {
        guard let state = currentState() else { return StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash) }
        return Self.snapshot(of: state, layout: layout)
    }

    /// What the store at `url` serves, for the launch: `store.json` and `state.json` read without `LOCK`, nothing
    /// written, nothing healed. A revision damaged since the last open is caught when a `Localizer` first reads it.
    /// - Returns: An empty snapshot when there is no store, or it is disabled, of a newer format or another build's.
    /// - Throws: ``StoreError`` for what `open` refuses.
    package static func readSnapshot(
        at url: URL, appVersion: String, sourceHash: String, syscalls: Syscalls = .live
    ) throws -> StoreSnapshot {
        let path = try StoreLayout.rootPath(of: url)
        let layout = StoreLayout(root: path)
        let empty = StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash)
        guard try rootExists(path, syscalls) else { return empty }
        switch try readMarker(layout, syscalls) {
        case .current, .legacy: break
        case .invalid(let reason): throw StoreError.invalidMarker(path, reason)
        case .absent, .newer: return empty
        }
        guard try syscalls.status(layout.disabledPath) == nil, let state = try loadState(layout, syscalls),
              state.belongs(appVersion: appVersion, sourceHash: sourceHash)
        else { return empty }
        var snapshot = snapshot(of: state, layout: layout)
        snapshot.isUnhealed = true
        return snapshot
    }

    /// The active and previous revisions `state` names, as directories of the store.
    private static func snapshot(of state: StoreState, layout: StoreLayout) -> StoreSnapshot {
        var snapshot = StoreSnapshot(appVersion: state.appVersion, sourceHash: state.sourceHash)
        snapshot.modules.reserveCapacity(state.modules.count)
        for (name, module) in state.modules {
            if let active = module.active { snapshot.modules[name] = revision(active, of: name, layout: layout) }
            if let previous = module.previous { snapshot.fallbacks[name] = revision(previous, of: name, layout: layout) }
        }
        return snapshot
    }

    /// Everything a sync cycle asks of the store's state, from one read of `state.json`, `seen.json` and
    /// `launch-guard.json`.
    package struct CycleView: Sendable {
        /// Each module's active revision, and its previous one in `fallbacks`.
        package var snapshot: StoreSnapshot
        package var rejected: [String: Set<String>] = [:]
        package var highestSeen: SeenManifest?
        /// Archives the crash-loop guard took back: never activated again, whatever the manifest.
        package var crashed: [String: Set<String>] = [:]

        package func isRejected(module: String, sha256: String) -> Bool {
            rejected[module]?.contains(sha256) ?? false || crashed[module]?.contains(sha256) ?? false
        }
    }

    /// The state as one sync cycle sees it, from one read of the files.
    package func cycleView() -> CycleView {
        var view = CycleView(snapshot: StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash))
        guard isReadable else { return view }
        let state = (try? Self.loadState(layout, syscalls, memo: decodedState)).flatMap { $0 }
        let mine = state?.belongs(appVersion: appVersion, sourceHash: sourceHash) == true ? state : nil
        // seen.json counts even when state.json is lost or corrupt: rollback protection survives either file.
        view.highestSeen = SeenManifest.highest(
            mine?.highestSeen, Self.loadSeen(layout, syscalls, appVersion: appVersion, sourceHash: sourceHash))
        guard let mine else { return view }
        view.snapshot = Self.snapshot(of: mine, layout: layout)
        view.rejected = mine.modules.compactMapValues { $0.rejected.isEmpty ? nil : Set($0.rejected) }
        view.crashed = Self.loadLaunchGuard(layout, syscalls)?.crashed.mapValues(Set.init) ?? [:]
        return view
    }

    /// The ETag of the last fully applied manifest: all a check that ends in a 304 reads of the state.
    package var etag: String? { currentState()?.etag }

    /// The last fully applied manifest and its signature file, if one was saved.
    package func savedManifest() throws -> (manifest: Data, signature: Data)? {
        guard currentState() != nil,
              let manifest = try syscalls.readFileIfPresent(layout.manifestPath, limit: Self.fileLimit),
              let signature = try syscalls.readFileIfPresent(layout.signaturePath, limit: Self.fileLimit)
        else { return nil }
        return (manifest, signature)
    }

    static func revision(_ record: StoreState.Revision, of module: String, layout: StoreLayout) -> ActiveRevision {
        ActiveRevision(module: module, sha256: record.sha256, revision: record.revision,
                       path: layout.absolute(record.directory))
    }

    /// Whether the directory is still the store this instance opened, not deleted or disabled.
    var isReadable: Bool {
        guard !isIgnored, !isDeleted.load(ordering: .acquiring), let storeID,
              (try? Self.readMarker(layout, syscalls)) == .current(id: storeID),
              (try? syscalls.status(layout.disabledPath)) == .some(nil)
        else { return false }
        return true
    }

    /// `state.json` if it is readable and belongs to this identity.
    func currentState() -> StoreState? {
        guard isReadable, let state = try? Self.loadState(layout, syscalls, memo: decodedState),
              state.belongs(appVersion: appVersion, sourceHash: sourceHash)
        else { return nil }
        return state
    }

    // MARK: Writing (under LOCK)

    /// Runs `body` on the current state under `LOCK` and writes `state.json` if the state changed.
    func mutate<R: Sendable>(_ body: (inout StoreState) throws -> R) throws -> R {
        try withWriteLock { (writer: inout WriterState) throws -> R in
            let disk = try Self.loadState(layout, syscalls, memo: decodedState)
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
            // A lost or corrupt state.json must not lower rollback protection: seen.json keeps the mark too.
            let seenOnDisk = Self.loadSeen(layout, syscalls, appVersion: appVersion, sourceHash: sourceHash)
            state.highestSeen = SeenManifest.highest(state.highestSeen, seenOnDisk)
            let result = try body(&state)
            if let seen = state.highestSeen, seen != seenOnDisk {
                let record = SeenRecord(appVersion: appVersion, sourceHash: sourceHash, seen: seen)
                try syscalls.replaceFile(layout.seenPath, with: record.data, temporaryDirectory: layout.temporaryPath)
            }
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
            guard !isIgnored, let storeID else { throw StoreError.newerFormat(layout.formatPath) }
            return try Self.withFileLock(layout, syscalls) { () throws -> R in
                switch try Self.readMarker(layout, syscalls) {
                case .current(let id) where id == storeID:
                    guard try syscalls.status(layout.disabledPath) == nil else { throw StoreError.deleted(layout.root) }
                    return try body(&writer)
                case .absent, .current: throw StoreError.deleted(layout.root)
                case .legacy, .newer: throw StoreError.newerFormat(layout.formatPath)
                case .invalid(let reason): throw StoreError.invalidMarker(layout.root, reason)
                }
            }
        }
    }

    /// `store.json` as found: a directory, link or FIFO there is no marker (and is not read).
    package static func readMarker(_ layout: StoreLayout, _ syscalls: Syscalls) throws -> StoreMarker {
        switch try syscalls.status(layout.formatPath)?.kind {
        case nil: return .absent
        case .regular?: break
        case .directory?: return .invalid(reason: "store.json is a directory")
        case .symbolicLink?: return .invalid(reason: "store.json is a symbolic link")
        default: return .invalid(reason: "store.json is not a regular file")
        }
        do {
            guard let data = try syscalls.readFileIfPresent(layout.formatPath, limit: StoreMarker.sizeLimit) else {
                return .absent
            }
            return StoreMarker.decode(data)
        } catch let error as StoreError where error.code == .tooLarge {
            return .invalid(reason: "store.json is larger than any marker Overlay writes")
        }
    }

    /// What `state.json` holds: nothing, a state, or something unreadable (and why).
    package enum StateRead {
        case absent
        case valid(StoreState)
        case unreadable(String)
    }

    /// - Parameter memo: where an instance keeps its last decoding; the same bytes are not decoded twice.
    package static func readState(
        _ layout: StoreLayout, _ syscalls: Syscalls, memo: LockedValue<(bytes: Data, state: StoreState)?>? = nil
    ) throws -> StateRead {
        let data: Data?
        do {
            data = try syscalls.readFileIfPresent(layout.statePath, limit: metadataLimit)
        } catch let error as StoreError where error.code == .tooLarge {
            return .unreadable("state.json is larger than \(metadataLimit) bytes")
        } catch let error as StoreError where [ELOOP, EISDIR].contains(error.cause ?? 0) {
            return .unreadable("state.json is not a regular file")
        }
        guard let data else { return .absent }
        if let known = memo?.withLock({ $0?.bytes == data ? $0?.state : nil }) { return .valid(known) }
        do {
            let state = try StoreState(json: Array(data))
            memo?.withLock { $0 = (data, state) }
            return .valid(state)
        } catch {
            return .unreadable("state.json does not decode (\(error))")
        }
    }

    /// `state.json`, or `nil` when it is absent or unreadable (the store then reads as empty).
    static func loadState(
        _ layout: StoreLayout, _ syscalls: Syscalls, memo: LockedValue<(bytes: Data, state: StoreState)?>? = nil
    ) throws -> StoreState? {
        if case .valid(let state) = try readState(layout, syscalls, memo: memo) { return state }
        return nil
    }

    /// `seen.json`'s record for this identity, or `nil` when it is absent, unreadable or another build's.
    package static func loadSeen(_ layout: StoreLayout, _ syscalls: Syscalls, appVersion: String, sourceHash: String) -> SeenManifest? {
        guard let data = try? syscalls.readFileIfPresent(layout.seenPath, limit: 64 * 1024),
              let record = try? SeenRecord(data: data),
              record.appVersion == appVersion, record.sourceHash == sourceHash
        else { return nil }
        return record.seen
    }

    /// Runs `body` holding `flock(LOCK_EX)` on `LOCK`, once the locked file is still the one at the path (a
    /// concurrent `deleteAll` may have moved it).
    static func withFileLock<R>(_ layout: StoreLayout, _ syscalls: Syscalls, _ body: () throws -> R) throws -> R {
        let path = layout.lockPath
        for _ in 0..<16 {
            switch try syscalls.status(path)?.kind {
            case .directory?: throw StoreError.damagedLock(layout.root, "a directory")
            case .symbolicLink?: throw StoreError.damagedLock(layout.root, "a symbolic link")
            case nil, .regular?: break
            default: throw StoreError.damagedLock(layout.root, "not a regular file")
            }
            let fd: Int32
            do {
                fd = try syscalls.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            } catch let error as StoreError where error.cause == ELOOP {
                throw StoreError.damagedLock(layout.root, "a symbolic link")
            } catch let error as StoreError where error.cause == ENOENT {
                // The directory itself is gone: a kill switch moved it aside, not a missing file to recreate.
                throw StoreError.deleted(layout.root)
            }
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
