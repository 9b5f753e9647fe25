import Foundation
import OverlayCore
import OverlaySync
import OverlayTools
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
        for index in 0..<modules {
            try BenchCatalog.write(
                BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: UInt64(index + 1)),
                under: catalogURL.appendingPathComponent(BenchCatalog.moduleName(index)))
        }
        let key = try Ed25519PrivateKey.generate()
        let publicKeyURL = root.appendingPathComponent("signing.pub.pem")
        try Data(key.publicKey.pemRepresentation.utf8).write(to: publicKeyURL)
        let origin = root.appendingPathComponent("origin")
        let options = PublishOptions(catalog: catalogURL, appVersion: appVersion, keys: [key], output: origin)
        let published = try blocking { try await Publisher.publish(options) }
        let shipped = try CatalogLoader.load(at: catalogURL, mode: .lenient).catalog
        let server = try Nginx(root: origin)
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
            let (elapsed, outcome) = try blocking { () async -> (Double, SyncReport) in
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
        let logBefore = server.loggedRequests()
        let (bare, cycle, requests) = try blocking { () async throws -> ([Double], [Double], Set<Int>) in
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
        let logged = server.loggedRequests() - logBefore
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

    static func syncArguments(_ server: Nginx, _ catalog: URL, _ store: URL, _ key: URL) -> [String] {
        ["sync", "--origin", server.baseURL.absoluteString, "--app-version", appVersion, "--bundle", catalog.path,
         "--store", store.path, "--trust", key.path]
    }

    /// The median of: one curl process fetching the manifest, its signature and every archive on a kept connection,
    /// then `unzip` of each archive into its own folder of a fresh directory.
    static func curlUnzip(server: Nginx, published: PublishReport, scratch: URL) throws -> Measurement {
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
        let perRequest = (all - one) / Double(cycles - 1)
        print("  curl: 1 URL \(rounded(one / 1_000_000)) ms/process, \(cycles) URLs \(rounded(all / 1_000_000)) ms/process "
            + "→ \(rounded(perRequest / 1_000)) µs per kept-connection 304 (\(rounded(all / Double(cycles) / 1_000)) µs undifferenced)")
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

/// Runs async work from the synchronous benchmark entry point and waits for it.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let result = LockedValue<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            let value = try await work()
            result.withLock { $0 = .success(value) }
        } catch {
            result.withLock { $0 = .failure(error) }
        }
        done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
}

/// A real nginx on loopback serving a directory (the minimal logic of Tests/OverlaySyncTests/Support/NginxServer),
/// stopped by pid.
final class Nginx: @unchecked Sendable {
    let port: Int
    let workDirectory: URL
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(root: URL) throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let work = workDirectory.path
        for _ in 0..<5 {
            let port = Self.freePort()
            let config = """
                daemon off; worker_processes 1; pid \(work)/nginx.pid; error_log \(work)/error.log warn;
                events { worker_connections 64; }
                http {
                    access_log \(work)/access.log;
                    client_body_temp_path \(work)/body; proxy_temp_path \(work)/proxy; fastcgi_temp_path \(work)/fastcgi;
                    uwsgi_temp_path \(work)/uwsgi; scgi_temp_path \(work)/scgi;
                    types { application/json json; application/zip zip; }
                    default_type application/octet-stream;
                    keepalive_requests 100000;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(root.path);
                        location ~ /manifest\\.json$ { add_header Cache-Control "no-cache"; }
                    }
                }
                """
            try Data(config.utf8).write(to: workDirectory.appendingPathComponent("nginx.conf"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? "/usr/sbin/nginx" : "/usr/bin/nginx")
            process.arguments = ["-c", "\(work)/nginx.conf", "-p", work, "-e", "\(work)/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Self.waitForPort(port, process: process) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
            process.waitUntilExit()
        }
        throw BenchProcess.Failure(message: "nginx did not start: "
            + ((try? String(contentsOf: workDirectory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "no error log"))
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Lines in the access log so far (one per request).
    func loggedRequests() -> Int {
        let text = (try? String(contentsOf: workDirectory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").count
    }

    /// A port the kernel had free a moment ago (bind to 0, read it back, close).
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitForPort(_ port: Int, process: Process) -> Bool {
        for _ in 0..<200 {
            if !process.isRunning { return false }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }
}
