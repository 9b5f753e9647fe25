import Foundation
import OverlayCore
import OverlayPublishing
import OverlaySync
internal import OverlayPublishing

/// Builds a static origin from a catalog: deterministic module archives, a manifest bound to the app version and
/// the catalog's source hash, one Ed25519 signature per key, history, and cache headers.
///
/// Nothing is written until everything is known good: the options and the current manifest are checked, the catalog
/// passes `check` and ``CatalogNameRules``, and the archives, manifest and signature — built in memory — pass the
/// client's own validators (``Publisher/verifyOutput(_:sourceHash:shipped:options:)``). A publish never emits what a
/// client would reject. A module whose inputs did not change since the last publish into the same origin reuses its
/// archive through the ``BuildRecord`` (already checked and validated, the same bytes) instead of being built again.
///
/// Write order makes a crash harmless: archives, then the signature, then history and cache headers, the manifest,
/// and the build record last, each atomically — a manifest never points at a missing archive or signature.
public enum Publisher {
    public static func publish(
        _ options: PublishOptions, progress: (String) -> Void = { _ in }
    ) async throws -> PublishReport {
        try checkOptions(options)
        let versionRoot = options.output.appendingPathComponent(options.appVersion)
        // The build record (docs/FORMATS.md §9): when no input changed since the last publish into this origin, the
        // catalog is not even parsed; otherwise modules whose own inputs did not change still skip deflate and
        // self-validation. Never a source of truth: every reuse is re-checked against the origin and the manifest.
        let inputs = BuildInputs.scan(options)
        let record = BuildRecord.read(in: versionRoot, appVersion: options.appVersion)
        var source: Source
        if let record, let digest = inputs.catalogDigest, record.catalogDigest == digest {
            source = .recorded(record)
        } else {
            source = try load(options)
        }

        let previous = try await previousManifest(options)
        let revision = try nextRevision(requested: options.revision, previous: previous?.revision)

        var revoked = previous?.revoked ?? []
        for revocation in options.revoke where !revoked.contains(revocation) { revoked.append(revocation) }

        // A recorded module is reused only if its inputs match, the verified current manifest names its archive
        // unchanged (so it keeps path and revision) and the file in the origin still has the recorded bytes.
        @Sendable func reuse(_ name: String, sourceHash: String) -> (BuildRecord.Module, Data)? {
            guard let recorded = record?.modules.first(where: { $0.name == name }), recorded.verdict == BuildRecord.accepted,
                  let digest = inputs.moduleDigest(name, sourceHash: sourceHash), recorded.inputDigest == digest,
                  let previous, previous.sourceHash == sourceHash,  // anchors the recorded source hash to a signed one
                  let prior = previous.module(named: name), prior.sha256 == recorded.sha256, prior.path == recorded.path,
                  prior.size == recorded.size, prior.revision == recorded.revision,
                  let bytes = BuildRecord.archive(recorded, in: versionRoot)
            else { return nil }
            return (recorded, bytes)
        }
        var reused: [(BuildRecord.Module, Data)?] = []
        if case .recorded(let record) = source {
            reused = ConcurrentMap.map(record.modules.count) { reuse(record.modules[$0].name, sourceHash: record.sourceHash) }
            if reused.contains(where: { $0 == nil }) {
                // Something must be rebuilt after all (an archive gone or altered, another manifest): that needs the catalog.
                source = try load(options)
            }
        }
        if case .loaded(let loaded) = source {
            let names = loaded.catalog.moduleNames
            reused = ConcurrentMap.map(names.count) { reuse(names[$0], sourceHash: loaded.sourceHash) }
        }

        let sourceHash = source.sourceHash
        let moduleNames = source.moduleNames
        let loaded = source.loaded
        let reusedModules = reused
        // Per module, on every core: reuse, or build the archive; results in module order, so the output is the same
        // bytes whatever the thread count.
        let modules = ConcurrentMap.map(moduleNames.count) { index -> BuiltModule in
            let name = moduleNames[index]
            if let (recorded, bytes) = reusedModules[index].map({ ($0.0, $0.1) }) {
                return BuiltModule(
                    name: name, bytes: bytes, revision: recorded.revision, status: .unchanged, developmentRegion: recorded.developmentRegion,
                    locales: recorded.locales, tables: recorded.tables, entries: recorded.entries, isReused: true)
            }
            guard let module = loaded?.catalog.modules[name] else {
                preconditionFailure("a module not reused from the record is built from the loaded catalog")
            }
            let content = ModuleContent(module)
            let prior = previous?.module(named: name)
            // An unchanged module keeps its archive: built once at the prior revision, it is the same bytes; only a
            // changed or new module is built at the new revision (each build is a deflate of every table).
            if let prior, case let same = Self.archive(content, sourceHash: sourceHash, revision: prior.revision),
               SHA256.hash(same.bytes).hex == prior.sha256 {
                return BuiltModule(content, bytes: same.bytes, revision: prior.revision, status: .unchanged)
            }
            let archive = Self.archive(content, sourceHash: sourceHash, revision: revision)
            return BuiltModule(content, bytes: archive.bytes, revision: revision, status: prior == nil ? .added : .changed)
        }

        var built = Output(versionRoot: versionRoot)
        var lines: [String] = []
        for module in modules {
            let sha256 = SHA256.hash(module.bytes).hex
            if revoked.contains(Manifest.Revocation(module: module.name, sha256: sha256)) {
                throw PublishError("module \(module.name)'s archive \(sha256) is revoked; a revoked archive is never served — change the module's content and publish again")
            }
            let path = Manifest.archivePath(name: module.name, sha256: sha256)
            lines.append("  \(module.name): \(module.status.rawValue) (\(module.bytes.count) bytes, \(module.locales.count) locales)")
            built.archives.append((path, module.bytes))
            built.reused.append(module.isReused)
            built.modules.append(Manifest.Module(
                name: module.name, path: path, sha256: sha256, size: module.bytes.count, revision: module.revision,
                locales: module.locales, tables: module.tables, entries: module.entries))
            built.reports.append(PublishReport.Module(
                name: module.name, sha256: sha256, size: module.bytes.count, revision: module.revision, path: path,
                status: module.status, fromBuildRecord: module.isReused))
        }
        for revocation in options.revoke {
            if let module = built.modules.first(where: { $0.name == revocation.module && $0.sha256 == revocation.sha256 }) {
                throw PublishError("--revoke \(revocation.module)@\(revocation.sha256) names \(module.name)'s current archive; clients would have nothing to move to — change its content first, then revoke")
            }
        }

        let developmentRegions = Set(modules.map(\.developmentRegion))
        built.manifest = Manifest(
            appVersion: options.appVersion, sourceHash: sourceHash,
            developmentRegion: developmentRegions.count == 1 ? developmentRegions.first ?? "en" : "en",
            revision: revision, publishedAt: options.now, expiresAt: options.now.addingTimeInterval(options.expiresIn),
            revoked: revoked, modules: built.modules)
        built.manifestBytes = built.manifest.encoded()
        built.signature = try SignatureFile.signing(built.manifestBytes, with: options.keys).encoded()
        try verifyOutput(built, sourceHash: sourceHash, shipped: loaded.map { $0.shipped ?? $0.catalog }, options: options)

        progress("publishing \(options.appVersion) revision \(revision) (source hash \(sourceHash))")
        for line in lines { progress(line) }
        try write(built, options: options)
        let findingCounts = source.loaded == nil ? source.recordedFindings : FindingCount.counting(source.findings)
        writeRecord(
            recordModules(modules, inputs: inputs, sourceHash: sourceHash),
            findingCounts: findingCounts, inputs: inputs, sourceHash: sourceHash, versionRoot: versionRoot,
            options: options, progress: progress)

        let current = Set(built.modules.map(\.name))
        return PublishReport(
            appVersion: options.appVersion, revision: revision, previousRevision: previous?.revision,
            sourceHash: sourceHash, manifestPath: versionRoot.appendingPathComponent("manifest.json"),
            manifestSHA256: SHA256.hash(built.manifestBytes).hex, expiresAt: built.manifest.expiresAt,
            modules: built.reports, removed: (previous?.modules.map(\.name) ?? []).filter { !current.contains($0) },
            revoked: revoked, findingList: source.findings, unrepeatedFindings: source.recordedFindings)
    }

