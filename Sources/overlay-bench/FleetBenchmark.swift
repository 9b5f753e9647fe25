import Foundation
import OverlayCore
import OverlaySync
import OverlayPublishing
import OverlayTools

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
        for index in 0..<modules {
            try BenchCatalog.write(
                BenchCatalog.moduleFiles(locales: locales, keys: keys, seed: UInt64(index + 1)),
                under: catalogURL.appendingPathComponent(BenchCatalog.moduleName(index)))
        }
        let key = try Ed25519PrivateKey.generate()
        let origin = root.appendingPathComponent("origin")
        let publish = { @Sendable () throws -> Void in
            _ = try blocking { try await Publisher.publish(PublishOptions(catalog: catalogURL, appVersion: appVersion, keys: [key], output: origin)) }
            // The operator's headers are what the origin's file says and what nginx serves.
            try headers.encoded().write(to: origin.appendingPathComponent(CacheHeaders.fileName))
        }
        try publish()
        let shipped = try CatalogLoader.load(at: catalogURL, mode: .lenient).catalog
        let trusted = try TrustedKeys([key.publicKey])
        let server = try FleetNginx(root: origin, headers: headers)
        defer { server.stop() }
        let cache = try FleetVarnish(backendPort: server.port)
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
    static func phase(_ configurations: [SyncConfiguration], revision: Int, server: FleetNginx) throws -> Phase {
        let logged = server.logged()
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started + phaseDeadline
        let reports = try blocking { () async -> [SyncReport] in
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
        let after = server.logged().dropFirst(logged.count)
        phase.originRequests = after.count
        phase.originBytes = after.reduce(0) { $0 + $1.bytes }
        return phase
    }
}

/// nginx serving the origin with the `Cache-Control` of a `cache-headers.json` (as Tests/OverlaySyncTests'
/// NginxServer), its access log read back as `(status, body bytes, path)`.
final class FleetNginx: @unchecked Sendable {
    let port: Int
    let workDirectory: URL
    private let process: Process

    init(root: URL, headers: CacheHeaders) throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-fleet-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let work = workDirectory.path
        for _ in 0..<5 {
            let port = Nginx.freePort()
            let config = """
                daemon off; worker_processes 1; pid \(work)/nginx.pid; error_log \(work)/error.log warn;
                events { worker_connections 1024; }
                http {
                    access_log \(work)/access.log;
                    client_body_temp_path \(work)/body; proxy_temp_path \(work)/proxy; fastcgi_temp_path \(work)/fastcgi;
                    uwsgi_temp_path \(work)/uwsgi; scgi_temp_path \(work)/scgi;
                    types { application/json json; application/zip zip; }
                    default_type application/octet-stream;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(root.path);
                        \(headers.nginxLocations())
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
            if Nginx.waitForPort(port, process: process) {
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

    /// `127.0.0.1 - - [date] "GET /path HTTP/1.1" 200 123 "-" "agent"` → (200, 123, /path).
    func logged() -> [(status: Int, bytes: Int, path: String)] {
        let text = (try? String(contentsOf: workDirectory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"")
            guard parts.count > 2 else { return nil }
            let request = parts[1].split(separator: " ")
            let fields = parts[2].split(separator: " ")
            guard request.count > 1, fields.count > 1, let status = Int(fields[0]) else { return nil }
            return (status, Int(fields[1]) ?? 0, String(request[1]))
        }
    }
}

/// Varnish in front of one backend with a VCL that names the backend and nothing else (as Tests/OverlaySyncTests'
/// VarnishServer), stopped by pid.
final class FleetVarnish: @unchecked Sendable {
    let port: Int
    let workDirectory: URL
    private let process: FleetProcess

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(backendPort: Int) throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-varnish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let vcl = workDirectory.appendingPathComponent("origin.vcl")
        try Data("vcl 4.1;\nbackend origin { .host = \"127.0.0.1\"; .port = \"\(backendPort)\"; }\n".utf8).write(to: vcl)
        for _ in 0..<5 {
            let port = Nginx.freePort()
            let process = try FleetProcess("/usr/sbin/varnishd", [
                "-F", "-a", "127.0.0.1:\(port)", "-f", vcl.path, "-n", workDirectory.appendingPathComponent("n").path, "-s", "malloc,128m",
            ], log: workDirectory.appendingPathComponent("varnishd.log").path)
            let deadline = ContinuousClock.now + .seconds(20)
            var up = false
            while !up && process.isRunning && ContinuousClock.now < deadline { up = Self.accepts(port) }
            if up {
                self.port = port
                self.process = process
                return
            }
            process.stop()
        }
        throw BenchProcess.Failure(message: "varnishd did not start")
    }

    deinit { stop() }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: workDirectory)
    }

    static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if connected != 0 { usleep(50_000) }
        return connected == 0
    }
}

/// A child started with `posix_spawn` (as Tests/OverlaySyncTests' SpawnedProcess), every signal unblocked and at its
/// default, output to a log file, stopped by pid. Not `Process`: a child started by Foundation inherits the blocked signals of the thread that started it
/// (varnishd then ignores SIGTERM), and varnishd closing every inherited descriptor makes Foundation's exit
/// monitor wait on it for good, which blocks every other `Process` of the run.
final class FleetProcess: @unchecked Sendable {
    let pid: pid_t
    private let state = LockedValue<Int32?>(nil)

    init(_ path: String, _ arguments: [String], log: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw BenchProcess.Failure(message: "cannot start \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    deinit { stop() }

    var isRunning: Bool {
        state.withLock { exited in
            if exited != nil { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = status }
            return exited == nil
        }
    }

    /// SIGTERM, then waits for it (SIGKILL after 10 s).
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            state.withLock { $0 = status }
        }
    }
}
