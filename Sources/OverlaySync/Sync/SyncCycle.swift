import Foundation
import OverlayCore

/// One sync cycle (DESIGN.md "Sync cycle"), run by `SyncService`.
final class SyncCycle: Sendable {
    let configuration: SyncConfiguration
    let transport: any HTTPTransport
    let store: OverlayStore
    let events: (any EventSink)?

    /// Request and byte counters shared by concurrent downloads.
    private let traffic = LockedValue<(requests: Int, bytes: Int)>((0, 0))

    init(configuration: SyncConfiguration, transport: any HTTPTransport, store: OverlayStore, events: (any EventSink)?) {
        self.configuration = configuration
        self.transport = transport
        self.store = store
        self.events = events
    }

    func run() async -> SyncReport {
        let started = ContinuousClock.now
        var report = await cycle()
        let counted = traffic.withLock { $0 }
        report.requests = counted.requests
        report.bytes = counted.bytes
        report.duration = ContinuousClock.now - started
        journal(report)
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
        if report.refreshFailed { expireIfTooOld(&report) }
        return report
    }

    private func cycle(from origin: URL) async -> SyncReport {
        let manifestURL = configuration.url("manifest.json", origin: origin)
        let etag = store.etag
        let response: TransportResponse
        do {
            response = try await fetch(TransportRequest(
                url: manifestURL, ifNoneMatch: etag, maxBytes: configuration.limits.maxManifestBytes,
                timeout: configuration.requestTimeout))
        } catch {
            return failedRefresh(error)
        }
        if response.isNotModified {
            guard let etag, let answered = response.etag, ETag.matches(answered, etag) else {
                var report = SyncReport(outcome: .failed)
                report.httpStatus = 304
                report.error = SyncError(
                    code: .httpStatus, message: "the origin answered 304 with an ETag this store did not send; nothing changed",
                    url: manifestURL)
                return report
            }
            var report = SyncReport(outcome: .notModified)
            report.httpStatus = 304
            return report
        }
        if response.status == 404 {
            var report = SyncReport(outcome: .notPublished)
            report.httpStatus = 404
            return report
        }
        guard response.isSuccess else {
            var report = failedRefresh(SyncError(
                code: .httpStatus, message: "the origin answered HTTP \(response.status)", url: manifestURL))
            report.httpStatus = response.status
            report.retryAfter = response.retryAfter
            return report
        }
        return await apply(manifestBytes: response.body, etag: response.etag, origin: origin)
    }