    /// Where a publish's modules come from: the build record alone (nothing changed), or the parsed catalog.
    enum Source {
        case recorded(BuildRecord)
        case loaded(LoadedCatalog)

        var sourceHash: String {
            switch self {
            case .recorded(let record): record.sourceHash
            case .loaded(let loaded): loaded.sourceHash
            }
        }
        var moduleNames: [String] {
            switch self {
            case .recorded(let record): record.modules.map(\.name)
            case .loaded(let loaded): loaded.catalog.moduleNames
            }
        }
        /// The findings of this publish; none when nothing changed since the one the record describes.
        var findings: FindingList {
            switch self {
            case .recorded: FindingList()
            case .loaded(let loaded): loaded.findings
            }
        }
        /// What the publish the record describes reported, when nothing changed since: said, not repeated.
        var recordedFindings: [FindingCount] {
            if case .recorded(let record) = self { return record.findingCounts }
            return []
        }
        var loaded: LoadedCatalog? {
            if case .loaded(let loaded) = self { return loaded }
            return nil
        }
    }

    struct LoadedCatalog {
        var catalog: Catalog
        /// `catalog.sourceHash`, computed once (it walks every development table).
        var sourceHash: String
        var shipped: Catalog?
        /// Warnings (a catalog with blocking findings is refused by ``load(_:)``).
        var findings: FindingList
    }

