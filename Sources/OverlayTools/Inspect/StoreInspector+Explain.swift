public import Foundation
public import OverlayCore
public import OverlaySync

extension StoreInspector {
    /// The question `--explain` answers: one key of one table of one module, for the user's languages.
    public struct ExplainRequest: Sendable {
        public var key: String
        public var module: String
        public var table: String
        public var locales: [String]
        public var mode: Localizer.Mode

        public init(key: String, module: String, table: String = "Localizable", locales: [String],
                    mode: Localizer.Mode = .production) {
            self.key = key
            self.module = module
            self.table = table
            self.locales = locales
            self.mode = mode
        }
    }

    /// Explains `request` as a launch of the `shipped` build over this store would resolve it — or, with
    /// `launchedAt`, as a process launched then: revisions written after it are pending for its next launch.
    public static func explain(
        _ request: ExplainRequest, report: InspectReport, shipped: Catalog, launchedAt: Date? = nil
    ) -> ResolutionExplanation {
        var modules: [String: ActiveRevision] = [:]
        var fallbacks: [String: ActiveRevision] = [:]
        var pending: ActiveRevision?
        var withdrawn: String?
        let root = URL(fileURLWithPath: report.store, isDirectory: true)
        func revision(_ module: String, _ r: InspectReport.Revision) -> ActiveRevision? {
            // The resolver reads a present directory the way an app does: only the files its digest list names, never
            // through a link, checked against the list's sizes before it serves (damaged: the previous one serves).
            guard r.present, let number = r.revision else { return nil }
            return ActiveRevision(module: module, sha256: r.sha256, revision: number,
                                  path: root.appendingPathComponent(r.directory).standardizedFileURL.path)
        }
        let usable = report.state == .on
        for module in report.modules where usable {
            guard let active = module.active.flatMap({ revision(module.name, $0) }) else { continue }
            let previous = module.previous.flatMap { revision(module.name, $0) }
            if let launchedAt, let written = module.active?.writtenAt, written > launchedAt {
                if module.name == request.module { pending = active }
                if let old = previous, let written = module.previous?.writtenAt, written <= launchedAt {
                    modules[module.name] = old
                }
            } else {
                modules[module.name] = active
                fallbacks[module.name] = previous
            }
        }
        if let module = report.modules.first(where: { $0.name == request.module }), module.active == nil,
           let reason = module.shippedReason, reason.hasPrefix("revoked") || reason.hasPrefix("dropped") {
            withdrawn = reason
        }
        let snapshot = report.sourceHash.map {
            var snapshot = StoreSnapshot(appVersion: report.appVersion ?? "", sourceHash: $0, modules: modules,
                                         fallbacks: fallbacks)
            snapshot.isUnhealed = true  // as a launch before its first sync: each revision checked where first served
            return snapshot
        }
        let localizer = Localizer(catalog: shipped, store: snapshot, preferredLanguages: request.locales, mode: request.mode)
        return localizer.explain(request.key, table: request.table, module: request.module, pending: pending,
                                 withdrawn: withdrawn)
    }