    /// Steps 3–6: verify, check rollback and equivocation, record, revoke, download, activate, persist.
    private func apply(manifestBytes: Data, etag: String?, origin: URL) async -> SyncReport {
        let sha256 = SHA256.hash(manifestBytes).hex
        var report = SyncReport(outcome: .applied)
        report.httpStatus = 200
        let signatureURL = configuration.url("signatures/\(sha256).sig", origin: origin)
        var signature: Data?
        do {
            let answer = try await fetch(TransportRequest(
                url: signatureURL, maxBytes: configuration.limits.maxSignatureBytes, timeout: configuration.requestTimeout))
            if answer.isSuccess { signature = answer.body } else if answer.status != 404 {
                return failedRefresh(SyncError(
                    code: .httpStatus, message: "the signature request answered HTTP \(answer.status)", url: signatureURL))
            }
        } catch {
            return failedRefresh(error)
        }
        let context = ValidationContext(
            trustedKeys: configuration.trustedKeys, appVersion: configuration.appVersion,
            sourceHash: configuration.sourceHash, shipped: configuration.shipped, limits: configuration.limits,
            now: configuration.now(), maxManifestAge: configuration.maxManifestAge)
        let verdict = ManifestValidator.validate(
            manifest: manifestBytes, signatureFile: signature, context: context, file: "manifest.json")
        report.findings = verdict.findings
        guard let manifest = verdict.manifest else {
            report.outcome = .rejected
            emit(.warning, "manifest.rejected", ["codes": verdict.findings.map(\.code).joined(separator: ",")])
            return report
        }
        report.manifestRevision = manifest.revision

        // Rollback and equivocation, against the highest manifest this store has seen for this app version.
        let seen = store.highestRevisionSeen
        if let seen {
            if manifest.revision < seen.revision {
                return rejected(report, code: "rollback", "manifest revision \(manifest.revision) is below revision \(seen.revision) already seen; an old manifest is being replayed")
            }
            if manifest.revision == seen.revision && sha256 != seen.sha256 {
                return rejected(report, code: "equivocation", "manifest revision \(manifest.revision) was seen before with other bytes; the origin is serving two different manifests under one revision")
            }
        }
        do {
            if seen?.sha256 != sha256 {
                try store.recordManifestSeen(revision: manifest.revision, sha256: sha256)
                try store.clearRejected()
            }
            report.modules += try applyRevocationsAndRemovals(manifest)
        } catch {
            return storeFailure(report, error)
        }

        let snapshot = store.snapshot()
        var downloads: [Manifest.Module] = []
        for entry in manifest.modules {
            if manifest.isRevoked(module: entry.name, sha256: entry.sha256) {
                report.modules.append(.init(name: entry.name, action: .skippedRevoked, sha256: entry.sha256, revision: entry.revision))
            } else if snapshot.modules[entry.name]?.sha256 == entry.sha256 {
                report.modules.append(.init(name: entry.name, action: .unchanged, sha256: entry.sha256, revision: entry.revision))
            } else if store.isRejected(module: entry.name, sha256: entry.sha256) {
                report.modules.append(.init(name: entry.name, action: .skippedRejected, sha256: entry.sha256, revision: entry.revision))
            } else {
                downloads.append(entry)
            }
        }
        let results = await download(downloads, manifest: manifest, context: context, origin: origin)
        if Task.isCancelled {
            report.outcome = .cancelled
            return report
        }
        // Every accepted module is switched in one store write: fewer fsyncs, and a crash leaves all or none.
        let pending = results.compactMap(\.pending)
        var activationFailure: String?
        if !pending.isEmpty {
            let store = self.store
            activationFailure = await Self.offPool {
                do {
                    try store.activate(pending)
                    return nil
                } catch {
                    return "store: \(error)"
                }
            }
        }
        for result in results {
            var module = result.module
            if let activated = result.pending {
                if let activationFailure {
                    module.action = .failed
                    module.detail = activationFailure
                    emit(.warning, "module.failed", ["module": activated.module, "detail": activationFailure])
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
            try store.saveManifest(bytes: manifestBytes, signature: signature ?? Data(), etag: etag)
        } catch {
            return storeFailure(report, error)
        }
        return report
    }

    /// Step 4: modules no longer listed return to shipped strings; a revoked active revision goes back to its
    /// previous one if that is not revoked too, else to shipped strings.
    private func applyRevocationsAndRemovals(_ manifest: Manifest) throws -> [SyncReport.ModuleResult] {
        var results: [SyncReport.ModuleResult] = []
        let listed = Set(manifest.modules.map(\.name))
        for (name, active) in store.snapshot().modules.sorted(by: { $0.key < $1.key }) {
            if !listed.contains(name) {
                try store.deactivate(module: name)
                results.append(.init(name: name, action: .deactivated, sha256: active.sha256, detail: "no longer published"))
                emit(.info, "module.deactivated", ["module": name, "reason": "removed"])
            } else if manifest.isRevoked(module: name, sha256: active.sha256) {
                if let previous = store.previous(module: name), !manifest.isRevoked(module: name, sha256: previous.sha256) {
                    _ = try store.rollback(module: name)
                    results.append(.init(name: name, action: .rolledBack, sha256: previous.sha256, revision: previous.revision, detail: "active revision revoked"))
                } else {
                    try store.deactivate(module: name)
                    results.append(.init(name: name, action: .deactivated, sha256: active.sha256, detail: "active revision revoked"))
                }
                emit(.warning, "module.revoked", ["module": name, "sha256": active.sha256])
            }
        }
        return results
    }

    private struct DownloadResult: Sendable {
        var module: SyncReport.ModuleResult
        var findings: [Finding]
        /// A verified, validated revision for the cycle's one batch activation.
        var pending: OverlayStore.PendingRevision?
    }

    /// Step 5, with at most `maxConcurrentDownloads` archives in flight.
    private func download(
        _ entries: [Manifest.Module], manifest: Manifest, context: ValidationContext, origin: URL
    ) async -> [DownloadResult] {
        await withTaskGroup(of: DownloadResult.self) { group in
            var results: [DownloadResult] = []
            var pending = entries[...]
            func launch() {
                guard let entry = pending.popFirst() else { return }
                group.addTask { await self.downloadOne(entry, manifest: manifest, context: context, origin: origin) }
            }
            for _ in 0..<configuration.maxConcurrentDownloads { launch() }
            for await result in group {
                results.append(result)
                if !Task.isCancelled { launch() }
            }
            return results.sorted { $0.module.name < $1.module.name }
        }
    }

    private func downloadOne(
        _ entry: Manifest.Module, manifest: Manifest, context: ValidationContext, origin: URL
    ) async -> DownloadResult {
        let url = configuration.url(entry.path, origin: origin)
        func failed(_ detail: String) -> DownloadResult {
            emit(.warning, "module.failed", ["module": entry.name, "url": url.absoluteString, "detail": detail])
            return DownloadResult(module: .init(name: entry.name, action: .failed, sha256: entry.sha256, revision: entry.revision, detail: detail), findings: [])
        }
        let response: TransportResponse
        do {
            response = try await fetch(TransportRequest(
                url: url, maxBytes: min(entry.size, configuration.limits.maxArchiveBytes), timeout: configuration.requestTimeout))
        } catch {
            return failed(error.description)
        }
        guard response.isSuccess else { return failed("HTTP \(response.status)") }
        let verdict = ModuleValidator.validate(archive: response.body, entry: entry, manifest: manifest, context: context)
        guard verdict.isAccepted, let files = verdict.files else {
            try? store.markRejected(module: entry.name, sha256: entry.sha256)
            emit(.warning, "module.rejected", ["module": entry.name, "codes": verdict.findings.filter { $0.severity == .error }.map(\.code).joined(separator: ",")])
            return DownloadResult(
                module: .init(name: entry.name, action: .rejected, sha256: entry.sha256, revision: entry.revision,
                              detail: verdict.findings.first { $0.severity == .error }?.message),
                findings: verdict.findings)
        }
        let pending = OverlayStore.PendingRevision(module: entry.name, sha256: entry.sha256, revision: entry.revision, files: files)
        // Written and fsynced now, while other archives download; the cycle's one activation finds it in place
        // (a failure here is met again, and reported, by that activation).
        if !Task.isCancelled {
            let store = self.store
            await Self.offPool { try? store.stage(pending) }
        }
        return DownloadResult(
            module: .init(name: entry.name, action: .activated, sha256: entry.sha256, revision: entry.revision),
            findings: verdict.findings, pending: pending)
    }

    /// Store writes wait on fsync and on `LOCK`; they run on this queue so they never hold a thread of the
    /// cooperative pool that the downloads and the app share.
    private static let storeQueue = DispatchQueue(label: "overlay.sync.store")

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            storeQueue.async { continuation.resume(returning: work()) }
        }
    }