    /// One module's archive and manifest facts, built or reused.
    struct BuiltModule {
        var name: String
        var bytes: Data
        var revision: Int
        var status: PublishReport.ModuleStatus
        var developmentRegion: String
        var locales: [String]
        var tables: [String]
        var entries: Int
        /// Reused from the build record: validated when it was built, the same bytes now.
        var isReused: Bool

        init(
            name: String, bytes: Data, revision: Int, status: PublishReport.ModuleStatus, developmentRegion: String,
            locales: [String], tables: [String], entries: Int, isReused: Bool
        ) {
            self.name = name
            self.bytes = bytes
            self.revision = revision
            self.status = status
            self.developmentRegion = developmentRegion
            self.locales = locales
            self.tables = tables
            self.entries = entries
            self.isReused = isReused
        }

        init(_ content: ModuleContent, bytes: Data, revision: Int, status: PublishReport.ModuleStatus) {
            self.init(
                name: content.module, bytes: bytes, revision: revision, status: status,
                developmentRegion: content.developmentRegion, locales: content.locales, tables: content.tables,
                entries: content.entries, isReused: false)
        }
    }

    /// Loads and checks the catalog (and the `--bundle` one); refuses one with blocking findings.
    static func load(_ options: PublishOptions) throws -> Source {
        var loaded: CatalogLoadResult
        let shipped: Catalog?
        do {
            loaded = try CatalogLoader.load(at: options.catalog, mode: .strict)
            shipped = try options.shipped.map {
                try CatalogLoader.load(at: $0, mode: .lenient).catalog.declaringPlainStrings(options.plainStrings)
            }
        } catch let error as CatalogError {
            throw PublishError(error.description)
        }
        loaded.catalog = loaded.catalog.declaringPlainStrings(options.plainStrings)
        let catalog = loaded.catalog
        let sourceHash = catalog.sourceHash
        if let shipped, let bundle = options.shipped, shipped.sourceHash != sourceHash {
            let changes = SourceHash.differences(from: shipped, to: catalog).joined(separator: "; ")
            throw PublishError("the catalog's structure differs from the build's (\(bundle.path)): source hash \(sourceHash) is not the build's \(shipped.sourceHash), so every device of that build would ignore this publish (\(changes)); publish only text changes for a shipped build, or publish for the new build's app version")
        }
        // The very list `overlay check` prints: both commands count the same findings.
        var findings = CatalogChecker.findings(loaded, shipped: shipped)
        guard findings.isAcceptable else {
            let blocking = findings.filter(\.isBlocking)
            let hint = shipped == nil
                ? " — fix them ('overlay check' lists them), or, if they are in values the build already ships unchanged, pass --bundle <the catalog the build shipped> so those do not block"
                : " — fix them ('overlay check --bundle' lists them)"
            throw PublishError("the catalog has \(blocking.count) error(s) a device would show or crash on; nothing was published\(hint)", findingList: findings)
        }
        // Broken .stringsdict entries identical to the shipped ones cannot be written; devices keep the shipped value.
        for (name, module) in catalog.modules.sorted(by: { $0.key < $1.key }) {
            let left = module.localizations.values.reduce(0) { $0 + $1.tables.values.reduce(0) { $0 + $1.rejectedEntries.count } }
            if left > 0 {
                findings.append(Finding(
                    code: "publish.shipped-entries-left-out", severity: .warning,
                    message: "\(left) .stringsdict entr\(left == 1 ? "y" : "ies") of \(name) that the build already ships broken cannot be written; the overlay leaves them out, so devices keep showing what they show today: the Localizer serves the next layer's value for a rejected entry ('overlay resolve --trace' names it), Apple's Bundle the shipped file",
                    location: .init(module: name)))
            }
        }
        return .loaded(LoadedCatalog(catalog: catalog, sourceHash: sourceHash, shipped: shipped, findings: findings))
    }

