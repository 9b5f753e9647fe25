package import Foundation

/// A read-only look at a store directory, whoever it belongs to: what `overlay inspect` and `overlay resolve
/// --store` show. Taking it writes nothing and takes no lock.
package struct StoreInspection: Sendable {
    package enum Format: String, Sendable {
        /// No `store.json`: not a store (or deleted by the kill switch).
        case absent
        case current
        /// Written by a newer (or unknown) format: ignored, never misread.
        case newer
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

    /// The active revisions as the snapshot a client of this store's build would get.
    package var snapshot: StoreSnapshot? {
        guard let appVersion, let sourceHash else { return nil }
        var snapshot = StoreSnapshot(appVersion: appVersion, sourceHash: sourceHash)
        for module in modules { if let active = module.active { snapshot.modules[module.name] = active } }
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
        switch try readFormat(layout, syscalls) {
        case .absent: return inspection
        case .unknown:
            inspection.format = .newer
            return inspection
        case .current: inspection.format = .current
        }
        inspection.temporaryDebris = ((try? syscalls.listDirectory(layout.temporaryPath)) ?? []).sorted()
        guard let state = try loadState(layout, syscalls) else { return inspection }
        inspection.appVersion = state.appVersion
        inspection.sourceHash = state.sourceHash
        inspection.highestSeen = state.highestSeen
        inspection.etag = state.etag
        func revision(_ record: StoreState.Revision?, _ module: String) -> ActiveRevision? {
            record.map {
                ActiveRevision(module: module, sha256: $0.sha256, revision: $0.revision,
                               directory: root.appendingPathComponent($0.directory, isDirectory: true))
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
