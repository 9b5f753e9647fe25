import Foundation
import OverlayCore

/// One sync cycle (DESIGN.md "Sync cycle"), run by `SyncService`. A value: its copies share the counters and the
/// signature searches, which are locked objects.
struct SyncCycle: Sendable {
    let configuration: SyncConfiguration
    let transport: any HTTPTransport
    let store: OverlayStore
    let events: (any EventSink)?
    /// The cycle's one reading of the clock (DESIGN.md "Clocks"): every expiry, age and journal time of the cycle
    /// uses this instant, so no two checks of one cycle disagree about what time it is.
    let now: Date

    /// Request and byte counters shared by concurrent downloads.
    private let traffic = LockedValue<(requests: Int, bytes: Int)>((0, 0))
    /// Signature searches by manifest SHA-256: a mirror serving the same manifest bytes is not asked again.
    let signatureSearches = LockedValue<[String: Result<Data?, SyncError>]>([:])

    /// One cycle. `missed`: the attached development Localizer's missed keys, journaled for `overlay inspect`.
    func run(missed: MissedKeys? = nil) async -> SyncReport {
        let started = ContinuousClock.now
        var report = await cycle()
        let counted = traffic.withLock { $0 }
        report.requests = counted.requests
        report.bytes = counted.bytes
        report.duration = ContinuousClock.now - started
        await journal(report)
        if let missed { await journal(missed) }
        return report
    }

    /// Steps 2–6 against each origin in order until one serves a manifest this client accepts (or a 304): a mirror
    /// that refuses, times out or serves a stale, tampered or unsigned manifest is skipped and reported.
    private func cycle() async -> SyncReport {
        let origins = configuration.origins
        var skipped: [SyncReport.SkippedOrigin] = []
        var index = 0
        var report = await cycle(from: origins[index])
        while index + 1 < origins.count, let reason = report.reasonToTryNextOrigin {
            skipped.append(.init(origin: origins[index], outcome: report.outcome, reason: reason))
            emit(.warning, "origin.skipped", ["origin": origins[index].absoluteString, "outcome": report.outcome.rawValue, "reason": reason])
            index += 1
            report = await cycle(from: origins[index])
        }
        report.origin = origins[index]
        report.skippedOrigins = skipped
        if report.refreshFailed { await expireIfTooOld(&report) }
        return report
    }

    /// One origin's attempt (a rejected mirror's attempt writes nothing). A 304 reads only the ETag; a manifest to
    /// apply reads the rest of the store's state once, and the cycle's own writes update that view in step.
    private func cycle(from origin: URL) async -> SyncReport {
        let manifestURL = configuration.url("manifest.json", origin: origin)
        let etag = store.etag
        let response: TransportResponse
        do {
            response = try await fetch(TransportRequest(
                url: manifestURL, ifNoneMatch: etag, maxBytes: configuration.limits.maxManifestBytes,
                timeout: configuration.requestTimeout))
        } catch {
            return await failedRefresh(error)
        }
        if response.isNotModified {
            guard let etag, let answered = response.etag, ETag.matches(answered, etag) else {
                return SyncReport(outcome: .failed, httpStatus: 304, error: SyncError(
                    code: .httpStatus, message: "the origin answered 304 with an ETag this store did not send; nothing changed",
                    url: manifestURL))
            }
            return SyncReport(outcome: .notModified, httpStatus: 304)
        }
        if response.status == 404 { return SyncReport(outcome: .notPublished, httpStatus: 404) }
        guard response.isSuccess else {
            var report = await failedRefresh(SyncError(
                code: .httpStatus, message: "the origin answered HTTP \(response.status)", url: manifestURL))
            report.httpStatus = response.status
            report.retryAfter = response.retryAfter.map(RetryAfter.clamped)
            return report
        }
        // An ETag the store cannot keep safely (over 512 bytes, control characters) is dropped: the next check is
        // then an unconditional GET.
        let view = store.cycleView()
        return await apply(manifestBytes: response.body, etag: ETag.kept(response.etag), view: view, origin: origin)
    }