    /// What the record says of each module, or nil when a module's inputs could not be read in full.
    static func recordModules(_ modules: [BuiltModule], inputs: BuildInputs, sourceHash: String) -> [BuildRecord.Module]? {
        var recorded: [BuildRecord.Module] = []
        for module in modules {
            guard let digest = inputs.moduleDigest(module.name, sourceHash: sourceHash) else { return nil }
            let sha256 = SHA256.hash(module.bytes).hex
            recorded.append(BuildRecord.Module(
                name: module.name, inputDigest: digest, path: Manifest.archivePath(name: module.name, sha256: sha256),
                sha256: sha256, size: module.bytes.count, revision: module.revision,
                developmentRegion: module.developmentRegion, locales: module.locales, tables: module.tables,
                entries: module.entries, verdict: BuildRecord.accepted))
        }
        return recorded
    }

    /// Writes the build record after the manifest (so it never describes archives a manifest does not name yet), or
    /// removes a stale one when the inputs could not be read in full. Best effort: the publish is complete without
    /// it, and a stale or missing record only costs the next publish a rebuild.
    static func writeRecord(
        _ modules: [BuildRecord.Module]?, findingCounts: [FindingCount], inputs: BuildInputs,
        sourceHash: String, versionRoot: URL, options: PublishOptions, progress: (String) -> Void
    ) {
        let url = versionRoot.appendingPathComponent(BuildRecord.fileName)
        // unlink, never a recursive remove: a directory someone put at the record's name is not ours to delete.
        guard let modules, let catalogDigest = inputs.catalogDigest else {
            _ = unlink(url.path)
            return
        }
        let record = BuildRecord(
            formatVersion: BuildRecord.formatVersion, appVersion: options.appVersion, catalogDigest: catalogDigest,
            sourceHash: sourceHash, verdict: BuildRecord.accepted, findingCounts: findingCounts, modules: modules)
        do {
            try AtomicFile.write(try record.encoded(), to: url)
        } catch {
            _ = unlink(url.path)
            progress("warning: the build record \(url.path) was not written (\(error)); the next publish rebuilds every module")
        }
    }

    /// Everything a publish writes, built in memory first.
    struct Output {
        var versionRoot: URL
        var archives: [(path: String, bytes: Data)] = []
        /// Per archive: reused from the build record, so already validated (same bytes) and already in the origin.
        var reused: [Bool] = []
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
        for ((path, bytes), reused) in zip(built.archives, built.reused) where !reused {
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
        let headerBytes = header.encoded()
        let bytes = ZIPWriter.archive(names: content.fileNames + [ModuleHeader.fileName], method: .deflate) { name in
            name == ModuleHeader.fileName ? headerBytes : content.contents(of: name)
        }
        return (bytes, header)
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

}
