package import Foundation

extension OverlayStore {
    /// Writes one validated revision and makes it the module's active one (``activate(_:)`` of one).
    package func activate(module: String, sha256: String, revision: Int, files: [String: Data]) throws {
        try activate([PendingRevision(module: module, sha256: sha256, revision: revision, files: files)])
    }

    /// A validated revision waiting to be written: what ``activate(_:)`` takes.
    package struct PendingRevision: Sendable {
        package var module: String
        package var sha256: String
        package var revision: Int
        /// Relative path (`Info.plist`, `fr.lproj/Localizable.strings`, …) → bytes.
        package var files: [String: Data]

        package init(module: String, sha256: String, revision: Int, files: [String: Data]) {
            self.module = module
            self.sha256 = sha256
            self.revision = revision
            self.files = files
        }

        /// The files as given, without one at the name of an older store's index (``DigestList/retiredIndexFile``).
        var givenFiles: [String: Data] { files.filter { $0.key != DigestList.retiredIndexFile } }
    }

    /// Writes validated revisions durably and switches them all with one replacement of `state.json` (a crash leaves
    /// all old or all new); each active revision becomes the previous one. If any cannot be written (a failed
    /// `fsync` is never retried), none is switched: directories already renamed into `modules/` are collected at the
    /// next open, or reused once their digests verify.
    /// - Returns: The modules this call switched; the others already served their revision.
    /// - Throws: ``StoreError``; `invalidArgument` for a bad module name, SHA-256 or path, or a module listed twice.
    @discardableResult
    package func activate(_ revisions: [PendingRevision]) throws -> Set<String> {
        for pending in revisions {
            try StoreLayout.validate(module: pending.module)
            try StoreLayout.validate(sha256: pending.sha256)
            try StoreLayout.validate(files: pending.files)
        }
        guard Set(revisions.map(\.module)).count == revisions.count else {
            throw StoreError(code: .invalidArgument, message: "a batch activation lists a module twice; activate one revision per module")
        }
        guard !revisions.isEmpty else { return [] }
        return try mutate { state in
            var placed = false
            var switched: Set<String> = []
            for pending in revisions.sorted(by: { $0.module < $1.module }) {
                var entry = state.modules[pending.module] ?? StoreState.Module()
                let directory = StoreLayout.revisionDirectory(module: pending.module, sha256: pending.sha256)
                let record = StoreState.Revision(sha256: pending.sha256, revision: pending.revision, directory: directory)
                if entry.active?.sha256 != pending.sha256 {
                    placed = try placeRevision(pending, at: layout.absolute(directory)) || placed
                    if let active = entry.active { entry.previous = active }
                    switched.insert(pending.module)
                }
                entry.active = record
                state.modules[pending.module] = entry
            }
            // The renames out of tmp/ are durable before state.json names their targets.
            if placed { try syscalls.fsyncDirectory(layout.temporaryPath) }
            return switched
        }
    }

    /// Writes a revision's directory durably into `modules/` without making it active, so a sync cycle pays for the
    /// fsyncs while other archives still download. No `state.json` names it: ``activate(_:)`` reuses it only after
    /// its digest list verifies, and writes it again if an open collected it meanwhile.
    /// - Throws: ``StoreError``; `invalidArgument` for a bad module name, SHA-256 or path.
    package func stage(_ pending: PendingRevision) throws {
        try StoreLayout.validate(module: pending.module)
        try StoreLayout.validate(sha256: pending.sha256)
        try StoreLayout.validate(files: pending.files)
        try withWriteLock { (_: inout WriterState) throws in
            let state = try Self.loadState(layout, syscalls)
            if state?.belongs(appVersion: appVersion, sourceHash: sourceHash) == true,
               state?.modules[pending.module]?.active?.sha256 == pending.sha256 {
                return
            }
            let directory = StoreLayout.revisionDirectory(module: pending.module, sha256: pending.sha256)
            if try placeRevision(pending, at: layout.absolute(directory)) {
                try syscalls.fsyncDirectory(layout.temporaryPath)
            }
        }
    }

    /// Makes the previous revision active again, or returns the module to the shipped strings if there is none.
    /// - Returns: The revision now active, or `nil` for the shipped strings.
    @discardableResult
    package func rollback(module: String) throws -> ActiveRevision? {
        try StoreLayout.validate(module: module)
        return try mutate { state in
            guard var entry = state.modules[module] else { return nil }
            entry.active = entry.previous
            entry.previous = nil
            state.modules[module] = entry.isEmpty ? nil : entry
            return entry.active.map { Self.revision($0, of: module, layout: layout) }
        }
    }

