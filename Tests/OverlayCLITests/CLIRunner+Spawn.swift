import Foundation

/// What a child run with ``CLI/spawn(_:timeout:environment:)`` did, measured by the kernel.
struct SpawnResult {
    /// The exit code, or 128 + the signal that ended it (132 for the Swift runtime's SIGILL trap).
    var status: Int32
    var stdout: Data
    var stderr: Data
    /// The child's own peak resident set size (`wait4`'s `ru_maxrss`), in kilobytes.
    var maxResidentKilobytes: Int
    var elapsed: Duration
    /// The child was still running at the deadline and was killed.
    var timedOut: Bool

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

extension CLI {
    /// Runs `overlay` with arguments given as raw bytes (so a test can pass bytes that are not UTF-8), kills it at
    /// `timeout` (so a hang fails the test instead of stalling it), and reports the child's own peak RSS.
    static func spawn(
        _ arguments: [[UInt8]], timeout: Duration = .seconds(60), environment: [String: String] = [:]
    ) throws -> SpawnResult {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { env[key] = value }
        let argv = [Array(executable.path.utf8)] + arguments
        let envp = env.map { Array("\($0.key)=\($0.value)".utf8) }

        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }

        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(envp) { cEnv in posix_spawn(&pid, executable.path, &actions, nil, cArgv, cEnv) }
        }
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        let output = LockedBytes()
        let errors = LockedBytes()
        let group = DispatchGroup()
        for (fd, sink) in [(outPipe[0], output), (errPipe[0], errors)] {
            group.enter()
            // A thread of its own: a blocking read must not hold one of the few global-queue threads.
            Thread {
                sink.drain(fd)
                close(fd)
                group.leave()
            }.start()
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        let deadline = started + timeout
        while true {
            let waited = wait4(pid, &status, WNOHANG, &usage)
            if waited == pid { break }
            if waited == -1 && errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
            if ContinuousClock.now > deadline && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(5_000)
        }
        group.wait()
        let signal = status & 0x7F
        return SpawnResult(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, stdout: output.value, stderr: errors.value,
            maxResidentKilobytes: Int(usage.ru_maxrss), elapsed: ContinuousClock.now - started, timedOut: timedOut)
    }

    /// `spawn` with UTF-8 arguments.
    static func spawn(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> SpawnResult {
        try spawn(arguments.map { Array($0.utf8) }, timeout: timeout)
    }

    /// NUL-terminated copies of `strings` as a `char *const[]` ending in NULL, valid inside `body`.
    private static func withCStrings<R>(_ strings: [[UInt8]], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { for pointer in pointers { pointer?.deallocate() } }
        return body(pointers)
    }
}

/// Bytes read from a pipe until end of file, guarded by a lock.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    var value: Data { lock.withLock { data } }

    func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            lock.withLock { data.append(contentsOf: buffer[0..<count]) }
        }
    }
}
