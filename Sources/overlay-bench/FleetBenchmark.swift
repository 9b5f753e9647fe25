import Foundation
import OverlayCore
import OverlaySync
import OverlayPublishing
import OverlayTools
import OverlayTestSupport

/// A fleet of simulated devices behind a real cache: nginx serves a published origin with the `Cache-Control` of its
/// `cache-headers.json`, Varnish (configured by nothing else) sits in front, and N clients — each a real
/// `SyncService` with `CurlTransport` and its own store — sync through Varnish, at most `concurrency` at a time and
/// within `phaseDeadline`: first from empty stores (revision 1), then after a one-module publish (revision 2).
///
/// What reaches the origin (nginx's access log: requests and body bytes) is compared between a fleet of `fleets[0]`
/// and one of `fleets[1]` devices in the same run. Budget (issue 14): the origin's load does not grow with the
/// fleet — with a manifest lifetime in `cache-headers.json`, requests at the origin for the larger fleet ≤ 1.5× those
/// for the smaller. The publisher's standard `no-cache` manifest is measured beside it as a reference: Varnish does
/// not store it, so every check reaches the origin (a whole manifest each, the 304 being made by the cache).
enum FleetBenchmark {
    static let appVersion = "1.0"
    static let modules = 6
    static let locales = ["en", "fr", "de"]
    static let keys = 200
    static let concurrency = 50
    /// Short, so the update phase waits little for the cached revision 1 to expire.
    static var manifestMaxAge: Int { BenchRun.quick ? 2 : 10 }
    static let phaseDeadline: Duration = .seconds(600)
    static var fleets: [Int] { BenchRun.quick ? [5, 20] : [100, 1_000] }

    /// One phase of one fleet: what the origin and the clients saw.
    struct Phase {
        var originRequests = 0
        var originBytes = 0
        var clientRequests = 0
        var clientBytes = 0
        var cycleNanoseconds: [Double] = []
        var outcomes: [String: Int] = [:]
        var onRevision = 0
        var seconds = 0.0

        func percentile(_ p: Double) -> Double {
            let sorted = cycleNanoseconds.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
        }
    }

