import Foundation
import OverlayCore
import OverlaySync
import OverlayTools
import OverlayTestSupport
import OverlayPublishing

/// Sync against a real nginx on loopback serving a published origin of 30 modules × 4 locales × 300 keys:
/// (a) a 304 cycle — client work beyond the request (`SyncService.start()` minus a bare `URLSessionTransport` 304
/// fetch, alternated in one loop), requests per cycle from nginx's access log, fsyncs of an `overlay sync` child
/// under strace, against `curl` on a kept connection; (b) full download and activation of the 30 modules into an
/// empty store against `curl` (one process, kept connection) + `unzip` of the same archives into a temp dir.
///
/// Budget (DESIGN.md, Performance): a 304 cycle is one request, zero fsyncs, ≤ 1 ms of client work beyond the
/// request; a full download and activation of 30 modules within 2× of curl + unzip, fsyncs batched.
enum SyncBenchmark {
    static let modules = 30
    static let locales = ["en", "fr", "de", "ru"]
    static let keys = 300
    static let appVersion = "1.0"
    static var cycles: Int { BenchRun.iterations(200) }
    static var fullRuns: Int { BenchRun.quick ? 2 : 5 }

    static func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalogURL = root.appendingPathComponent("catalog")
        try BenchCatalog.writeCatalog(modules: modules, locales: locales, keys: keys, under: catalogURL)
        let key = try Ed25519PrivateKey.generate()
        let publicKeyURL = root.appendingPathComponent("signing.pub.pem")
        try Data(key.publicKey.pemRepresentation.utf8).write(to: publicKeyURL)
        let origin = root.appendingPathComponent("origin")
        let options = PublishOptions(catalog: catalogURL, appVersion: appVersion, keys: [key], output: origin)
        let published = try blockingAwait { try await Publisher.publish(options) }
        let shipped = try CatalogLoader.load(at: catalogURL, mode: .lenient).catalog
        let server = try NginxServer(root: origin)
        defer { server.stop() }
        let trusted = try TrustedKeys([key.publicKey])
        let configuration = { (store: URL) -> SyncConfiguration in
            SyncConfiguration(origin: server.baseURL, appVersion: appVersion, trustedKeys: trusted, shipped: shipped, storeURL: store)
        }
        let archiveBytes = published.modules.reduce(0) { $0 + $1.size }
        print("sync: nginx on 127.0.0.1:\(server.port), \(modules) modules × \(locales.count) locales × \(keys) keys, "
            + "\(archiveBytes) bytes of archives")

        // (b) first: it leaves a store holding the applied manifest for (a).
        print(" (b) full download and activation into an empty store, \(fullRuns) runs")
        var lastStore = root
        var fullSamples: [Double] = []
        for run in 0..<fullRuns {
            let store = root.appendingPathComponent("store-\(run)")
            let config = configuration(store)
            let (elapsed, outcome) = try blockingAwait { () async -> (Double, SyncReport) in
                let service = SyncService(configuration: config, transport: URLSessionTransport())
                let clock = ContinuousClock()
                let start = clock.now
                let report = await service.start()
                return (nanoseconds(clock.now - start), report)
            }
            let activated = outcome.modules.filter { $0.action == .activated }.count
            guard outcome.outcome == .applied, activated == modules else {
                throw BenchProcess.Failure(message: "full sync: \(outcome.summary)")
            }
            fullSamples.append(elapsed)
            lastStore = store
        }
        let ours = report("SyncService.start(), empty store → \(modules) modules activated", samples: fullSamples)
        let baseline = try curlUnzip(server: server, published: published, scratch: root.appendingPathComponent("curl"))
        budget("full download and activation of \(modules) modules ≤ 2× curl + unzip", Figure(ours), over: Figure(baseline), atMost: 2)
        let context = ValidationContext(
            trustedKeys: trusted, appVersion: appVersion, sourceHash: shipped.sourceHash, shipped: shipped)
        let archives = try published.modules.map { module in
            (module, try Data(contentsOf: origin.appendingPathComponent(appVersion).appendingPathComponent(module.path)))
        }
        let validation = measure("of which: ModuleValidator.validateContents of the \(modules) archives, in process", iterations: 3, warmup: 1) {
            for (module, bytes) in archives {
                let checked = ModuleValidator.validateContents(
                    bytes, expectedModule: module.name, expectedRevision: module.revision, context: context, file: module.path)
                precondition(checked.isAccepted, "\(module.name) was rejected")
            }
        }
        print("  validation is \(rounded(validation.medianNanoseconds / ours.medianNanoseconds * 100))% of the full sync")
        if let overlay = BenchProcess.sibling("overlay") {
            let fresh = root.appendingPathComponent("store-strace")
            let (count, seconds) = try fsyncCount(overlay, syncArguments(server, catalogURL, fresh, publicKeyURL))
            print("  fsyncs of an `overlay sync` child, full download of \(modules) modules: \(count) "
                + "(\(rounded(Double(count) / Double(modules))) per module), \(rounded(seconds * 1_000)) ms inside them "
                + "(\(rounded(seconds * 1e9 / ours.medianNanoseconds * 100))% of the in-process full sync)")
        }