    /// Steps 3–6: verify, check rollback and equivocation, record, revoke, download, activate, persist.
    private func apply(manifestBytes: Data, etag: String?, view: OverlayStore.CycleView, origin: URL) async -> SyncReport {
        var view = view
        let sha256 = SHA256.hash(manifestBytes).hex
        var report = SyncReport(outcome: .applied, httpStatus: 200)
        let signature: Data?
        switch await self.signature(for: manifestBytes, sha256: sha256, origins: origins(startingWith: origin)) {
        case .success(let found): signature = found
        case .failure(let error): return await failedRefresh(error)
        }
        let context = ValidationContext(
            trustedKeys: configuration.trustedKeys, appVersion: configuration.appVersion,
            sourceHash: configuration.sourceHash, shipped: configuration.shipped, limits: configuration.limits,
            now: now, maxManifestAge: configuration.maxManifestAge)
        let verdict = ManifestValidator.validate(
            manifest: manifestBytes, signatureFile: signature, context: context, file: "manifest.json")
        guard let manifest = verdict.manifest else { return rejected(report, verdict.findings) }
        report.findings = verdict.findings
        report.manifestRevision = manifest.revision

        // Binding before any download: a manifest naming modules this build does not ship is not for this build.
        let unknown = manifest.modules.map(\.name).filter { configuration.shipped.modules[$0] == nil }
        if !unknown.isEmpty {
            let shown = unknown.prefix(5).joined(separator: ", ") + (unknown.count > 5 ? ", …" : "")
            return rejected(report, [Finding(
                code: "binding.unknown-module", severity: .error,
                message: "the manifest lists \(unknown.count) module\(unknown.count == 1 ? "" : "s") the build does not "
                    + "ship (\(shown)); an overlay can only change shipped modules, so nothing was downloaded",
                location: .init(file: "manifest.json"))])
        }

        // Rollback and equivocation, against the highest manifest this store has seen for this app version.
        let seen = view.highestSeen
        let replay = ReplayRule.check(revision: manifest.revision, sha256: sha256, seen: seen, file: "manifest.json")
        if !replay.isEmpty { return rejected(report, replay) }
        do {
            let newManifest = seen?.sha256 != sha256
            let revision = manifest.revision
            if newManifest {
                try await write { store in
                    try store.recordManifestSeen(revision: revision, sha256: sha256)
                    try store.clearRejected()
                }
                view.rejected = [:]
            }
            report.modules += try await applyRevocationsAndRemovals(manifest, view: &view)
        } catch {
            return storeFailure(report, error)
        }

        var downloads: [Manifest.Module] = []
        for entry in manifest.modules {
            let skipped: SyncReport.ModuleAction? = if manifest.isRevoked(module: entry.name, sha256: entry.sha256) {
                .skippedRevoked
            } else if view.snapshot.modules[entry.name]?.sha256 == entry.sha256 {
                .unchanged
            } else if view.isRejected(module: entry.name, sha256: entry.sha256) {
                .skippedRejected
            } else {
                nil
            }
            if let skipped { report.modules.append(.init(entry, skipped)) } else { downloads.append(entry) }
        }
        let results = await download(downloads, manifest: manifest, context: context, origins: origins(startingWith: origin))
        if Task.isCancelled {
            report.outcome = .cancelled
            return report
        }
        // Every accepted module is switched in one store write: fewer fsyncs, and a crash leaves all or none.
        let pending = results.compactMap(\.pending)
        var activationFailure: String?
        var switched: Set<String> = []
        if !pending.isEmpty {
            do {
                switched = try await write { try $0.activate(pending) }
            } catch {
                activationFailure = "store: \(error)"
            }
        }
        for result in results {
            var module = result.module
            if let activated = result.pending {
                if let activationFailure {
                    module.action = .failed
                    module.detail = activationFailure
                    emit(.warning, "module.failed", ["module": activated.module, "detail": activationFailure])
                } else if !switched.contains(activated.module) {
                    // Another sync of this store (another process, or the app's extension) activated it first:
                    // this cycle reports only what it did.
                    module.action = .unchanged
                    module.detail = "already activated by another sync of this store"
                } else {
                    emit(.info, "module.activated", ["module": activated.module, "sha256": activated.sha256, "revision": String(activated.revision)])
                }
            }
            report.modules.append(module)
            report.findings += result.findings
        }
        if report.modules.contains(where: { $0.action == .failed }) {
            report.outcome = .partial
            return report
        }
        do {
            let signatureBytes = signature ?? Data()
            try await write { try $0.saveManifest(bytes: manifestBytes, signature: signatureBytes, etag: etag) }
        } catch {
            let activated = report.modules.filter { $0.action == .activated }.count
            let prefix = activated > 0 ? "the modules counted as activated serve, but the manifest could not be saved "
                + "(the next sync fetches it again): " : ""
            return storeFailure(report, error, prefix: prefix)
        }
        return report
    }