    // MARK: Helpers

    private func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
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
                "ms": String(Self.milliseconds(ContinuousClock.now - started)),
            ])
            return response
        } catch {
            traffic.withLock { $0.requests += 1 }
            emit(.debug, "request", ["url": request.url.absoluteString, "error": error.code.rawValue])
            throw error
        }
    }

    /// A refresh that could not complete (from this origin; `cycle()` may try the next).
    private func failedRefresh(_ error: SyncError) -> SyncReport {
        var report = SyncReport(outcome: error.code == .cancelled ? .cancelled : .failed)
        report.error = error
        report.refreshFailed = true
        emit(.warning, "refresh.failed", ["code": error.code.rawValue, "message": error.message])
        return report
    }

    /// When no origin could refresh: past the optional maximum overlay age, modules return to shipped strings.
    private func expireIfTooOld(_ report: inout SyncReport) {
        if let maxAge = configuration.maxOverlayAge, let saved = try? store.savedManifest(),
            let manifest = try? Manifest.decode(saved.manifest),
            configuration.now().timeIntervalSince(manifest.publishedAt) > maxAge
        {
            for (name, active) in store.snapshot().modules {
                if (try? store.deactivate(module: name)) != nil {
                    report.modules.append(.init(name: name, action: .deactivated, sha256: active.sha256, detail: "overlay older than the maximum age"))
                }
            }
        }
    }

    private func rejected(_ base: SyncReport, code: String, _ message: String) -> SyncReport {
        var report = base
        report.outcome = .rejected
        report.findings.append(Finding(code: code, severity: .error, message: message, location: .init(file: "manifest.json")))
        emit(.warning, "manifest.rejected", ["codes": code])
        return report
    }

    private func storeFailure(_ base: SyncReport, _ error: any Error) -> SyncReport {
        var report = base
        report.outcome = .failed
        report.error = SyncError(code: .store, message: "\(error)")
        emit(.error, "store.failed", ["error": "\(error)"])
        return report
    }

    private func emit(_ level: SyncEvent.Level, _ name: String, _ fields: [String: String]) {
        events?.record(SyncEvent(level, name, fields))
    }

    /// Step 7: one journal line per cycle (counters, not payloads).
    private func journal(_ report: SyncReport) {
        var members: [(String, JSONValue)] = [
            ("at", .string(RFC3339.string(from: configuration.now()))),
            ("outcome", .string(report.outcome.rawValue)),
        ]
        if let revision = report.manifestRevision { members.append(("revision", .number(JSONNumber(revision)))) }
        for (name, value) in report.counters { members.append((name, .number(JSONNumber(value)))) }
        members.append(("ms", .number(JSONNumber(Self.milliseconds(report.duration)))))
        let rejected = report.rejectedByCode
        if !rejected.isEmpty {
            members.append(("rejected_by_code", .object(JSONObject(rejected.sorted { $0.key < $1.key }.map { ($0.key, .number(JSONNumber($0.value))) }))))
        }
        if let error = report.error { members.append(("error", .string("\(error.code.rawValue): \(error.message)"))) }
        if !report.skippedOrigins.isEmpty {
            members.append(("skipped_origins", .array(report.skippedOrigins.map { skipped in
                .object(JSONObject([
                    ("origin", .string(skipped.origin.absoluteString)), ("outcome", .string(skipped.outcome.rawValue)),
                    ("reason", .string(skipped.reason)),
                ]))
            })))
        }
        try? store.appendJournal(.object(JSONObject(members)))
        emit(report.outcome == .failed || report.outcome == .rejected ? .warning : .info, "cycle", [
            "outcome": report.outcome.rawValue, "requests": String(report.requests), "bytes": String(report.bytes),
        ])
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000) + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
