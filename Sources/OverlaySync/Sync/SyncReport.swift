public import Foundation
public import OverlayCore

/// What one sync cycle did: its outcome, per-module actions, counters and findings.
public struct SyncReport: Sendable {
    public enum Outcome: String, Sendable {
        /// The origin answered 304: nothing written.
        case notModified = "not-modified"
        case applied
        /// Some modules failed (no origin served the archive the manifest lists); they are retried next cycle.
        case partial
        /// The manifest was refused: nothing activated.
        case rejected
        /// The origin has no manifest for this app version.
        case notPublished = "not-published"
        case failed
        /// Too soon after the last check, or backing off after a server error.
        case skipped
        case disabled
        case cancelled
    }

    public enum ModuleAction: String, Sendable {
        case activated, unchanged, skippedRejected = "skipped-rejected", skippedRevoked = "skipped-revoked"
        case rejected, failed, rolledBack = "rolled-back", deactivated
    }

    public struct ModuleResult: Sendable {
        public var name: String
        public var action: ModuleAction
        public var sha256: String?
        public var revision: Int?
        public var detail: String?
        /// Each origin that could not serve this archive, in the order asked, and why (the error's `url` is that
        /// origin's copy; `sync.mismatch`: bytes that are not the ones the manifest lists). A failed module has one per
        /// origin; an activated or rejected one has some when a later origin served it.
        public var fetchErrors: [SyncError] = []
    }

    /// An origin the cycle tried and left for the next one (DESIGN.md "Sync cycle", mirrors).
    public struct SkippedOrigin: Sendable {
        public var origin: URL
        /// What this origin alone would have made of the cycle.
        public var outcome: Outcome
        /// The error, or the codes of the findings that rejected its manifest.
        public var reason: String
    }

    public var outcome: Outcome
    /// The origin whose answer this report is (the first, unless earlier ones were skipped).
    public var origin: URL?
    /// Origins tried before `origin`, in order, with why each was left.
    public var skippedOrigins: [SkippedOrigin] = []
    /// Set when the refresh could not complete, for the maximum-overlay-age rule.
    var refreshFailed = false
    public var manifestRevision: Int?
    public var modules: [ModuleResult] = []
    public var findings: [Finding] = []
    /// Revisions the crash-loop guard took back at this launch (``SyncService/snapshot()``), reported by the
    /// first cycle after it.
    public var launchRollbacks: [LaunchRollback] = []
    public var error: SyncError?
    /// The manifest request's HTTP status, when one was answered.
    public var httpStatus: Int?
    /// The origin's `Retry-After`, when it sent one.
    public var retryAfter: Duration?
    public var requests = 0
    public var bytes = 0
    public var duration: Duration = .zero

    public init(outcome: Outcome, httpStatus: Int? = nil, error: SyncError? = nil) {
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.error = error
    }

    /// Counters as the journal records them.
    public var counters: [(String, Int)] {
        func count(_ action: ModuleAction) -> Int { modules.filter { $0.action == action }.count }
        return [
            ("requests", requests), ("bytes", bytes),
            ("downloaded", count(.activated) + count(.rejected)),
            ("activated", count(.activated)), ("unchanged", count(.unchanged)), ("failed", count(.failed)),
            ("rejected", count(.rejected)), ("skipped", count(.skippedRejected) + count(.skippedRevoked)),
            ("rolled_back", count(.rolledBack)), ("deactivated", count(.deactivated)),
        ]
    }

    /// Why the next origin should be tried, or nil when this answer stands: the origin failed, had no manifest, or
    /// served one this client rejects. A 304, an applied or partial manifest, a store failure and a cancellation stand.
    var reasonToTryNextOrigin: String? {
        switch outcome {
        case .failed:
            guard let error, error.code != .store, error.code != .cancelled else { return nil }
            return "\(error.message) [\(error.code)]"
        case .rejected: return "manifest rejected [\(rejectedByCode.keys.sorted().joined(separator: ", "))]"
        case .notPublished: return "no manifest (HTTP 404)"
        default: return nil
        }
    }

    /// Rejections by finding code: blocking findings only (an error on a value the build already ships rejects nothing).
    public var rejectedByCode: [String: Int] {
        Dictionary(findings.filter(\.isBlocking).map { ($0.code, 1) }, uniquingKeysWith: +)
    }

    /// Failed archive fetches by error code, one per origin asked: what a CDN or mirror did wrong, not the catalog.
    public var failedByCode: [String: Int] {
        Dictionary(modules.flatMap(\.fetchErrors).map { ($0.code.rawValue, 1) }, uniquingKeysWith: +)
    }

    /// One line for people: `applied revision 3: 1 activated, 3 unchanged (2 requests, 8.1 KB, 12 ms)`.
    public var summary: String {
        let timing = "\(requests) request\(requests == 1 ? "" : "s"), \(bytes) bytes, \(duration.milliseconds) ms"
        let counts = counters.filter { $0.0 != "requests" && $0.0 != "bytes" && $0.0 != "downloaded" && $0.1 > 0 }
            .map { "\($0.1) \($0.0.replacingOccurrences(of: "_", with: " "))" }.joined(separator: ", ")
        var text = outcome.rawValue
        if let manifestRevision { text += " revision \(manifestRevision)" }
        if !counts.isEmpty { text += ": \(counts)" }
        if let error { text += ": \(error.message)" }
        let rejected = rejectedByCode.keys.sorted()
        if !rejected.isEmpty { text += " [rejected: \(rejected.joined(separator: ", "))]" }
        let failed = failedByCode.keys.sorted()
        if !failed.isEmpty { text += " [fetch failed: \(failed.joined(separator: ", "))]" }
        for skipped in skippedOrigins { text += " [skipped \(skipped.origin.absoluteString): \(skipped.reason)]" }
        return text + " (\(timing))"
    }
}

extension SyncReport.ModuleResult {
    /// What happened to a module the manifest lists.
    init(
        _ entry: Manifest.Module, _ action: SyncReport.ModuleAction, detail: String? = nil,
        fetchErrors: [SyncError] = []
    ) {
        self.init(
            name: entry.name, action: action, sha256: entry.sha256, revision: entry.revision, detail: detail,
            fetchErrors: fetchErrors)
    }
}
