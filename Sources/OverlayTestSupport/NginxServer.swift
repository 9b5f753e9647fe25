package import Foundation
import OverlayCore
package import OverlayPublishing

/// A real nginx on loopback serving a directory, started with its own config in a temp dir and stopped by pid: the
/// origin of the sync tests, `overlay-bench` and the fleet run.
package final class NginxServer: @unchecked Sendable {
    package let root: URL
    package let port: Int
    package let workDirectory: URL
    private let process: Process

    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    package var accessLog: URL { workDirectory.appendingPathComponent("access.log") }

    /// One line of the access log.
    package struct LoggedRequest: Sendable, Hashable {
        package var status: Int
        /// Body bytes sent.
        package var bytes: Int
        package var path: String
    }

    /// Starts nginx serving `root` with the `Cache-Control` of `cacheHeaders` (what the publisher writes to
    /// `cache-headers.json`). `extra` is added inside the `server` block (e.g. a `limit_rate`).
    package init(root: URL, cacheHeaders: CacheHeaders = .standard, extra: String = "") throws {
        self.root = root
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let work = workDirectory.path
        var lastError = "nginx did not start"
        for _ in 0..<5 {
            let port = try Loopback.freePort()
            // keepalive_requests: the 304 benchmark reuses one connection for thousands of requests.
            let config = """
                daemon off;
                worker_processes 1;
                pid \(work)/nginx.pid;
                error_log \(work)/error.log warn;
                events { worker_connections 1024; }
                http {
                    access_log \(work)/access.log;
                    client_body_temp_path \(work)/body;
                    proxy_temp_path \(work)/proxy;
                    fastcgi_temp_path \(work)/fastcgi;
                    uwsgi_temp_path \(work)/uwsgi;
                    scgi_temp_path \(work)/scgi;
                    types { application/json json; application/zip zip; }
                    default_type application/octet-stream;
                    keepalive_requests 100000;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(root.path);
                        \(cacheHeaders.nginxLocations())
                        \(extra)
                    }
                }
                """
            let configURL = workDirectory.appendingPathComponent("nginx.conf")
            try Data(config.utf8).write(to: configURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.nginxPath())
            process.arguments = ["-c", configURL.path, "-p", work, "-e", "\(work)/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Loopback.waitForPort(port, isRunning: { process.isRunning }) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
            process.waitUntilExit()
            lastError = (try? String(contentsOf: workDirectory.appendingPathComponent("error.log"), encoding: .utf8))
                ?? lastError
        }
        throw TestSupportError("nginx did not start: \(lastError)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// SIGQUIT (graceful), then waits for it; the access log stays readable until the server is released.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
    }

    /// Requests logged so far, in order.
    package func loggedRequests() -> [LoggedRequest] {
        let text = (try? String(contentsOf: accessLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            // 127.0.0.1 - - [date] "GET /path HTTP/1.1" 200 123 "-" "agent"
            let parts = line.split(separator: "\"")
            guard parts.count > 2 else { return nil }
            let request = parts[1].split(separator: " ")
            let fields = parts[2].split(separator: " ")
            guard request.count > 1, let first = fields.first, let status = Int(first) else { return nil }
            return LoggedRequest(status: status, bytes: fields.dropFirst().first.flatMap { Int($0) } ?? 0,
                                 path: String(request[1]))
        }
    }

    package static func nginxPath() -> String {
        Loopback.executable("nginx") ?? "/usr/sbin/nginx"
    }
}

/// Loopback ports and executables for the servers the tests and benchmarks start.
package enum Loopback {
    /// A port the kernel had free a moment ago (bind to 0, read it back, close).
    package static func freePort() throws -> Int {
        try ClosedPort().port  // bound, read, and released when the value goes
    }

    /// A loopback port bound and never listened on, for as long as the value lives: a connection to it is refused,
    /// and no other test can start a server there (a port from ``freePort()`` can be taken by a parallel test's
    /// server before it is used).
    package final class ClosedPort: Sendable {
        package let port: Int
        private let fd: Int32

        package init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw TestSupportError("socket: errno \(errno)") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            guard bound == 0 else {
                close(fd)
                throw TestSupportError("bind 127.0.0.1:0: errno \(errno)")
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            self.fd = fd
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        package var url: URL { URL(string: "http://127.0.0.1:\(port)/")! }

        deinit { close(fd) }
    }

    /// Whether `port` accepts a connection within `timeout`, polled every 20 ms while `isRunning`.
    package static func waitForPort(_ port: Int, timeout: Duration = .seconds(4), isRunning: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if !isRunning() { return false }
            if accepts(port) { return true }
            usleep(20_000)
        }
        return false
    }

    /// One connection attempt to 127.0.0.1:`port`.
    package static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        } == 0
    }

    /// The first of the usual system directories holding an executable `name`, then PATH's (Homebrew's
    /// `/opt/homebrew/bin` on a Mac).
    package static func executable(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/" }
        return (["/usr/sbin/", "/usr/bin/", "/usr/local/sbin/", "/usr/local/bin/"] + path).map { $0 + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A server or child that would not start, with what it printed.
package struct TestSupportError: Error, CustomStringConvertible, LocalizedError {
    package var description: String
    package init(_ description: String) { self.description = description }
    package var errorDescription: String? { description }
}
