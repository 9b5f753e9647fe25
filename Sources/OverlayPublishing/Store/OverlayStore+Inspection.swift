package import Foundation
package import OverlayCore

/// A read-only look at a store directory, whoever it belongs to: what `overlay inspect` and `overlay resolve
/// --store` show. Taking it writes nothing and takes no lock.
package struct StoreInspection: Sendable {
    package enum Format: String, Sendable {
        /// No `store.json`: not a store (or deleted by the kill switch).
        case absent
        case current
        /// Written by a newer format: ignored, never misread.
        case newer
        /// `store.json` is not a marker Overlay wrote (empty, garbage, a directory…): ignored, never written or
        /// deleted; ``StoreInspection/problem`` says what is there.
        case invalid
    }

    package struct Module: Sendable {
        package var name: String
        package var active: ActiveRevision?
        package var previous: ActiveRevision?
        /// Archive SHA-256s rejected under the current manifest.
        package var rejected: [String]
    }

    package var url: URL
    package var format: Format
    /// What is wrong, for a person: an invalid marker, an unreadable `state.json`, a kill switch that did not finish.
    /// Whatever it says, apps of any build serve their shipped strings for what the store cannot vouch for.
    package var problem: String?
    /// A kill switch marked the store `DISABLED`: it reads as empty until the next open finishes the deletion.
    package var isDisabled = false
    package var appVersion: String?
    package var sourceHash: String?
    package var modules: [Module]
    package var highestSeen: SeenManifest?
    package var etag: String?
    /// The last fully applied manifest and its signature file, if saved.
    package var manifest: Data?
    package var signature: Data?
    /// Names under `tmp/`: crash debris, removed at the next open.
    package var temporaryDebris: [String]

    /// The active revisions as the snapshot a launch of this store's build would get before its first sync: with each
    /// module's previous revision, and unhealed, so a `Localizer` checks a revision before it serves it (damaged: the
    /// previous one serves, else the shipped strings), as the app would.
    package var snapshot: StoreSnapshot? {
        guard let appVersion, let sourceHash else { return nil }
        var snapshot = StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash)
        for module in modules {
            if let active = module.active { snapshot.modules[module.name] = active }
            if let previous = module.previous { snapshot.fallbacks[module.name] = previous }
        }
        snapshot.isUnhealed = true
        return snapshot
    }
}

extension OverlayStore {
    /// Reads the store at `url` without opening it for writing.
    package static func inspect(at url: URL, syscalls: Syscalls = .live) throws -> StoreInspection {
        var path = url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let layout = StoreLayout(root: path)
        var inspection = StoreInspection(
            url: root, format: .absent, modules: [], temporaryDebris: [])
        if try syscalls.status(path)?.kind == .symbolicLink {
            inspection.format = .invalid
            inspection.problem = "\(path) is a symbolic link; Overlay does not follow it for a store"
            return inspection
        }
        switch try readMarker(layout, syscalls) {
        case .absent: return inspection
        case .invalid(let reason):
            inspection.format = .invalid
            inspection.problem = "\(reason), so this is not a store marker Overlay wrote"
            return inspection
        case .newer:
            inspection.format = .newer
            return inspection
        case .current, .legacy: inspection.format = .current
        }
        inspection.temporaryDebris = ((try? syscalls.listDirectory(layout.temporaryPath)) ?? []).sorted()
        if try syscalls.status(layout.disabledPath) != nil {
            inspection.isDisabled = true
            inspection.problem = "the kill switch marked the store DISABLED but could not delete it; it reads as empty "
                + "and the next open or 'overlay disable' finishes the deletion"
            return inspection
        }
        let state: StoreState
        // An unreadable seen.json counts as absent: state.json holds the same record (either file may be lost).
        let seenRecord = (try? syscalls.readFileIfPresent(layout.seenPath, limit: 64 * 1024)).flatMap { $0 }
            .flatMap { try? SeenRecord(data: $0) }
        switch try readState(layout, syscalls) {
        case .absent:
            inspection.highestSeen = seenRecord?.seen
            return inspection
        case .unreadable(let reason):
            inspection.problem = reason
            inspection.highestSeen = seenRecord?.seen
            return inspection
        case .valid(let valid): state = valid
        }
        inspection.appVersion = state.appVersion
        inspection.sourceHash = state.sourceHash
        inspection.highestSeen = SeenManifest.highest(
            state.highestSeen, loadSeen(layout, syscalls, appVersion: state.appVersion, sourceHash: state.sourceHash))
        inspection.etag = state.etag
        func revision(_ record: StoreState.Revision?, _ module: String) -> ActiveRevision? {
            record.map {
                ActiveRevision(module: module, sha256: $0.sha256, revision: $0.revision,
                               path: root.appendingPathComponent($0.directory).standardizedFileURL.path)
            }
        }
        inspection.modules = state.modules.keys.sorted().map { name in
            let module = state.modules[name]!
            return StoreInspection.Module(
                name: name, active: revision(module.active, name), previous: revision(module.previous, name),
                rejected: module.rejected)
        }
        inspection.manifest = try? syscalls.readFileIfPresent(layout.manifestPath, limit: fileLimit)
        inspection.signature = try? syscalls.readFileIfPresent(layout.signaturePath, limit: fileLimit)
        return inspection
    }

    /// Files of a revision directory whose SHA-256 no longer matches its digest list (empty when intact).
    package static func verify(_ revision: ActiveRevision, syscalls: Syscalls = .live) throws -> [String] {
        try syscalls.verifyRevision(at: revision.directory.standardizedFileURL.path, fileLimit: fileLimit)
    }
}
