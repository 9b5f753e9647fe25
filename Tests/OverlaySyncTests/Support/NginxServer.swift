import Foundation
import OverlayCore

/// A real nginx on loopback serving a directory, started with its own config in a temp dir and stopped by pid.
final class NginxServer: @unchecked Sendable {
    let root: URL
    let port: Int
    let workDirectory: URL
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    var accessLog: URL { workDirectory.appendingPathComponent("access.log") }

    /// Starts nginx serving `root` with the `Cache-Control` of `cacheHeaders` (what the publisher writes to
    /// `cache-headers.json`). `extra` is added inside the `server` block (e.g. a `limit_rate`).
    init(root: URL, cacheHeaders: CacheHeaders = .standard, extra: String = "") throws {
        self.root = root
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try Self.freePort()
            let config = """
                daemon off;
                worker_processes 1;
                pid \(workDirectory.path)/nginx.pid;
                error_log \(workDirectory.path)/error.log warn;
                events { worker_connections 64; }
                http {
                    access_log \(workDirectory.path)/access.log;
                    client_body_temp_path \(workDirectory.path)/body;
                    proxy_temp_path \(workDirectory.path)/proxy;
                    fastcgi_temp_path \(workDirectory.path)/fastcgi;
                    uwsgi_temp_path \(workDirectory.path)/uwsgi;
                    scgi_temp_path \(workDirectory.path)/scgi;
                    types { application/json json; application/zip zip; }
                    default_type application/octet-stream;
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
            process.arguments = ["-c", configURL.path, "-p", workDirectory.path, "-e", "\(workDirectory.path)/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Self.waitForPort(port, process: process) {
                self.port = port
                self.process = process
                return
            }
            process.terminate()
            process.waitUntilExit()
            lastError = NSError(domain: "nginx", code: 1, userInfo: [
                NSLocalizedDescriptionKey: (try? String(contentsOf: workDirectory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "nginx did not start"
            ])
        }
        throw lastError!
    }

    deinit { stop() }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
    }

    /// Requests logged so far as `(status, path)`.
    func loggedRequests() -> [(status: Int, path: String)] {
        let text = (try? String(contentsOf: accessLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            // 127.0.0.1 - - [date] "GET /path HTTP/1.1" 200 123 "-" "agent"
            let parts = line.split(separator: "\"")
            guard parts.count > 2 else { return nil }
            let request = parts[1].split(separator: " ")
            let status = parts[2].split(separator: " ").first.flatMap { Int($0) }
            guard request.count > 1, let status else { return nil }
            return (status, String(request[1]))
        }
    }

    static func nginxPath() -> String {
        for candidate in ["/usr/sbin/nginx", "/usr/bin/nginx"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/sbin/nginx"
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
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
        waitForPort(port) { process.isRunning }
    }

    /// Up to 4 s for `port` to accept a connection, while `isRunning`.
    static func waitForPort(_ port: Int, isRunning: () -> Bool) -> Bool {
        for _ in 0..<200 {
            if !isRunning() { return false }
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(fd)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }
}

/// A temporary directory removed when the test ends.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
