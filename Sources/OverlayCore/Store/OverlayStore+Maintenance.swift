package import Foundation
import Synchronization

extension OverlayStore {
    /// Removes everything in `tmp/` and every revision directory not in `keeping` (paths relative to the root),
    /// then module directories left empty. Runs only at open, under `LOCK`, before any snapshot exists.
    static func collectGarbage(_ layout: StoreLayout, _ syscalls: Syscalls, keeping: Set<String>) throws {
        for name in try syscalls.listDirectory(layout.temporaryPath) {
            try syscalls.removeTree("\(layout.temporaryPath)/\(name)")
        }
        for module in try syscalls.listDirectory(layout.modulesPath) {
            let modulePath = layout.modulePath(module)
            guard try syscalls.status(modulePath)?.isDirectory == true else {
                try syscalls.removeTree(modulePath)
                continue
            }
            var remaining = 0
            for sha256 in try syscalls.listDirectory(modulePath) {
                if keeping.contains(StoreLayout.revisionDirectory(module: module, sha256: sha256)) {
                    remaining += 1
                } else {
                    try syscalls.removeTree("\(modulePath)/\(sha256)")
                }
            }
            if remaining == 0 { try syscalls.rmdir(modulePath) }
        }
    }

    /// Drops every damaged revision of `state` (an active one gives way to an intact previous one, else to the shipped
    /// strings). When anything was dropped the ETag goes too, so the next cycle
    /// fetches the manifest and the revision again. Runs only at open, under `LOCK`. Returns the state now on disk.
    static func heal(_ state: StoreState, _ layout: StoreLayout, _ syscalls: Syscalls) throws -> StoreState {
        func isIntact(_ revision: StoreState.Revision) throws -> Bool {
            try syscalls.damage(ofRevisionAt: layout.absolute(revision.directory)) == nil
        }
        var healed = state
        for (name, module) in state.modules {
            var entry = module
            if let previous = entry.previous, try !isIntact(previous) {
                entry.previous = nil
            }
            if let active = entry.active, try !isIntact(active) {
                entry.active = entry.previous
                entry.previous = nil
            }
            if entry != module { healed.modules[name] = entry.isEmpty ? nil : entry }
        }
        guard healed.modules != state.modules else { return state }
        healed.etag = nil
        try syscalls.replaceFile(layout.statePath, with: Data(healed.json.serialized().utf8),
                                 temporaryDirectory: layout.temporaryPath)
        return healed
    }

    /// The kill switch: makes the store inert, then deletes every byte it owns (see ``delete(at:syscalls:)``).
    /// This instance refuses writes afterwards; a writer in another process finds no store and cannot resurrect one.
    /// - Throws: ``StoreError`` when the store could not be made inert or something could not be removed.
    package func deleteAll() throws {
        try writer.withLock { (_: inout WriterState) throws in
            isDeleted.store(true, ordering: .releasing)
            _ = try Self.delete(at: url, syscalls: syscalls)
        }
    }

    /// What ``delete(at:syscalls:)`` did.
    package enum Deletion: Sendable, Equatable {
        /// Nothing to delete: no directory there, or one holding none of the names a store uses.
        case absent
        /// The store and its directory are gone.
        case deleted
        /// Every name the store owns is gone; these other files were left, and the directory with them.
        case keptForeignFiles([String])
    }