    static func run() throws {
        guard BenchProcess.which("varnishd") != nil || FileManager.default.isExecutableFile(atPath: "/usr/sbin/varnishd") else {
            throw BenchProcess.Failure(message: "varnishd is not installed: apt-get install -y varnish (scripts/setup.sh)")
        }
        let cached = CacheHeaders(rules: [
            .init(pattern: "*/manifest.json", cacheControl: "public, max-age=\(manifestMaxAge), stale-while-revalidate=0")
        ] + CacheHeaders.standard.rules.dropFirst())
        print("fleet: \(modules) modules × \(locales.count) locales × \(keys) keys, fleets of \(fleets.map(String.init).joined(separator: " and ")) "
            + "devices, \(concurrency) at a time, each a SyncService + CurlTransport with its own store, through Varnish")
        for (label, headers) in [("manifest max-age=\(manifestMaxAge)", cached), ("standard no-cache manifest", CacheHeaders.standard)] {
            print(" \(label): \(headers.cacheControl(for: "\(appVersion)/manifest.json") ?? "")")
            var results: [(Int, Phase, Phase)] = []
            for size in fleets {
                let (first, update) = try fleet(size, headers: headers, waitForExpiry: headers == cached)
                results.append((size, first, update))
                for (name, phase) in [("first sync", first), ("update", update)] {
                    print("  \(size) devices, \(name): origin \(phase.originRequests) requests / \(phase.originBytes) bytes; "
                        + "clients \(phase.clientRequests) requests / \(phase.clientBytes) bytes; cycle p50 "
                        + "\(rounded(phase.percentile(0.5) / 1e6)) ms, p99 \(rounded(phase.percentile(0.99) / 1e6)) ms; "
                        + "\(phase.onRevision)/\(size) on revision \(name == "update" ? 2 : 1); "
                        + "\(phase.outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")); "
                        + "\(rounded(phase.seconds)) s")
                    BenchRecords.shared.add(Figure("\(label), \(size) devices, \(name): origin requests", Double(phase.originRequests), unit: "requests"))
                    BenchRecords.shared.add(Figure("\(label), \(size) devices, \(name): origin bytes", Double(phase.originBytes), unit: "bytes"))
                    BenchRecords.shared.add(Figure("\(label), \(size) devices, \(name): cycle p50", phase.percentile(0.5), unit: "ns"))
                    BenchRecords.shared.add(Figure("\(label), \(size) devices, \(name): cycle p99", phase.percentile(0.99), unit: "ns"))
                    guard phase.onRevision == size else {
                        throw BenchProcess.Failure(message: "\(label), \(size) devices, \(name): only \(phase.onRevision) ended on the new revision")
                    }
                }
            }
            let (small, smallFirst, smallUpdate) = results[0]
            let (large, largeFirst, largeUpdate) = results[1]
            let smallTotal = Double(smallFirst.originRequests + smallUpdate.originRequests)
            let largeTotal = Double(largeFirst.originRequests + largeUpdate.originRequests)
            let measured = Figure("origin requests, \(large) devices (both phases)", largeTotal, unit: "requests")
            let baseline = Figure("origin requests, \(small) devices", smallTotal, unit: "requests")
            if headers == cached {
                budget("\(label): the origin's load does not grow with the fleet (\(large) vs \(small) devices) ≤ 1.5×",
                    measured, over: baseline, atMost: 1.5,
                    note: "bytes \(largeFirst.originBytes + largeUpdate.originBytes) vs \(smallFirst.originBytes + smallUpdate.originBytes)")
            } else {
                reference("\(label): origin requests, \(large) vs \(small) devices", measured, baseline: baseline,
                    ratio: largeTotal / smallTotal, note: "every check reaches the origin: Varnish does not store no-cache")
            }
        }
    }

    /// Publishes revision 1, starts nginx and Varnish, syncs `size` empty stores, publishes revision 2 (one module
    /// changed), waits out the cached manifest when it has a lifetime, and syncs the same stores again.
    static func fleet(_ size: Int, headers: CacheHeaders, waitForExpiry: Bool) throws -> (Phase, Phase) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-fleet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalogURL = root.appendingPathComponent("catalog")
        try BenchCatalog.writeCatalog(modules: modules, locales: locales, keys: keys, under: catalogURL)
        let key = try Ed25519PrivateKey.generate()
        let origin = root.appendingPathComponent("origin")
        let publish = { @Sendable () throws -> Void in
            _ = try blockingAwait { try await Publisher.publish(PublishOptions(catalog: catalogURL, appVersion: appVersion, keys: [key], output: origin)) }
            // The operator's headers are what the origin's file says and what nginx serves.
            try headers.encoded().write(to: origin.appendingPathComponent(CacheHeaders.fileName))
        }
        try publish()
        let shipped = try CatalogLoader.load(at: catalogURL, mode: .lenient).catalog
        let trusted = try TrustedKeys([key.publicKey])
        let server = try NginxServer(root: origin, cacheHeaders: headers)
        defer { server.stop() }
        let cache = try VarnishServer(backendPort: server.port, storage: "malloc,128m")
        defer { cache.stop() }
        let configurations = (0..<size).map { index in
            SyncConfiguration(
                origin: cache.baseURL, appVersion: appVersion, trustedKeys: trusted, shipped: shipped,
                storeURL: root.appendingPathComponent("stores/\(index)"), requestTimeout: .seconds(30))
        }
        let first = try phase(configurations, revision: 1, server: server)

        // A wording fix in one module: one new archive, five unchanged.
        try BenchCatalog.write(
            BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: 1_000_001),
            under: catalogURL.appendingPathComponent(BenchCatalog.moduleName(0)))
        try publish()
        if waitForExpiry { Thread.sleep(forTimeInterval: Double(manifestMaxAge) + 1) }
        let update = try phase(configurations, revision: 2, server: server)
        return (first, update)
    }

    /// One cycle per configuration (a fresh `SyncService`, as a relaunch), `concurrency` at a time.
    static func phase(_ configurations: [SyncConfiguration], revision: Int, server: NginxServer) throws -> Phase {
        let logged = server.loggedRequests()
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + phaseDeadline
        let reports = try blockingAwait { () async -> [SyncReport] in
            await withTaskGroup(of: SyncReport.self) { group in
                var pending = configurations[...]
                var reports: [SyncReport] = []
                func launch() {
                    guard let configuration = pending.popFirst(), ContinuousClock.now < deadline else { return }
                    group.addTask {
                        await SyncService(configuration: configuration, transport: DefaultHTTPTransport.make()).start()
                    }
                }
                for _ in 0..<concurrency { launch() }
                for await report in group {
                    reports.append(report)
                    launch()
                }
                return reports
            }
        }
        var phase = Phase()
        phase.seconds = Double((clock.now - started).components.seconds) + Double((clock.now - started).components.attoseconds) / 1e18
        for report in reports {
            phase.clientRequests += report.requests
            phase.clientBytes += report.bytes
            phase.cycleNanoseconds.append(nanoseconds(report.duration))
            phase.outcomes[report.outcome.rawValue, default: 0] += 1
        }
        for configuration in configurations {
            let inspection = try? OverlayStore.inspect(at: configuration.storeURL)
            if let manifest = inspection?.manifest, (try? Manifest.decode(manifest))?.revision == revision { phase.onRevision += 1 }
        }
        let after = server.loggedRequests().dropFirst(logged.count)
        phase.originRequests = after.count
        phase.originBytes = after.reduce(0) { $0 + $1.bytes }
        return phase
    }
}
