import Foundation
import OverlayCore
@testable import OverlaySync
import OverlayTools
@testable import OverlayPublishing

import OverlayTestSupport

/// A settable clock for `SyncConfiguration.now`.
final class TestClock: Sendable {
    private let value: LockedValue<Date>

    init(_ date: Date) { value = LockedValue(date) }

    var now: Date { value.withLock { $0 } }

    func advance(by seconds: TimeInterval) { value.withLock { $0 = $0.addingTimeInterval(seconds) } }

    func set(_ date: Date) { value.withLock { $0 = date } }
}

/// Collects every event the sync service emits.
final class RecordingSink: EventSink {
    private let recorded = LockedValue<[SyncEvent]>([])

    func record(_ event: SyncEvent) { recorded.withLock { $0.append(event) } }

    var events: [SyncEvent] { recorded.withLock { $0 } }
}

/// One end-to-end sync scene: a scratch copy of testdata/catalog (the "shipped" build, loaded before any edit),
/// an origin published from it with `Publisher`, a real nginx serving that origin, a store directory, a signing
/// key and a clock.
final class SyncHarness: Sendable {
    static let publishedAt = Date(timeIntervalSince1970: 1_800_000_000)
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let root: URL
    let catalogURL: URL
    let origin: URL
    let storeURL: URL
    let key: Ed25519PrivateKey
    let shipped: Catalog
    let clock: TestClock
    let server: NginxServer

