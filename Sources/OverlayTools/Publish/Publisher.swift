import Foundation
import OverlayCore
import OverlaySync
internal import OverlayPublishing

/// Builds a static origin from a catalog: deterministic module archives, a manifest bound to the app version and
/// the catalog's source hash, one Ed25519 signature per key, history, and cache headers.
///
/// Nothing is written until everything is known good: the options and the current manifest are checked, the catalog
/// passes `check` and ``CatalogNameRules``, and the archives, manifest and signature — built in memory — pass the
/// client's own validators (``Publisher/verifyOutput(_:)``). A publish never emits what a client would reject.
///
/// Write order makes a crash harmless: archives, then the signature, then history and cache headers, and the
/// manifest last, each atomically — a manifest never points at a missing archive or signature.
public enum Publisher {
    public static func publish(
        _ options: PublishOptions, progress: (String) -> Void = { _ in }
    ) async throws -> PublishReport {
        try checkOptions(options)
        let loaded: CatalogLoadResult
        let shipped: Catalog?
        do {
            loaded = try CatalogLoader.load(at: options.catalog, mode: .strict)
            shipped = try options.shipped.map { try CatalogLoader.load(at: $0, mode: .lenient).catalog }
        } catch let error as CatalogError {
            throw PublishError(error.description)
        }
        let catalog = loaded.catalog
        let sourceHash = catalog.sourceHash
        if let shipped, let bundle = options.shipped, shipped.sourceHash != sourceHash {
            let changes = SourceHash.differences(from: shipped, to: catalog).joined(separator: "; ")
            throw PublishError("the catalog's structure differs from the build's (\(bundle.path)): source hash \(sourceHash) is not the build's \(shipped.sourceHash), so every device of that build would ignore this publish (\(changes)); publish only text changes for a shipped build, or publish for the new build's app version")
        }
        var findings = unique(loaded.findings + CatalogChecker.check(catalog, shipped: shipped))
        guard findings.isAcceptable else {
            let blocking = findings.filter(\.isBlocking)
            let hint = shipped == nil
                ? " — fix them ('overlay check' lists them), or, if they are in values the build already ships unchanged, pass --bundle <the catalog the build shipped> so those do not block"
                : " — fix them ('overlay check --bundle' lists them)"
            throw PublishError("the catalog has \(blocking.count) error(s) a device would show or crash on; nothing was published\(hint)", findings: findings)
        }
        // Broken .stringsdict entries identical to the shipped ones cannot be written; devices keep the shipped value.
        for (name, module) in catalog.modules.sorted(by: { $0.key < $1.key }) {
            let left = module.localizations.values.reduce(0) { $0 + $1.tables.values.reduce(0) { $0 + $1.rejectedEntries.count } }
            if left > 0 {
                findings.append(Finding(
                    code: "publish.shipped-entries-left-out", severity: .warning,
                    message: "\(left) .stringsdict entr\(left == 1 ? "y" : "ies") of \(name) that the build already ships broken cannot be written; the overlay leaves them out and devices keep showing the shipped value",
                    location: .init(module: name)))
            }
        }
        let versionRoot = options.output.appendingPathComponent(options.appVersion)

        let previous = try await previousManifest(options)
        let revision = try nextRevision(requested: options.revision, previous: previous?.revision)

        var revoked = previous?.revoked ?? []
        for revocation in options.revoke where !revoked.contains(revocation) { revoked.append(revocation) }

        var built = Output(versionRoot: versionRoot)
        var lines: [String] = []
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name] else { continue }
            let content = ModuleContent(module)
            let prior = previous?.module(named: name)
            var status = PublishReport.ModuleStatus.added
            var moduleRevision = revision
            let archive: (bytes: Data, header: ModuleHeader)
            // An unchanged module keeps its archive: built once at the prior revision, it is the same bytes; only a
            // changed or new module is built at the new revision (each build is a deflate of every table).
            if let prior, case let same = Self.archive(content, sourceHash: sourceHash, revision: prior.revision),
               SHA256.hash(same.bytes).hex == prior.sha256 {
                archive = same
                moduleRevision = prior.revision
                status = .unchanged
            } else {
                archive = Self.archive(content, sourceHash: sourceHash, revision: revision)
                if prior != nil { status = .changed }
            }
            let sha256 = SHA256.hash(archive.bytes).hex
            if revoked.contains(Manifest.Revocation(module: name, sha256: sha256)) {
                throw PublishError("module \(name)'s archive \(sha256) is revoked; a revoked archive is never served — change the module's content and publish again")
            }
            let path = Manifest.archivePath(name: name, sha256: sha256)
            lines.append("  \(name): \(status.rawValue) (\(archive.bytes.count) bytes, \(content.locales.count) locales)")
            built.archives.append((path, archive.bytes))
            built.modules.append(Manifest.Module(
                name: name, path: path, sha256: sha256, size: archive.bytes.count, revision: moduleRevision,
                locales: content.locales, tables: content.tables, entries: content.entries))
            built.reports.append(PublishReport.Module(
                name: name, sha256: sha256, size: archive.bytes.count, revision: moduleRevision, path: path, status: status))
        }
        for revocation in options.revoke {
            if let module = built.modules.first(where: { $0.name == revocation.module && $0.sha256 == revocation.sha256 }) {
                throw PublishError("--revoke \(revocation.module)@\(revocation.sha256) names \(module.name)'s current archive; clients would have nothing to move to — change its content first, then revoke")
            }
        }

        let developmentRegions = Set(catalog.modules.values.map(\.developmentRegion))
        built.manifest = Manifest(
            appVersion: options.appVersion, sourceHash: sourceHash,
            developmentRegion: developmentRegions.count == 1 ? developmentRegions.first ?? "en" : "en",
            revision: revision, publishedAt: options.now, expiresAt: options.now.addingTimeInterval(options.expiresIn),
            revoked: revoked, modules: built.modules)
        built.manifestBytes = built.manifest.encoded()
        built.signature = try SignatureFile.signing(built.manifestBytes, with: options.keys).encoded()
        try verifyOutput(built, catalog: catalog, shipped: shipped, options: options)

        progress("publishing \(options.appVersion) revision \(revision) (source hash \(sourceHash))")
        for line in lines { progress(line) }
        try write(built, options: options)

        let current = Set(built.modules.map(\.name))
        return PublishReport(
            appVersion: options.appVersion, revision: revision, previousRevision: previous?.revision,
            sourceHash: sourceHash, manifestPath: versionRoot.appendingPathComponent("manifest.json"),
            manifestSHA256: SHA256.hash(built.manifestBytes).hex, expiresAt: built.manifest.expiresAt,
            modules: built.reports, removed: (previous?.modules.map(\.name) ?? []).filter { !current.contains($0) },
            revoked: revoked, findings: findings)
    }

    /// Everything a publish writes, built in memory first.
    struct Output {
        var versionRoot: URL
        var archives: [(path: String, bytes: Data)] = []
        var modules: [Manifest.Module] = []
        var reports: [PublishReport.Module] = []
        var manifest = Manifest(
            appVersion: "", sourceHash: "", developmentRegion: "", revision: 1, publishedAt: Date(), expiresAt: Date(),
            modules: [])
        var manifestBytes = Data()
        var signature = Data()
    }

    /// Archives (unless the same bytes are already there), signature, history, cache headers, then the manifest.
    static func write(_ built: Output, options: PublishOptions) throws {
        let limits = ValidationLimits.default
        for (path, bytes) in built.archives {
            let url = built.versionRoot.appendingPathComponent(path)
            if (try? BoundedFile.read(url.path, maxBytes: limits.maxArchiveBytes, followSymlinks: false)) != bytes {
                try AtomicFile.write(bytes, to: url)
            }
        }
        let sha256 = SHA256.hash(built.manifestBytes).hex
        try AtomicFile.write(built.signature, to: built.versionRoot.appendingPathComponent("signatures/\(sha256).sig"))
        try AtomicFile.write(
            built.manifestBytes, to: built.versionRoot.appendingPathComponent("history/manifest.\(built.manifest.revision).json"))
        try AtomicFile.write(CacheHeaders.standard.encoded(), to: options.output.appendingPathComponent(CacheHeaders.fileName))
        try AtomicFile.write(
            built.manifestBytes, to: built.versionRoot.appendingPathComponent("manifest.json"), advancingModificationTime: true)
    }

    /// The deterministic archive of a module at a given header revision.
    static func archive(_ content: ModuleContent, sourceHash: String, revision: Int) -> (bytes: Data, header: ModuleHeader) {
        let header = ModuleHeader(
            module: content.module, sourceHash: sourceHash, revision: revision,
            developmentRegion: content.developmentRegion, locales: content.locales, tables: content.tables)
        var files = content.files
        files[ModuleHeader.fileName] = header.encoded()
        return (ZIPWriter.archive(files, method: .deflate), header)
    }

    static func nextRevision(requested: Int?, previous: Int?) throws -> Int {
        guard let requested else {
            guard let previous else { return 1 }
            guard previous < Manifest.maximumRevision else {
                throw PublishError("the origin is at revision \(previous), the highest a manifest may carry (2^53 - 1); no later revision exists for this app version — publish under a new --app-version")
            }
            return previous + 1
        }
        guard (1...Manifest.maximumRevision).contains(requested) else {
            throw PublishError("--revision \(requested) is outside 1…\(Manifest.maximumRevision) (2^53 - 1, the largest integer JSON keeps exact)")
        }
        if let previous, requested <= previous {
            let next = previous < Manifest.maximumRevision ? "use \(previous + 1) or omit --revision" : "publish under a new --app-version"
            throw PublishError("--revision \(requested) is not above the published revision \(previous); clients refuse a lower or equal revision (rollback protection) — \(next)")
        }
        return requested
    }

    /// The same finding reported by two checks (`check` and the name rules) is printed once.
    static func unique(_ findings: [Finding]) -> [Finding] {
        var seen = Set<Finding>()
        return findings.filter { seen.insert($0).inserted }
    }
}
