import Foundation

/// Runs the built `overlay` binary and captures what it printed.
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func testdata(_ path: String) -> String {
        repositoryRoot.appendingPathComponent("testdata").appendingPathComponent(path).path
    }

    /// The `overlay` executable next to the test bundle (SwiftPM builds it because the test target depends on it).
    static let executable: URL = {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("overlay"))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("overlay"))
        for configuration in ["debug", "release"] {
            candidates.append(repositoryRoot.appendingPathComponent(".build/\(configuration)/overlay"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:], executable: URL = executable) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        return collect(process, stdout: outPipe, stderr: errPipe)
    }

    /// Reads both pipes of a started process to their end, then waits for it: read before waiting, so a large
    /// output cannot block the child.
    static func collect(_ process: Process, stdout outPipe: Pipe, stderr errPipe: Pipe) -> CLIResult {
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
