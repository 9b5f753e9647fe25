package import Foundation
import OverlayCore

/// A real Varnish on loopback in front of one backend, started with its own VCL and working directory (`-n`) in a
/// temp dir and stopped by pid, like `NginxServer`.
///
/// The VCL names the backend and nothing else: Varnish's built-in logic caches by the backend's `Cache-Control`
/// (`max-age`, `s-maxage`, `stale-while-revalidate` as grace; `no-cache`/`private` not stored). No TTL, grace or
/// other parameter is overridden, so what the tests see is what the publisher's headers ask of a cache.
package final class VarnishServer: @unchecked Sendable {
    package let port: Int
    package let workDirectory: URL
    private let process: SpawnedProcess

    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    package init(backendPort: Int, storage: String = "malloc,64m") throws {
        guard let varnishd = Loopback.executable("varnishd") else {
            throw TestSupportError("varnishd is not installed: apt-get install -y varnish (scripts/setup.sh lists it)")
        }
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("varnish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let vcl = workDirectory.appendingPathComponent("origin.vcl")
        try Data("""
            vcl 4.1;
            backend origin { .host = "127.0.0.1"; .port = "\(backendPort)"; }
            """.utf8).write(to: vcl)
        let log = workDirectory.appendingPathComponent("varnishd.log")
        var lastError = "varnishd did not start"
        for _ in 0..<5 {
            let port = try Loopback.freePort()
            // -F: the manager stays in the foreground, so the pid we hold is the one to signal.
            let process = try SpawnedProcess(varnishd, [
                "-F", "-a", "127.0.0.1:\(port)", "-f", vcl.path, "-n", workDirectory.appendingPathComponent("n").path,
                "-s", storage,
            ], log: log.path)
            // The VCL is compiled with cc before the child listens: allow a slow shared machine 20 s.
            let deadline = ContinuousClock.now + .seconds(20)
            var listening = false
            while !listening, process.isRunning, ContinuousClock.now < deadline {
                listening = Loopback.waitForPort(port) { process.isRunning }
            }
            if listening {
                self.port = port
                self.process = process
                return
            }
            process.stop()
            lastError = (try? String(contentsOf: log, encoding: .utf8)) ?? lastError
        }
        throw TestSupportError("varnishd did not start: \(lastError)")
    }

    deinit { stop() }

    /// SIGTERM to the manager stops its child too; then its working directory is removed.
    package func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: workDirectory)
    }

}

/// A child started with `posix_spawn`, every signal unblocked and at its default, output to a log file, stopped by
/// pid. Not `Process`: a child started by Foundation inherits the blocked signals of the thread that started it
/// (varnishd then ignores SIGTERM), and varnishd closing every inherited descriptor makes Foundation's exit
/// monitor wait on it for good, which blocks every other `Process` of the test run.
package final class SpawnedProcess: @unchecked Sendable {
    package let pid: pid_t
    private let state = LockedValue<Int32?>(nil)

    package init(_ path: String, _ arguments: [String], log: String) throws {
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
            throw TestSupportError("cannot start \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    deinit { stop() }

    package var isRunning: Bool {
        state.withLock { exited in
            if exited != nil { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = status }
            return exited == nil
        }
    }

    /// SIGTERM, then waits for it (SIGKILL after 10 s).
    package func stop() {
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
