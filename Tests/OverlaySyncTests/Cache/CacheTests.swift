import Foundation
import Testing
import OverlayCore
import OverlayPublishing
@testable import OverlaySync

/// Varnish, configured by nothing but the origin's `Cache-Control`, in front of nginx serving a published origin
/// (DESIGN.md "Origin layout", docs/CDN.md).
@Suite(.serialized) struct CacheTests {
    @Test func everyPublishedPathCarriesItsCacheHeadersThroughTheCache() async throws {
        let scene = try await CacheScene()
        defer { scene.remove() }
        let manifest = try scene.harness.manifest()
        let paths = ["1.0/manifest.json", "1.0/signatures/\(try manifestHash(scene.harness)).sig",
                     "1.0/history/manifest.1.json", CacheHeaders.fileName] + manifest.modules.map { "1.0/\($0.path)" }
        for path in paths {
            let response = try scene.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["cache-control"] == CacheHeaders.standard.cacheControl(for: path), "\(path)")
            #expect(response.headers["via"]?.contains("varnish") == true, "\(path) did not pass through Varnish")
        }
        // Content-addressed files are answered from the cache the second time; manifests and this file are not.
        let before = scene.originRequests().count
        for path in paths { _ = try scene.get(path) }
        #expect(scene.originRequests(from: before).map(\.path).sorted() == ["/1.0/manifest.json", "/cache-headers.json"])
        // A manifest that is not published yet is `no-cache` too: the cache does not hold the 404.
        #expect(try scene.get("2.0/manifest.json").headers["cache-control"] == "no-cache")
    }

    @Test func notModifiedIsAnsweredByTheCacheWithoutTheOrigin() async throws {
        let scene = try await CacheScene(headers: CacheScene.headers(manifestMaxAge: 60))
        defer { scene.remove() }
        let client = try scene.client()
        #expect(await client.start().outcome == .applied)
        let before = scene.originRequests().count

        let report = await client.start()
        #expect(report.outcome == .notModified, "\(report.summary)")
        #expect(report.httpStatus == 304)
        #expect(scene.originRequests(from: before).isEmpty, "\(scene.originRequests(from: before))")
        // A relaunched client with its stored ETag, and a second device syncing from nothing: neither reaches nginx.
        #expect(await (try scene.client()).start().outcome == .notModified)
        #expect(await (try scene.client("second")).start().outcome == .applied)
        #expect(scene.originRequests(from: before).isEmpty, "\(scene.originRequests(from: before))")
    }

    @Test func withTheStandardNoCacheManifestThe304ComesFromTheCacheButEveryCheckReachesTheOrigin() async throws {
        let scene = try await CacheScene()
        defer { scene.remove() }
        let client = try scene.client()
        #expect(await client.start().outcome == .applied)
        let before = scene.originRequests().count

        let report = await client.start()
        #expect(report.outcome == .notModified, "\(report.summary)")
        // Varnish does not store a `no-cache` object, so it fetches the manifest whole (it drops If-None-Match on
        // a fetch) and answers the client's condition itself: the device gets its 304, the origin sends 200.
        #expect(scene.originRequests(from: before).map(\.path) == ["/1.0/manifest.json"])
        #expect(scene.originRequests(from: before).map(\.status) == [200])
    }

    @Test func aNewRevisionIsSeenWithinTheManifestMaxAgeAndNeverLater() async throws {
        let maxAge = 3
        let scene = try await CacheScene(headers: CacheScene.headers(manifestMaxAge: maxAge))
        defer { scene.remove() }
        let old = try Data(contentsOf: scene.harness.versionRoot.appendingPathComponent("manifest.json"))
        let client = try scene.client()
        #expect(await client.start().outcome == .applied)
        // The cache now holds revision 1; `Age` says since when.
        let cached = try scene.get("1.0/manifest.json")
        #expect(cached.body == old)
        let age = Int(cached.headers["age"] ?? "") ?? 0
        let expires = ContinuousClock.now + .seconds(maxAge - age)

        try scene.harness.editApp()
        try await scene.harness.publish()
        let new = try Data(contentsOf: scene.harness.versionRoot.appendingPathComponent("manifest.json"))
        #expect(new != old)
        var outcomes: [SyncReport.Outcome] = []
        var seenAt: ContinuousClock.Instant?
        // Begun a second before the expiry, the first cycle still gets revision 1 (a 304) from the cache.
        let firstCycleIsFresh = ContinuousClock.now < expires - .seconds(1)
        // Loose bound for a loaded machine: 3 s past the expiry (Age and the cache's clock have 1 s granularity, and a
        // cycle takes time). Past that, the cache would be serving revision 1 after its max-age.
        while ContinuousClock.now < expires + .seconds(3) {
            let report = await client.start()
            outcomes.append(report.outcome)
            if report.outcome == .applied {
                #expect(report.manifestRevision == 2)
                seenAt = ContinuousClock.now
                break
            }
            #expect(report.outcome == .notModified, "\(report.summary)")
            // While it is not expired the cache serves revision 1, whatever the origin holds.
            let served = try scene.get("1.0/manifest.json")
            if served.body == old { #expect((Int(served.headers["age"] ?? "") ?? 0) <= maxAge) }
            try await Task.sleep(for: .milliseconds(100))
        }
        let seen = try #require(seenAt, "revision 2 not seen within max-age \(maxAge)s + 3s: \(outcomes)")
        if firstCycleIsFresh { #expect(outcomes.first == .notModified, "\(outcomes)") }
        #expect(seen <= expires + .seconds(3))
        let localizer = Localizer(catalog: scene.harness.shipped, store: try await client.snapshot(), preferredLanguages: ["en"])
        #expect(localizer.table(in: "App").string(forKey: "settings.notifications.title") == "Notifications")
    }

    /// The cache holds the old manifest beside the new archive and signature, then the new manifest beside the
    /// old archives: every cycle of every client ends applied or not modified, never failed or partial, because
    /// a manifest names its signature and archives by hash and they are written before it.
    @Test func aClientNeverSeesAManifestItCannotFinish() async throws {
        let scene = try await CacheScene(headers: CacheScene.headers(manifestMaxAge: 5))
        defer { scene.remove() }
        let old = try scene.harness.manifest()
        let oldBytes = try Data(contentsOf: scene.harness.versionRoot.appendingPathComponent("manifest.json"))
        let veteran = try scene.client("veteran")
        #expect(await veteran.start().outcome == .applied)

        try scene.harness.editApp()
        try await scene.harness.publish()
        let new = try scene.harness.manifest()
        let newApp = try #require(new.module(named: "App"))
        #expect(newApp.sha256 != old.module(named: "App")?.sha256)
        // Prime the reverse mix: the new signature and archive are in the cache while it still serves revision 1.
        #expect(try scene.get("1.0/signatures/\(try manifestHash(scene.harness)).sig").status == 200)
        #expect(try scene.get("1.0/\(newApp.path)").status == 200)

        var reports: [SyncReport] = []
        var clients = [veteran]
        var finished = false
        let deadline = ContinuousClock.now + .seconds(20)
        var round = 0
        while !finished && ContinuousClock.now < deadline {
            // A newcomer each round: some start on revision 1 from the cache, later ones straight on revision 2.
            clients.append(try scene.client("newcomer-\(round)"))
            round += 1
            for client in clients { reports.append(await client.start()) }
            finished = try await Self.allOn(newApp.sha256, clients) && (try scene.get("1.0/manifest.json")).body != oldBytes
            try await Task.sleep(for: .milliseconds(200))
        }
        for report in reports {
            #expect(report.outcome == .applied || report.outcome == .notModified, "\(report.summary)")
            #expect(!report.modules.contains { $0.action == .failed || $0.action == .rejected }, "\(report.summary)")
        }
        // Newcomers that synced before the expiry applied revision 1; everyone ends on revision 2.
        #expect(reports.contains { $0.manifestRevision == 1 })
        #expect(reports.contains { $0.manifestRevision == 2 })
        #expect(try await Self.allOn(newApp.sha256, clients))
    }

    static func allOn(_ appSHA256: String, _ clients: [SyncService]) async throws -> Bool {
        for client in clients where try await client.snapshot().modules["App"]?.sha256 != appSHA256 { return false }
        return true
    }
}