    /// Returns the module to the shipped strings: no active and no previous revision.
    package func deactivate(module: String) throws {
        try StoreLayout.validate(module: module)
        try mutate { state in state.deactivate(module) }
    }

    /// Returns `modules` to the shipped strings and forgets the ETag, in one state write (all or none). An overlay
    /// retired for its age must come back when the manifest validates again, e.g. once a clock that ran ahead is
    /// corrected: without the ETag the next check fetches the manifest whole instead of being answered 304.
    package func expire(modules: [String]) throws {
        for module in modules { try StoreLayout.validate(module: module) }
        try mutate { state in
            for module in modules { state.deactivate(module) }
            state.etag = nil
        }
    }

    /// Records a manifest that passed signature, binding and expiry. A lower revision than the highest
    /// recorded never lowers the mark (the sync service rejects it as a rollback before calling this).
    package func recordManifestSeen(revision: Int, sha256: String) throws {
        try StoreLayout.validate(sha256: sha256)
        try mutate { state in
            if let seen = state.highestSeen, seen.revision > revision { return }
            state.highestSeen = SeenManifest(revision: revision, sha256: sha256)
        }
    }

    /// Remembers that `sha256` of `module` was rejected, so it is not downloaded again under this manifest.
    package func markRejected(module: String, sha256: String) throws {
        try StoreLayout.validate(module: module)
        try StoreLayout.validate(sha256: sha256)
        try mutate { state in
            var entry = state.modules[module] ?? StoreState.Module()
            guard !entry.rejected.contains(sha256) else { return }
            entry.rejected = (entry.rejected + [sha256]).sorted()
            state.modules[module] = entry
        }
    }

    /// Forgets every rejection (the manifest changed).
    package func clearRejected() throws {
        try mutate { state in
            for (name, var entry) in state.modules where !entry.rejected.isEmpty {
                entry.rejected = []
                state.modules[name] = entry.isEmpty ? nil : entry
            }
        }
    }

    /// Persists the last fully applied manifest, its signature file and its ETag (each file replaced atomically,
    /// then `state.json`).
    package func saveManifest(bytes: Data, signature: Data, etag: String?) throws {
        try mutate { state in
            try syscalls.replaceFile(layout.manifestPath, with: bytes, temporaryDirectory: layout.temporaryPath)
            try syscalls.replaceFile(layout.signaturePath, with: signature, temporaryDirectory: layout.temporaryPath)
            state.etag = etag
        }
    }

    /// Puts a complete, fsynced revision directory at `target`: files and digest list written in `tmp/`, fsynced,
    /// renamed into place. One already there (staged, or left by a crash) is kept when it verifies.
    /// - Returns: Whether a directory was renamed out of `tmp/` (the caller fsyncs `tmp/` once for the batch).
    private func placeRevision(_ pending: PendingRevision, at target: String) throws -> Bool {
        let module = pending.module
        let given = pending.givenFiles
        if let existing = try syscalls.status(target) {
            if existing.isDirectory,
               try syscalls.verifyRevision(at: target, fileLimit: Self.fileLimit).isEmpty,
               try DigestList(data: syscalls.readFile("\(target)/\(StoreLayout.digestListFile)",
                                                      limit: Self.metadataLimit)) == DigestList(files: given) {
                return false
            }
            try syscalls.removeTree(target)
        }
        let temp = "\(layout.temporaryPath)/\(StoreLayout.uniqueSuffix())"
        try syscalls.mkdir(temp, 0o755)
        var renamed = false
        do {
            var directories = [temp]
            var writes: [(path: String, data: Data)] = []
            for path in given.keys.sorted() {
                var parent = temp
                for component in path.split(separator: "/").dropLast() {
                    parent += "/\(component)"
                    if try syscalls.makeDirectory(parent) { directories.append(parent) }
                }
                writes.append(("\(temp)/\(path)", given[path]!))
            }
            // The digest list names what the revision was given.
            writes.append(("\(temp)/\(StoreLayout.digestListFile)", DigestList(files: given).data))
            try syscalls.writeNewFiles(writes)
            for directory in directories.reversed() { try syscalls.fsyncDirectory(directory) }
            if try syscalls.makeDirectory(layout.modulePath(module)) {
                try syscalls.fsyncDirectory(layout.modulesPath)
            }
            try syscalls.rename(temp, target)
            renamed = true
            try syscalls.fsyncDirectory(layout.modulePath(module))
        } catch {
            try? syscalls.removeTree(renamed ? target : temp)
            throw error
        }
        return true
    }
}
