import Foundation
import OverlayCore
import OverlaySync

/// Builds a static origin from a catalog: deterministic module archives, a manifest bound to the app version and
/// the catalog's source hash, one Ed25519 signature per key, history, and cache headers.
///
/// Write order makes a crash harmless: archives, then the signature, then history and cache headers, and the
/// manifest last, each atomically — a manifest never points at a missing archive or signature.
public enum Publisher {
    public static func publish(
        _ options: PublishOptions, progress: (String) -> Void = { _ in }
    ) async throws -> PublishReport {
        guard !options.keys.isEmpty else { throw PublishError("no signing key: pass --key with a private key PEM (make one with 'overlay keygen')") }
        guard options.expiresIn > 0 else { throw PublishError("--expires-in must be positive") }
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
        var findings = loaded.findings + CatalogChecker.check(catalog, shipped: shipped)
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
        progress("publishing \(options.appVersion) revision \(revision) (source hash \(sourceHash))")

        var revoked = previous?.revoked ?? []
        for revocation in options.revoke where !revoked.contains(revocation) { revoked.append(revocation) }

        var modules: [Manifest.Module] = []
        var reports: [PublishReport.Module] = []
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name] else { continue }
            let content = ModuleContent(module)
            let prior = previous?.module(named: name)
            var status = PublishReport.ModuleStatus.added
            var moduleRevision = revision
            var archive = Self.archive(content, sourceHash: sourceHash, revision: revision)
            if let prior {
                let same = Self.archive(content, sourceHash: sourceHash, revision: prior.revision)
                if SHA256.hash(same.bytes).hex == prior.sha256 {
                    archive = same
                    moduleRevision = prior.revision
                    status = .unchanged
                } else {
                    status = .changed
                }
            }
            let sha256 = SHA256.hash(archive.bytes).hex
            if revoked.contains(Manifest.Revocation(module: name, sha256: sha256)) {
                throw PublishError("module \(name)'s archive \(sha256) is revoked; a revoked archive is never served — change the module's content and publish again")
            }
            let path = Manifest.archivePath(name: name, sha256: sha256)
            let url = versionRoot.appendingPathComponent(path)
            if (try? Data(contentsOf: url)) != archive.bytes {
                try AtomicFile.write(archive.bytes, to: url)
            }
            progress("  \(name): \(status.rawValue) (\(archive.bytes.count) bytes, \(content.locales.count) locales)")
            modules.append(Manifest.Module(
                name: name, path: path, sha256: sha256, size: archive.bytes.count, revision: moduleRevision,
                locales: content.locales, tables: content.tables, entries: content.entries))
            reports.append(PublishReport.Module(
                name: name, sha256: sha256, size: archive.bytes.count, revision: moduleRevision, path: path, status: status))
        }
        for revocation in options.revoke {
            if let module = modules.first(where: { $0.name == revocation.module && $0.sha256 == revocation.sha256 }) {
                throw PublishError("--revoke \(revocation.module)@\(revocation.sha256) names \(module.name)'s current archive; clients would have nothing to move to — change its content first, then revoke")
            }
        }

        let developmentRegions = Set(catalog.modules.values.map(\.developmentRegion))
        let manifest = Manifest(
            appVersion: options.appVersion, sourceHash: sourceHash,
            developmentRegion: developmentRegions.count == 1 ? developmentRegions.first! : "en",
            revision: revision, publishedAt: options.now, expiresAt: options.now.addingTimeInterval(options.expiresIn),
            revoked: revoked, modules: modules)
        let manifestBytes = manifest.encoded()
        let manifestSHA256 = SHA256.hash(manifestBytes).hex
        let signature = try SignatureFile.signing(manifestBytes, with: options.keys).encoded()
        try AtomicFile.write(signature, to: versionRoot.appendingPathComponent("signatures/\(manifestSHA256).sig"))
        try AtomicFile.write(manifestBytes, to: versionRoot.appendingPathComponent("history/manifest.\(revision).json"))
        try AtomicFile.write(CacheHeaders.standard.encoded(), to: options.output.appendingPathComponent(CacheHeaders.fileName))
        let manifestURL = versionRoot.appendingPathComponent("manifest.json")
        try AtomicFile.write(manifestBytes, to: manifestURL, advancingModificationTime: true)

        let current = Set(modules.map(\.name))
        return PublishReport(
            appVersion: options.appVersion, revision: revision, previousRevision: previous?.revision,
            sourceHash: sourceHash, manifestPath: manifestURL, manifestSHA256: manifestSHA256,
            expiresAt: manifest.expiresAt, modules: reports,
            removed: (previous?.modules.map(\.name) ?? []).filter { !current.contains($0) },
            revoked: revoked, findings: findings)
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
        guard let requested else { return (previous ?? 0) + 1 }
        guard requested >= 1 else { throw PublishError("--revision must be at least 1") }
        if let previous, requested <= previous {
            throw PublishError("--revision \(requested) is not above the published revision \(previous); clients refuse a lower or equal revision (rollback protection) — use \(previous + 1) or omit --revision")
        }
        return requested
    }

    /// The current manifest of the origin: from `--out` if it holds one, else from `--from` (URL or directory).
    static func previousManifest(_ options: PublishOptions) async throws -> Manifest? {
        let local = options.output.appendingPathComponent(options.appVersion).appendingPathComponent("manifest.json")
        if let data = FileManager.default.contents(atPath: local.path) {
            return try decodePrevious(data, source: local.path)
        }
        guard let from = options.from else { return nil }
        if let url = URL(string: from), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let manifestURL = url.appendingPathComponent(options.appVersion).appendingPathComponent("manifest.json")
            let response: TransportResponse
            do {
                response = try await URLSessionTransport().fetch(TransportRequest(url: manifestURL, maxBytes: 1 << 20))
            } catch {
                throw PublishError("--from \(from): \(error.message)")
            }
            if response.status == 404 { return nil }
            guard response.isSuccess else {
                throw PublishError("--from \(manifestURL.absoluteString) answered HTTP \(response.status); check the origin URL")
            }
            return try decodePrevious(response.body, source: manifestURL.absoluteString)
        }
        let path = URL(fileURLWithPath: from).appendingPathComponent(options.appVersion).appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: path.path) else { return nil }
        return try decodePrevious(data, source: path.path)
    }

    private static func decodePrevious(_ data: Data, source: String) throws -> Manifest {
        do {
            return try Manifest.decode(data)
        } catch {
            throw PublishError("\(source): the current manifest cannot be read (\(error.message)); fix or remove it before publishing")
        }
    }
}
