import Foundation
import OverlayCore

/// Steps 3 and 5: the manifest's signature and its archives, named by content and checked against the signed manifest,
/// so any origin's copy will do (DESIGN.md "Sync cycle", mirrors). Bytes that do not match the manifest are a failed
/// transfer, never a rejection: only an archive that matches and then fails validation is remembered as rejected.
extension SyncCycle {
    struct DownloadResult: Sendable {
        var module: SyncReport.ModuleResult
        var findings: [Finding]
        /// A verified, validated revision for the cycle's one batch activation.
        var pending: OverlayStore.PendingRevision?
    }

    /// The manifest's signature file from the first origin whose copy verifies. Otherwise the first copy any origin
    /// served (validation then says why it fails), else a transfer error when some origin could not answer, else nil
    /// (no origin has one: the manifest is unsigned). Searched once per manifest and cycle.
    func signature(for manifest: Data, sha256: String, origins: [URL]) async -> Result<Data?, SyncError> {
        if let known = signatureSearches.withLock({ $0[sha256] }) { return known }
        var served: Data?
        var failure: SyncError?
        for origin in origins {
            let url = configuration.url("signatures/\(sha256).sig", origin: origin)
            let answer: TransportResponse
            do {
                answer = try await fetch(TransportRequest(
                    url: url, maxBytes: configuration.limits.maxSignatureBytes, timeout: configuration.requestTimeout))
            } catch {
                if error.code == .cancelled { return .failure(error) }
                failure = failure ?? error
                continue
            }
            guard answer.isSuccess else {
                if answer.status != 404 {
                    failure = failure ?? SyncError(
                        code: .httpStatus, message: "the signature request answered HTTP \(answer.status)", url: url)
                }
                continue
            }
            let authenticity = ManifestValidator.authenticity(
                manifest: manifest, signatureFile: answer.body, trustedKeys: configuration.trustedKeys,
                limits: configuration.limits, file: "manifest.json")
            if authenticity.isAcceptable {
                signatureSearches.withLock { $0[sha256] = .success(answer.body) }
                return .success(answer.body)
            }
            emit(.warning, "signature.skipped", ["url": url.absoluteString, "codes": authenticity.map(\.code).joined(separator: ",")])
            served = served ?? answer.body
        }
        let result: Result<Data?, SyncError> = served.map { .success($0) } ?? failure.map { .failure($0) } ?? .success(nil)
        signatureSearches.withLock { $0[sha256] = result }
        return result
    }

    /// Step 5, with at most `maxConcurrentDownloads` archives in flight.
    func download(
        _ entries: [Manifest.Module], manifest: Manifest, context: ValidationContext, origins: [URL]
    ) async -> [DownloadResult] {
        await withTaskGroup(of: DownloadResult.self) { group in
            var results: [DownloadResult] = []
            var pending = entries[...]
            func launch() {
                guard let entry = pending.popFirst() else { return }
                group.addTask { await self.downloadOne(entry, manifest: manifest, context: context, origins: origins) }
            }
            for _ in 0..<configuration.maxConcurrentDownloads { launch() }
            for await result in group {
                results.append(result)
                if !Task.isCancelled { launch() }
            }
            return results.sorted { $0.module.name < $1.module.name }
        }
    }

    /// One archive: the first origin whose copy is the one the manifest lists, then validated; a module no origin
    /// serves correctly fails for this cycle (the next one asks again).
    private func downloadOne(
        _ entry: Manifest.Module, manifest: Manifest, context: ValidationContext, origins: [URL]
    ) async -> DownloadResult {
        guard entry.size <= configuration.limits.maxArchiveBytes else {
            // The signed manifest itself says the archive is too large for this client: no copy can be accepted.
            let finding = Finding(
                code: "size.archive", severity: .error,
                message: "the manifest lists the archive at \(entry.size) bytes, over this client's \(configuration.limits.maxArchiveBytes)-byte cap; split the module or publish smaller tables",
                location: .init(file: entry.path, module: entry.name))
            return await rejected(entry, findings: [finding], errors: [])
        }
        var errors: [SyncError] = []
        for origin in origins {
            let body: Data
            do {
                body = try await fetchArchive(entry, from: configuration.url(entry.path, origin: origin))
            } catch {
                errors.append(error)
                emit(.warning, "module.fetch-failed", [
                    "module": entry.name, "url": error.url?.absoluteString ?? "", "code": error.code.rawValue, "detail": error.message,
                ])
                if error.code == .cancelled { break }
                continue
            }
            return await validate(body, entry: entry, manifest: manifest, context: context, errors: errors)
        }
        let detail = errors.count == 1 ? errors[0].description
            : "no origin served the archive the manifest lists: " + errors.map(\.description).joined(separator: "; ")
        emit(.warning, "module.failed", ["module": entry.name, "detail": detail])
        return DownloadResult(module: .init(entry, .failed, detail: detail, fetchErrors: errors), findings: [])
    }