    /// Step 4: modules no longer listed return to shipped strings; a revoked active revision goes back to its
    /// previous one if that is not revoked too, else to shipped strings.
    private func applyRevocationsAndRemovals(
        _ manifest: Manifest, view: inout OverlayStore.CycleView
    ) async throws -> [SyncReport.ModuleResult] {
        var results: [SyncReport.ModuleResult] = []
        let listed = Set(manifest.modules.map(\.name))
        for (name, active) in view.snapshot.modules.sorted(by: { $0.key < $1.key }) {
            let isListed = listed.contains(name)
            guard !isListed || manifest.isRevoked(module: name, sha256: active.sha256) else { continue }
            if isListed, let previous = view.snapshot.fallbacks[name],
                !manifest.isRevoked(module: name, sha256: previous.sha256) {
                _ = try await write { try $0.rollback(module: name) }
                view.snapshot.modules[name] = previous
                view.snapshot.fallbacks[name] = nil
                results.append(.init(name: name, action: .rolledBack, sha256: previous.sha256, revision: previous.revision, detail: "active revision revoked"))
            } else {
                try await write { try $0.deactivate(module: name) }
                view.snapshot.modules[name] = nil
                let detail = isListed ? "active revision revoked" : "no longer published"
                results.append(.init(name: name, action: .deactivated, sha256: active.sha256, detail: detail))
            }
            if isListed {
                emit(.warning, "module.revoked", ["module": name, "sha256": active.sha256])
            } else {
                emit(.info, "module.deactivated", ["module": name, "reason": "removed"])
            }
        }
        return results
    }

    /// Store writes wait on fsync and on `LOCK`; they run on this queue so they never hold a thread of the
    /// cooperative pool that the downloads and the app share.
    static let storeQueue = DispatchQueue(label: "overlay.sync.store")

    /// Runs one write to the cycle's store on ``storeQueue``.
    func write<T: Sendable>(_ work: @escaping @Sendable (OverlayStore) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Self.storeQueue.async { continuation.resume(with: Result { try work(self.store) }) }
        }
    }

    func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        if Task.isCancelled { throw SyncError(code: .cancelled, message: "the cycle was cancelled", url: request.url) }
        let started = ContinuousClock.now
        do {
            let response = try await transport.fetch(request)
            traffic.withLock {
                $0.requests += 1
                $0.bytes += response.body.count
            }
            emit(.debug, "request", [
                "url": request.url.absoluteString, "status": String(response.status), "bytes": String(response.body.count),
                "ms": String((ContinuousClock.now - started).milliseconds),
            ])
            return response
        } catch {
            traffic.withLock { $0.requests += 1 }
            emit(.debug, "request", ["url": request.url.absoluteString, "error": error.code.rawValue])
            throw error
        }
    }

    /// A refresh that could not complete; past the optional maximum overlay age, modules return to shipped strings.
    private func failedRefresh(_ error: SyncError) async -> SyncReport {
        var report = SyncReport(outcome: error.code == .cancelled ? .cancelled : .failed, error: error)
        report.refreshFailed = true
        emit(.warning, "refresh.failed", ["code": error.code.rawValue, "message": error.message])
        return report
    }

    /// When no origin could refresh: past the optional maximum overlay age, modules return to shipped strings, in one
    /// store write that also forgets the ETag — so the next check that reaches the origin fetches the manifest whole
    /// and, if it validates (a clock that ran ahead was corrected), brings the overlay back instead of a 304.
    private func expireIfTooOld(_ report: inout SyncReport) async {
        guard let maxAge = configuration.maxOverlayAge, let saved = try? store.savedManifest(),
            let manifest = try? Manifest.decode(saved.manifest), now.timeIntervalSince(manifest.publishedAt) > maxAge
        else { return }
        let active = store.snapshot().modules.sorted(by: { $0.key < $1.key })
        guard !active.isEmpty else { return }
        var failure: (any Error)?
        do {
            try await write { try $0.expire(modules: active.map(\.key)) }
        } catch {
            failure = error
            emit(.warning, "store.write-failed", ["write": "expire", "error": "\(error)"])
        }
        for (name, revision) in active {
            let detail = failure.map { "the overlay is older than the maximum age but could not be retired: \($0)" }
            report.modules.append(.init(
                name: name, action: failure == nil ? .deactivated : .failed, sha256: revision.sha256,
                detail: detail ?? "overlay older than the maximum age"))
        }
    }

    /// `first`, then every other configured origin in order: who is asked for the files of the manifest `first` served.
    func origins(startingWith first: URL) -> [URL] {
        [first] + configuration.origins.filter { $0 != first }
    }

    private func rejected(_ base: SyncReport, _ findings: [Finding]) -> SyncReport {
        var report = base
        report.outcome = .rejected
        report.findings += findings
        emit(.warning, "manifest.rejected", ["codes": findings.map(\.code).joined(separator: ",")])
        return report
    }

    private func storeFailure(_ base: SyncReport, _ error: any Error, prefix: String = "") -> SyncReport {
        var report = base
        report.outcome = .failed
        report.error = SyncError(code: .store, message: prefix + "\(error)")
        emit(.error, "store.failed", ["error": "\(error)"])
        return report
    }

    /// `fields` are built only when an app passed a sink.
    func emit(_ level: SyncEvent.Level, _ name: String, _ fields: @autoclosure () -> [String: String]) {
        events?.record(SyncEvent(level, name, fields()))
    }
}