    /// Compares the store with what `origin` serves now, read-only: the manifest (and, with `trusted`, its
    /// signature) through the sync transports; nothing is written.
    public static func compare(
        origin: URL, transport: any HTTPTransport, report: InspectReport, appVersion: String?, trusted: TrustedKeys?,
        sourceHash: String? = nil, timeout: Duration = .seconds(30)
    ) async -> InspectReport.OriginComparison {
        var result = InspectReport.OriginComparison(origin: origin.absoluteString, status: "unreachable")
        guard let version = appVersion ?? report.appVersion else {
            result.detail = "the store names no app version; pass --app-version"
            return result
        }
        let base = origin.appendingPathComponent(version)
        let limits = ValidationLimits.default
        let response: TransportResponse
        do {
            response = try await transport.fetch(TransportRequest(
                url: base.appendingPathComponent("manifest.json"), maxBytes: limits.maxManifestBytes, timeout: timeout))
        } catch {
            result.detail = error.message
            return result
        }
        guard response.status != 404 else {
            result.status = "not-published"
            result.detail = "the origin has no manifest for app version \(version)"
            return result
        }
        guard response.isSuccess else {
            result.detail = "the origin answered HTTP \(response.status)"
            return result
        }
        if let trusted {
            let sha = SHA256.hash(response.body).hex
            let signature = try? await transport.fetch(TransportRequest(
                url: base.appendingPathComponent("signatures/\(sha).sig"), maxBytes: limits.maxSignatureBytes,
                timeout: timeout))
            let file = signature.flatMap { $0.isSuccess ? try? SignatureFile.decode($0.body) : nil }
            let verdict = file.map { trusted.verify(message: response.body, signatures: $0.signatures) }
            guard verdict?.isThresholdMet == true else {
                result.status = "rejected"
                result.detail = "the origin's manifest is not signed by the --trust keys: a client would reject it"
                return result
            }
        }
        guard let manifest = try? Manifest.decode(response.body) else {
            result.status = "rejected"
            result.detail = "the origin's manifest does not decode: a client would reject it"
            return result
        }
        result.revision = manifest.revision
        if let build = sourceHash ?? report.sourceHash, manifest.sourceHash != build {
            result.status = "rejected"
            result.detail = "its manifest revision \(manifest.revision) was published from a catalog with source hash "
                + "\(manifest.sourceHash), this build has \(build): a client rejects it (binding.source-hash) and keeps "
                + "what is active; publish from the catalog this build shipped, or under the new build's app version"
            return result
        }
        for module in manifest.modules {
            let active = report.modules.first { $0.name == module.name }?.active?.sha256
            let revoked = manifest.isRevoked(module: module.name, sha256: module.sha256)
            if active != module.sha256 && !revoked { result.changes.append(.init(module: module.name, from: active, to: module.sha256)) }
        }
        for module in report.modules {
            guard let active = module.active?.sha256 else { continue }
            if manifest.module(named: module.name) == nil || manifest.isRevoked(module: module.name, sha256: active) {
                if !result.changes.contains(where: { $0.module == module.name }) {
                    result.changes.append(.init(module: module.name, from: active, to: nil))
                }
            }
        }
        let applied = report.manifest?.revision ?? 0
        let seen = report.manifest?.highestSeenRevision ?? applied
        if manifest.revision < seen {
            result.status = "ahead"
            result.detail = "the store has seen revision \(seen); the origin serves \(manifest.revision), which a client rejects as a rollback"
        } else if manifest.revision > applied || !result.changes.isEmpty {
            result.status = "behind"
            result.behindBy = max(0, manifest.revision - applied)
        } else {
            result.status = "up-to-date"
        }
        return result
    }
}

extension Localizer {
    /// ``explain(_:table:module:)`` with what the store knows beyond this Localizer's snapshot: `pending`, active in
    /// the store but not served by this Localizer yet; `withdrawn`, why the module serves no overlay although the store
    /// had one, as a clause.
    package func explain(
        _ key: String, table tableName: String = "Localizable", module: String, pending: ActiveRevision?,
        withdrawn: String?
    ) -> ResolutionExplanation {
        var e = explain(key, table: tableName, module: module)
        e.pending = pending
        if let pending, pending != activeRevisions[module] {
            let next = Localizer(
                catalog: catalog, store: StoreSnapshot(appVersion: "", sourceHash: sourceHash,
                                                       modules: activeRevisions.merging([module: pending]) { $1 }),
                preferredLanguages: preferredLanguages, mode: mode, device: device, sourceHash: sourceHash)
            let text = next.table(tableName, in: module).string(forKey: key)
            if text != e.shown { e.pendingValue = text }
        }
        let shown = "\"\(e.shown)\""
        let shippedFrom = e.resolution.locale.map { " (shipped \($0))" } ?? ""
        if let pendingValue = e.pendingValue, let pending {
            e.reason = .pendingNextLaunch
            e.sentence = "Shows \(shown) because revision \(pending.revision) of \(module), which has "
                + "\"\(pendingValue)\", is in the store but not applied by this process: it shows at the next launch "
                + "of the app (or applyPendingUpdates); relaunch the app."
        } else if let withdrawn, e.reason != .overlay, e.reason != .overlayIgnoredSourceHash,
                  e.steps.first?.outcome == .noRevision {
            e.reason = .overlayWithdrawn
            e.sentence = "Shows \(shown)\(shippedFrom) because the overlay of \(module) was withdrawn (\(withdrawn)); "
                + "publish a corrected revision if the shipped text is wrong."
        }
        return e
    }
}
