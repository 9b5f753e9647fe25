public import Foundation
public import OverlayCore

/// Everything a client build knows about where its overlays come from and what it accepts.
public struct SyncConfiguration: Sendable {
    /// The origin root: `https://cdn.example.com/l10n/` or a directory (`file://`). The client reads
    /// `<origin>/<appVersion>/manifest.json`.
    public var origin: URL
    /// Further origins with the same content, tried in order when one refuses, times out, or serves a manifest
    /// the client rejects (stale, tampered, unsigned), and asked for any signature or archive the origin that served
    /// the manifest cannot serve intact. A mirror needs no trust: every rule still applies.
    public var mirrors: [URL]
    /// `origin`, then `mirrors`.
    package var origins: [URL] { [origin] + mirrors }
    public var appVersion: String
    public var trustedKeys: TrustedKeys
    /// The build's shipped catalog (the root of trust: overlays are checked against it).
    public var shipped: Catalog
    /// `shipped.sourceHash`, computed once.
    public var sourceHash: String
    /// The store directory.
    public var storeURL: URL
    /// Other validation limits, and the store's file-system seam below, are set by tests and tools only.
    package var limits: ValidationLimits
    /// Longest allowed distance between a manifest's publication and its expiry.
    public var maxManifestAge: TimeInterval
    /// Checks closer together than this are skipped (0 for `overlay sync`).
    public var minimumCheckInterval: TimeInterval
    /// Deadline of each request, body included.
    public var requestTimeout: Duration
    /// Changed modules download concurrently, at most this many at once.
    public var maxConcurrentDownloads: Int
    /// When set: once the applied manifest is older than this and a refresh fails, every module returns to the
    /// shipped strings (never a blank).
    public var maxOverlayAge: TimeInterval?
    /// The clock (injectable for expiry tests).
    public var now: @Sendable () -> Date
    /// Launches in a row that may serve a newly applied overlay without reaching ``SyncService/launchCompleted()``
    /// before the next launch takes it back (docs/DESIGN.md "Crash-loop guard"); 0 turns the guard off, as an
    /// extension or widget that shares the store should (it never calls `launchCompleted()`).
    public var unfinishedLaunchLimit = 3
    /// The store's file-system seam (``Syscalls/injecting(_:over:)`` for crash tests and `overlay matrix`).
    package var syscalls: Syscalls

    /// What an app passes: where to sync from, what it trusts, the catalog it shipped and where its store lives.
    public init(
        origin: URL, mirrors: [URL] = [], appVersion: String, trustedKeys: TrustedKeys, shipped: Catalog, storeURL: URL,
        maxManifestAge: TimeInterval = 90 * 86_400, minimumCheckInterval: TimeInterval = 0,
        requestTimeout: Duration = .seconds(30), maxConcurrentDownloads: Int = 3, maxOverlayAge: TimeInterval? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.origin = origin
        self.mirrors = mirrors
        self.appVersion = appVersion
        self.trustedKeys = trustedKeys
        self.shipped = shipped
        self.sourceHash = shipped.sourceHash
        self.storeURL = storeURL
        self.limits = .default
        self.maxManifestAge = maxManifestAge
        self.minimumCheckInterval = minimumCheckInterval
        self.requestTimeout = requestTimeout
        self.maxConcurrentDownloads = max(1, maxConcurrentDownloads)
        self.maxOverlayAge = maxOverlayAge
        self.now = now
        self.syscalls = .live
    }

    /// `<origin>/<appVersion>/<path>`.
    func url(_ path: String, origin: URL? = nil) -> URL {
        (origin ?? self.origin).appendingPathComponent(appVersion).appendingPathComponent(path)
    }
}
