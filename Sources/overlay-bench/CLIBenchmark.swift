import Foundation

/// Wall time of CLI commands that do little: `overlay --version` and `overlay plural en 1` against `/bin/true`
/// (process start alone), with hyperfine when it is installed, else a spawn loop.
///
/// Budget (DESIGN.md, Performance): a CLI command that does little finishes in ≤ 10 ms.
enum CLIBenchmark {
    static var runs: Int { BenchRun.quick ? 5 : 20 }

    static func run() throws {
        guard let overlay = BenchProcess.sibling("overlay") else {
            print("cli: skipped — no overlay binary beside \(BenchProcess.selfPath); build it: swift build -c release --product overlay")
            return
        }
        let commands: [(label: String, executable: String, arguments: [String])] = [
            ("/bin/true", "/bin/true", []),
            ("overlay-bench list (a Swift + Foundation process doing nothing)", BenchProcess.selfPath, ["list"]),
            ("overlay --version", overlay, ["--version"]),
            ("overlay plural en 1", overlay, ["plural", "en", "1"]),
        ]
        for command in commands.dropFirst(2) {
            let output = try BenchProcess.output(command.executable, command.arguments)
            precondition(!output.isEmpty, "\(command.label) printed nothing")
        }
        let medians: [Double]
        if let hyperfine = BenchProcess.which("hyperfine") {
            print("cli: \(runs) runs each, hyperfine -N (no shell), warmup 3")
            medians = try hyperfineMedians(hyperfine, commands.map { ([$0.executable] + $0.arguments).joined(separator: " ") })
        } else {
            print("cli: \(runs) runs each, spawn loop (hyperfine not installed: apt-get install hyperfine)")
            medians = try commands.map { command in
                try BenchProcess.medianWallTime(command.executable, command.arguments, runs: runs)
            }
        }
        for (command, median) in zip(commands, medians) {
            print("  \(command.label): \(rounded(median / 1_000_000)) ms/run (median of \(runs))")
        }
        let empty = Figure(commands[1].label, medians[1], unit: "ns")
        for (command, median) in zip(commands, medians).dropFirst(2) {
            budget("\(command.label) ≤ 1.5× an empty Swift + Foundation process (≤ 10 ms)", Figure(command.label, median, unit: "ns"),
                over: empty, atMost: 1.5, note: "\(rounded(median / medians[0]))× /bin/true")
        }
    }

    /// Medians in nanoseconds, in the order of `commands`, from one hyperfine run.
    static func hyperfineMedians(_ hyperfine: String, _ commands: [String]) throws -> [Double] {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-hyperfine-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        _ = try BenchProcess.output(
            hyperfine, ["-N", "--runs", "\(runs)", "--warmup", "3", "--style", "none", "--export-json", json.path] + commands)
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        guard let results = root?["results"] as? [[String: Any]], results.count == commands.count else {
            throw BenchProcess.Failure(message: "hyperfine wrote no results to \(json.path)")
        }
        return try results.map { result in
            guard let median = result["median"] as? Double else {
                throw BenchProcess.Failure(message: "hyperfine result without a median")
            }
            return median * 1e9
        }
    }
}

/// Child processes for the benchmarks: finding binaries, running them, timing them.
enum BenchProcess {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// This executable's path (`/proc/self/exe`, so a relative argv[0] does not matter).
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A product built beside this one (`.build/release/overlay`), if it exists.
    static func sibling(_ name: String) -> String? {
        let path = URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The first `name` on `PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a process to completion and returns its stdout; a non-zero exit throws with its stderr.
    @discardableResult
    static func output(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let collected = LockedBox()
        let errors = err.fileHandleForReading
        let reader = Thread { collected.set(errors.readDataToEndOfFile()) }
        reader.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = collected.wait()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
                + String(decoding: stderr.prefix(2_000), as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Wall nanoseconds of one run, output discarded; a non-zero exit throws.
    static func wallTime(_ executable: String, _ arguments: [String]) throws -> Double {
        try spawn(executable, arguments)
    }

    /// Runs a process with `posix_spawn` + `waitpid` and returns its wall nanoseconds (Foundation's `Process`
    /// on Linux notices an exit only on a 50 ms run-loop tick, too coarse to time a process start).
    /// stdout goes to the file `stdout`, stderr to /dev/null; a non-zero exit throws.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdout: String = "/dev/null"
    ) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw Failure(message: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(message: "waitpid failed for \(executable)") }
        }
        let elapsed = nanoseconds(clock.now - start)
        // WIFEXITED(status) && WEXITSTATUS(status) == 0
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Failure(message: "\(executable) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        return elapsed
    }

    static func medianWallTime(_ executable: String, _ arguments: [String], runs: Int, warmup: Int = 2) throws -> Double {
        for _ in 0..<warmup { _ = try wallTime(executable, arguments) }
        return median(try (0..<runs).map { _ in try wallTime(executable, arguments) })
    }
}

/// Carries the stderr bytes from the reader thread to the waiting one.
final class LockedBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Data?

    func set(_ data: Data) {
        condition.lock()
        value = data
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func median(_ samples: [Double]) -> Double {
    precondition(!samples.isEmpty, "median of no samples")
    let sorted = samples.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// A ``Measurement`` from samples taken outside ``measure(_:iterations:warmup:_:)`` (async code, child processes);
/// printed the same way.
@discardableResult
func report(_ name: String, samples: [Double]) -> Measurement {
    let measurement = Measurement(name: name, medianNanoseconds: median(samples), iterations: samples.count)
    print("  " + measurement.formatted)
    BenchRecords.shared.add(Figure(measurement))
    return measurement
}

/// "met" or "missed" for a budget line.
func verdict(_ met: Bool) -> String { met ? "met" : "missed" }