    /// The archive's bytes when they are the ones the manifest lists (size, then SHA-256); otherwise why not.
    private func fetchArchive(_ entry: Manifest.Module, from url: URL) async throws(SyncError) -> Data {
        let response: TransportResponse
        do {
            response = try await fetch(TransportRequest(url: url, maxBytes: entry.size, timeout: configuration.requestTimeout))
        } catch {
            guard error.code == .tooLarge else { throw error }
            throw SyncError(code: .mismatch, message: "the origin served more than the \(entry.size) bytes the manifest lists", url: url)
        }
        guard response.isSuccess else { throw SyncError(code: .httpStatus, message: "HTTP \(response.status)", url: url) }
        guard response.body.count == entry.size else {
            throw SyncError(
                code: .mismatch,
                message: "the origin served \(response.body.count) bytes, the manifest lists \(entry.size) (a truncated body or another file)",
                url: url)
        }
        guard SHA256.hash(response.body).hex == entry.sha256 else {
            throw SyncError(
                code: .mismatch, message: "the bytes served are not the archive the manifest lists (SHA-256 differs)", url: url)
        }
        return response.body
    }

    /// Validates bytes that match the manifest: accepted and staged, or rejected and remembered as rejected.
    private func validate(
        _ body: Data, entry: Manifest.Module, manifest: Manifest, context: ValidationContext, errors: [SyncError]
    ) async -> DownloadResult {
        let verdict = ModuleValidator.validate(archive: body, entry: entry, manifest: manifest, context: context)
        guard verdict.isAccepted, let files = verdict.files else {
            return await rejected(entry, findings: verdict.findings, errors: errors)
        }
        let pending = OverlayStore.PendingRevision(
            module: entry.name, sha256: entry.sha256, revision: entry.revision, files: files)
        // Written and fsynced now, while other archives download; the cycle's one activation finds it in place
        // (a failure here is met again, and reported, by that activation).
        if !Task.isCancelled {
            do {
                try await write { try $0.stage(pending) }
            } catch {
                emit(.debug, "store.write-failed", ["module": entry.name, "write": "stage", "error": "\(error)"])
            }
        }
        return DownloadResult(
            module: .init(entry, .activated, fetchErrors: errors), findings: verdict.findings, pending: pending)
    }

    /// A verified archive whose content this client refuses: remembered, so it is not fetched again under this manifest.
    private func rejected(_ entry: Manifest.Module, findings: [Finding], errors: [SyncError]) async -> DownloadResult {
        emit(.warning, "module.rejected", ["module": entry.name, "codes": findings.filter { $0.severity == .error }.map(\.code).joined(separator: ",")])
        var detail = findings.first { $0.severity == .error }?.message
        do {
            try await write { try $0.markRejected(module: entry.name, sha256: entry.sha256) }
        } catch {
            // Not remembered: the next cycle downloads and rejects it again; nothing wrong is served.
            emit(.warning, "store.write-failed", ["module": entry.name, "write": "mark-rejected", "error": "\(error)"])
            detail = (detail.map { $0 + "; " } ?? "") + "the rejection could not be recorded (\(error)), so the next sync checks it again"
        }
        return DownloadResult(module: .init(entry, .rejected, detail: detail, fetchErrors: errors), findings: findings)
    }
}