    /// Copies the catalog, publishes revision 1 (unless `publish` is false) and starts nginx on the origin with the
    /// headers of `cacheHeaders`.
    init(publish: Bool = true, cacheHeaders: CacheHeaders = .standard, serverExtra: String = "") async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString)")
        catalogURL = root.appendingPathComponent("catalog")
        origin = root.appendingPathComponent("origin")
        storeURL = root.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: origin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("testdata/catalog"), to: catalogURL)
        key = try Ed25519PrivateKey.generate()
        shipped = try CatalogLoader.load(at: catalogURL, mode: .lenient).catalog
        clock = TestClock(Self.publishedAt.addingTimeInterval(60))
        server = try NginxServer(root: origin, cacheHeaders: cacheHeaders, extra: serverExtra)
        if publish { _ = try await self.publish() }
    }

    func remove() {
        server.stop()
        try? FileManager.default.removeItem(at: root)
    }

    // MARK: Origin

    var versionRoot: URL { origin.appendingPathComponent("1.0") }

    @discardableResult
    /// - Parameter now: the publish time; the harness clock's by default. Child `overlay` processes read the real
    ///   clock, and a manifest published more than an hour ahead of it is refused.
    func publish(
        revoke: [Manifest.Revocation] = [], expiresIn: TimeInterval = 30 * 86_400, now: Date = SyncHarness.publishedAt
    ) async throws -> PublishReport {
        try await Publisher.publish(PublishOptions(
            catalog: catalogURL, appVersion: "1.0", keys: [key], output: origin, expiresIn: expiresIn, revoke: revoke,
            now: now))
    }

    /// The manifest the origin serves now.
    func manifest() throws -> Manifest {
        try Manifest.decode(Data(contentsOf: versionRoot.appendingPathComponent("manifest.json")))
    }

    /// Writes `manifest` as the origin's manifest with a valid signature by the test key (crafted scenarios the
    /// publisher refuses to produce).
    func publishSigned(_ manifest: Manifest) throws {
        let bytes = manifest.encoded()
        let signature = try SignatureFile.signing(bytes, with: [key]).encoded()
        try signature.write(to: versionRoot.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig"))
        try replaceManifest(with: bytes)
    }

    /// Writes `bytes` as the origin's manifest with an mtime past the one it replaces, as the publisher does: nginx's
    /// ETag is mtime seconds and size, and a same-size manifest written in the same second would be answered 304.
    func replaceManifest(with bytes: Data) throws {
        let url = versionRoot.appendingPathComponent("manifest.json")
        let old = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        try bytes.write(to: url)
        let floor = (old ?? .distantPast).timeIntervalSince1970.rounded(.down) + 1
        let mtime = max(Date().timeIntervalSince1970.rounded(.down), floor)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: mtime)], ofItemAtPath: url.path)
    }

    /// Rewrites one English string of App (a wording fix: the source hash stays, only App's archive changes).
    func editApp(_ old: String = "Notifcations", _ new: String = "Notifications") throws {
        let file = catalogURL.appendingPathComponent("App/en.lproj/Localizable.strings")
        let text = try String(contentsOf: file, encoding: .utf8)
        precondition(text.contains(old), "the catalog no longer holds \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }

    /// The access log's `(status, path)` entries from index `start` on.
    func logged(from start: Int = 0) -> [(status: Int, path: String)] {
        server.loggedRequests().dropFirst(start).map { ($0.status, $0.path) }
    }

    // MARK: Client

    func configuration(
        appVersion: String = "1.0", shipped: Catalog? = nil, limits: ValidationLimits = .default,
        requestTimeout: Duration = .seconds(10), maxConcurrentDownloads: Int = 3, maxOverlayAge: TimeInterval? = nil
    ) throws -> SyncConfiguration {
        let clock = self.clock
        var configuration = try SyncConfiguration(
            origin: server.baseURL, appVersion: appVersion, trustedKeys: TrustedKeys([key.publicKey]),
            shipped: shipped ?? self.shipped, storeURL: storeURL, requestTimeout: requestTimeout,
            maxConcurrentDownloads: maxConcurrentDownloads, maxOverlayAge: maxOverlayAge, now: { clock.now })
        configuration.limits = limits
        return configuration
    }

    func transport() -> FaultInjectingTransport {
        FaultInjectingTransport(wrapping: URLSessionTransport())
    }

    func service(
        _ configuration: SyncConfiguration? = nil, transport: (any HTTPTransport)? = nil, events: (any EventSink)? = nil
    ) throws -> SyncService {
        SyncService(configuration: try configuration ?? self.configuration(), transport: transport ?? self.transport(), events: events)
    }

    /// The store as this build reads it (read-only: nothing is opened for writing).
    func storeSnapshot() throws -> StoreSnapshot {
        let inspection = try OverlayStore.inspect(at: storeURL)
        guard inspection.appVersion == "1.0", inspection.sourceHash == shipped.sourceHash,
              let snapshot = inspection.snapshot
        else { return StoreSnapshot(appVersion: "1.0", sourceHash: shipped.sourceHash) }
        return snapshot
    }

    /// Active archive SHA-256 by module.
    func activeHashes() throws -> [String: String] {
        try storeSnapshot().modules.mapValues(\.sha256)
    }

    /// What a Localizer freshly built over the store serves for App's `settings.notifications.title` in English,
    /// and from which layer.
    func notificationsTitle() throws -> (text: String, layer: ResolutionLayer) {
        let localizer = Localizer(catalog: shipped, store: try storeSnapshot(), preferredLanguages: ["en"])
        let table = localizer.table(in: "App")
        return (table.string(forKey: "settings.notifications.title"), table.resolve("settings.notifications.title").layer)
    }

    /// Names under the store directory (relative), or nil when the directory does not exist.
    func storeEntries() -> [String]? {
        guard FileManager.default.fileExists(atPath: storeURL.path) else { return nil }
        return (FileManager.default.subpaths(atPath: storeURL.path) ?? []).sorted()
    }

    /// Every durable entry of the store (all but the unsynced journal) with its inode, size, mtime and ctime:
    /// equal before and after a cycle means the cycle created, replaced or modified nothing durable.
    func durableFingerprint() -> [String] {
        var result: [String] = []
        for path in storeEntries() ?? [] where !(path.hasPrefix("journal") && path.hasSuffix(".jsonl")) {
            result.append("\(path) \(Self.statLine(storeURL.appendingPathComponent(path).path))")
        }
        result.append(". \(Self.statLine(storeURL.path))")
        return result
    }

    static func statLine(_ path: String) -> String {
        guard let info = (try? LibC.status(path)) ?? nil else { return "missing" }
        return "ino=\(info.inode) size=\(info.size) mtime=\(info.modified.seconds).\(info.modified.nanoseconds) "
            + "ctime=\(info.changed.seconds).\(info.changed.nanoseconds)"
    }
}

extension SyncReport {
    /// Module name → action, for compact expectations.
    var actions: [String: SyncReport.ModuleAction] {
        Dictionary(modules.map { ($0.name, $0.action) }, uniquingKeysWith: { _, last in last })
    }

    var errorCodes: Set<String> { Set(findings.filter { $0.severity == .error }.map(\.code)) }
}

/// Polls `condition` every 10 ms for up to `seconds` (generous: a loaded two-core CI machine is slow).
func waitUntil(seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