        print(" (a) 304 cycle, \(cycles) cycles alternated with bare fetches on one URLSessionTransport")
        let config = configuration(lastStore)
        let manifestURL = server.baseURL.appendingPathComponent(appVersion).appendingPathComponent("manifest.json")
        guard let etag = try OverlayStore.open(at: lastStore, appVersion: appVersion, sourceHash: shipped.sourceHash).etag else {
            throw BenchProcess.Failure(message: "the store holds no ETag after a full sync")
        }
        let logBefore = server.loggedRequests().count
        let (bare, cycle, requests) = try blockingAwait { () async throws -> ([Double], [Double], Set<Int>) in
            let transport = URLSessionTransport()
            let service = SyncService(configuration: config, transport: transport)
            let request = TransportRequest(url: manifestURL, ifNoneMatch: etag, maxBytes: 1 << 20)
            let clock = ContinuousClock()
            var bare: [Double] = []
            var cycle: [Double] = []
            var requests = Set<Int>()
            for index in 0..<(cycles + 5) {
                var start = clock.now
                let response = try await transport.fetch(request)
                let fetched = nanoseconds(clock.now - start)
                start = clock.now
                let report = await service.start()
                let synced = nanoseconds(clock.now - start)
                guard response.status == 304, report.outcome == .notModified else {
                    throw BenchProcess.Failure(message: "expected 304s: bare fetch \(response.status), sync \(report.summary)")
                }
                requests.insert(report.requests)
                if index >= 5 { bare.append(fetched); cycle.append(synced) }
            }
            return (bare, cycle, requests)
        }
        // nginx writes its access log after answering: give the last line a moment before counting.
        Thread.sleep(forTimeInterval: 0.3)
        let logged = server.loggedRequests().count - logBefore
        let fetch = report("URLSessionTransport.fetch, If-None-Match → 304 (bare request)", samples: bare)
        let start = report("SyncService.start() → not-modified", samples: cycle)
        let curl = try curlPerRequest(manifestURL, etag: etag)
        let clientWork = start.medianNanoseconds - fetch.medianNanoseconds
        let perCycle = Double(logged - (cycles + 5)) / Double(cycles + 5)
        print("  requests per 304 cycle: \(rounded(perCycle)) logged by nginx, SyncReport.requests \(requests.sorted()) "
            + "(budget 1: \(verdict(requests == [1] && perCycle == 1)))")
        BenchRecords.shared.add(BudgetRecord(
            benchmark: BenchRun.current, budget: "a 304 cycle is one request", measured: Figure("requests per cycle (nginx log)", perCycle, unit: "requests"),
            baseline: nil, ratio: nil, limit: "= 1", verdict: requests == [1] && perCycle == 1 ? .met : .missed))
        budget("304 cycle: client work beyond the request ≤ 4× a curl 304 on a kept connection",
            Figure("client work beyond the request", clientWork, unit: "ns"), over: Figure("curl kept-connection 304", curl, unit: "ns"), atMost: 4,
            note: "absolute budget ≤ 1 ms: \(verdict(clientWork <= 1_000_000))")
        print("  304 cycle / curl kept-connection request: \(rounded(start.medianNanoseconds / curl))×; "
            + "bare URLSession fetch / curl: \(rounded(fetch.medianNanoseconds / curl))×")
        if let overlay = BenchProcess.sibling("overlay") {
            let count = try fsyncCount(overlay, syncArguments(server, catalogURL, lastStore, publicKeyURL)).calls
            print("  fsyncs of an `overlay sync` child doing a 304 cycle (store open included): \(count) "
                + "(budget 0: \(verdict(count == 0)))")
            BenchRecords.shared.add(BudgetRecord(
                benchmark: BenchRun.current, budget: "a 304 cycle makes zero fsyncs", measured: Figure("fsyncs (strace)", Double(count), unit: "calls"),
                baseline: nil, ratio: nil, limit: "= 0", verdict: count == 0 ? .met : .missed))
        } else {
            print("  fsync count skipped: no overlay binary beside \(BenchProcess.selfPath); swift build -c release --product overlay")
        }
    }

    static func syncArguments(_ server: NginxServer, _ catalog: URL, _ store: URL, _ key: URL) -> [String] {
        ["sync", "--origin", server.baseURL.absoluteString, "--app-version", appVersion, "--bundle", catalog.path,
         "--store", store.path, "--trust", key.path]
    }

    /// The median of: one curl process fetching the manifest, its signature and every archive on a kept connection,
    /// then `unzip` of each archive into its own folder of a fresh directory.
    static func curlUnzip(server: NginxServer, published: PublishReport, scratch: URL) throws -> Measurement {
        let base = server.baseURL.appendingPathComponent(appVersion)
        var files = [("manifest.json", "manifest.json"), ("signatures/\(published.manifestSHA256).sig", "manifest.sig")]
        files += published.modules.map { ($0.path, "\($0.name).zip") }
        var samples: [Double] = []
        let clock = ContinuousClock()
        for run in 0..<(fullRuns + 1) {
            let directory = scratch.appendingPathComponent("run-\(run)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let start = clock.now
            _ = try BenchProcess.wallTime(
                "/usr/bin/curl", ["-s", "--fail"] + files.flatMap { ["-o", directory.appendingPathComponent($0.1).path, base.appendingPathComponent($0.0).absoluteString] })
            for module in published.modules {
                _ = try BenchProcess.wallTime("/usr/bin/unzip", [
                    "-qq", "-o", directory.appendingPathComponent("\(module.name).zip").path,
                    "-d", directory.appendingPathComponent(module.name).path])
            }
            if run > 0 { samples.append(nanoseconds(clock.now - start)) }
        }
        return report("curl (1 process, \(files.count) URLs) + \(published.modules.count) × unzip", samples: samples)
    }

    /// Nanoseconds per conditional request of curl on a kept connection: (one process with `cycles` URLs − one with
    /// one URL) / (`cycles` − 1), so process start and connection setup drop out.
    static func curlPerRequest(_ url: URL, etag: String) throws -> Double {
        let header = ["-s", "-o", "/dev/null", "-H", "If-None-Match: \(etag)"]
        let status = try BenchProcess.output("/usr/bin/curl", header + ["-w", "%{http_code}", url.absoluteString])
        guard status == "304" else { throw BenchProcess.Failure(message: "curl got HTTP \(status), expected 304") }
        let many = Array(repeating: url.absoluteString, count: cycles)
        let one = try BenchProcess.medianWallTime("/usr/bin/curl", header + [url.absoluteString], runs: 9)
        let all = try BenchProcess.medianWallTime("/usr/bin/curl", header + many, runs: 9)
        let differenced = (all - one) / Double(cycles - 1)
        // With few cycles (--quick) on a busy machine the difference can drown in noise and come out ≤ 0: the
        // undifferenced time per URL (process start included, so a generous baseline) stands in then.
        let perRequest = differenced > 0 ? differenced : all / Double(cycles)
        print("  curl: 1 URL \(rounded(one / 1_000_000)) ms/process, \(cycles) URLs \(rounded(all / 1_000_000)) ms/process "
            + "→ \(rounded(perRequest / 1_000)) µs per kept-connection 304 (\(rounded(all / Double(cycles) / 1_000)) µs undifferenced"
            + (differenced > 0 ? ")" : "; the difference was \(rounded(differenced / 1_000)) µs, lost in noise, so undifferenced)"))
        return perRequest
    }

    /// fsync + fdatasync calls of a child process and its threads, and their summed wall time in seconds, from
    /// `strace -c -w -f`.
    static func fsyncCount(_ executable: String, _ arguments: [String]) throws -> (calls: Int, seconds: Double) {
        guard let strace = BenchProcess.which("strace") else {
            throw BenchProcess.Failure(message: "strace is not installed: apt-get install strace")
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-strace-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try BenchProcess.output(strace, ["-c", "-w", "-f", "-e", "trace=fsync,fdatasync", "-o", out.path, executable] + arguments)
        let text = try String(contentsOf: out, encoding: .utf8)
        // "  0.00    0.000000           0         1           fsync"
        return text.split(separator: "\n").reduce((0, 0.0)) { total, line in
            let fields = line.split(separator: " ")
            guard let name = fields.last, name == "fsync" || name == "fdatasync", fields.count >= 5,
                  let seconds = Double(fields[1]), let calls = Int(fields[3]) else { return total }
            return (total.0 + calls, total.1 + seconds)
        }
    }
}