    /// The kill switch on a store that may be damaged: only under a valid marker, only the names the store owns,
    /// never through a symbolic link. The store is made inert first (moved aside; failing that, `DISABLED` written
    /// and `state.json` removed), then every owned name goes, `store.json` and `DISABLED` last, so a store left
    /// half-deleted stays inert and recognisable and the next open finishes the job.
    /// - Throws: ``StoreError``: `notAStore` or `invalidArgument` for a refusal (nothing touched); otherwise the first
    ///   failure, after removing everything else it could.
    @discardableResult
    package static func delete(at url: URL, syscalls: Syscalls = .live) throws -> Deletion {
        let root = try StoreLayout.rootPath(of: url)
        guard try rootExists(root, syscalls) else { return .absent }
        let layout = StoreLayout(root: root)
        switch try readMarker(layout, syscalls) {
        case .invalid(let reason): throw StoreError.invalidMarker(root, reason)
        case .absent:
            let owned = try syscalls.listDirectory(root).filter(StoreLayout.isOwned)
            if owned.isEmpty { return .absent }
            throw StoreError.notAStore(root, "has no store.json but holds names a store uses (\(owned.joined(separator: ", "))); "
                                       + "it is not a store Overlay can prove it made, so nothing was deleted")
        case .current, .legacy, .newer: break
        }
        let parent = (root as NSString).deletingLastPathComponent
        let name = (root as NSString).lastPathComponent
        let aside = "\(parent)/.\(name).deleting-\(StoreLayout.uniqueSuffix())"

        // Inert first: whatever fails later, no reader finds a state to serve.
        func makeInert() throws -> String {
            do {
                try syscalls.rename(root, aside)
                // Best effort: the store is already gone from its path; the deletion below does not depend on it.
                try? syscalls.fsyncDirectory(parent)
                return aside
            } catch let error as StoreError where error.code == .simulatedCrash {
                throw error
            } catch let renameError {
                var marked = false
                do {
                    try syscalls.writeNewFiles([(layout.disabledPath, Data("disabled by the kill switch\n".utf8))])
                    marked = true
                } catch let error as StoreError where error.cause == EEXIST {
                    marked = true
                } catch let error as StoreError where error.code == .simulatedCrash {
                    throw error
                } catch {}
                var stateRemoved = false
                do {
                    try syscalls.removeTree(layout.statePath)
                    stateRemoved = true
                } catch let error as StoreError where error.code == .simulatedCrash {
                    throw error
                } catch {}
                guard marked || stateRemoved else {
                    throw StoreError(code: (renameError as? StoreError)?.code ?? .systemCallFailed,
                                     message: "\(root): the kill switch could not make the store inert (moving it aside, "
                                         + "writing DISABLED and removing state.json all failed: \(renameError)); "
                                         + "apps may still serve the overlay; fix the permissions and run disable again",
                                     path: root)
                }
                try? syscalls.fsyncDirectory(root)  // best effort: DISABLED or the missing state already holds
                return root
            }
        }
        let directory: String
        switch try syscalls.status(layout.lockPath)?.kind {
        case nil, .regular?: directory = try withFileLock(layout, syscalls, makeInert)
        default: directory = try makeInert()
        }

        // The store is inert now; what follows is clean-up whose failures are reported through `failure` (a name it
        // could not remove) or leave only an empty directory behind, never a store that serves.
        let failure = removeOwned(in: directory, syscalls)
        let remaining = (try? syscalls.listDirectory(directory)) ?? []
        if remaining.isEmpty {
            try? syscalls.rmdir(directory)
        } else if directory == aside, failure == nil, (try? syscalls.status(root)) == .some(nil) {
            try? syscalls.rename(aside, root)
        }
        try? syscalls.fsyncDirectory(parent)
        if let failure {
            throw StoreError(code: failure.code,
                             message: "\(root): the store is inert (apps show their shipped strings) but not every file "
                                 + "could be deleted: \(failure.message); run disable again once that is fixed",
                             syscall: failure.syscall, path: failure.path, cause: failure.cause)
        }
        let foreign = remaining.filter { !StoreLayout.isOwned($0) }
        return remaining.isEmpty ? .deleted : .keptForeignFiles(foreign)
    }

    /// Removes every owned name in `directory`, `store.json` and `DISABLED` last, going on past failures.
    /// - Returns: The first failure, if any.
    static func removeOwned(in directory: String, _ syscalls: Syscalls, keepingMarker: Bool = false) -> StoreError? {
        let last = [StoreLayout.formatFile, StoreLayout.disabledFile, StoreLayout.lockFile]
        var failure: StoreError?
        let names = ((try? syscalls.listDirectory(directory)) ?? []).filter(StoreLayout.isOwned)
        let kept: Set<String> = keepingMarker ? Set(last) : []
        for name in names.filter({ !last.contains($0) }) + last.filter(names.contains) where !kept.contains(name) {
            // The marker and DISABLED stay while anything they vouch for is left: the store stays recognisable.
            if failure != nil, last.contains(name) { break }
            do {
                try syscalls.removeTree("\(directory)/\(name)")
            } catch let error as StoreError {
                failure = failure ?? error
            } catch {}
        }
        return failure
    }

    /// Finishes a kill switch that could only mark the store `DISABLED`: removes everything the store owns but the
    /// marker and `LOCK`, draws a new marker id (instances opened before it stay refused), and removes `DISABLED`.
    /// - Returns: The new marker id.
    static func finishDeletion(_ layout: StoreLayout, _ syscalls: Syscalls) throws -> String {
        if let failure = removeOwned(in: layout.root, syscalls, keepingMarker: true) { throw failure }
        try syscalls.makeDirectory(layout.temporaryPath)
        let marker = StoreMarker.make()
        try syscalls.replaceFile(layout.formatPath, with: marker.data, temporaryDirectory: layout.temporaryPath)
        try syscalls.removeTree(layout.disabledPath)
        try syscalls.fsyncDirectory(layout.root)
        return marker.id
    }
}
