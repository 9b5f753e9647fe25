import Foundation

/// Runs Info-ZIP `unzip` and Python `zipfile` as independent oracles for the ZIP reader and writer.
enum ZIPTools {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` (a path, or a name looked up on PATH).
    static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
        process.arguments = (executable.contains("/") ? [] : [executable]) + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Writes `data` to a fresh temporary file and passes its path to `body`.
    static func withTemporaryFile<T>(_ data: Data, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-zip-\(UUID().uuidString).zip")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// What Python's `zipfile` extracts from the archive at `path` (files only, CRC-checked), or nil if it refuses.
    static func pythonExtract(_ path: String) throws -> [String: Data]? {
        let script = """
            import base64, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                for info in z.infolist():
                    if not info.is_dir():
                        print(base64.b64encode(info.filename.encode()).decode(), base64.b64encode(z.read(info)).decode())
            """
        let output = try run("python3", ["-c", script, path])
        guard output.status == 0 else { return nil }
        var files: [String: Data] = [:]
        for line in output.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 2, let name = Data(base64Encoded: String(parts[0])), let contents = Data(base64Encoded: String(parts[1])) else { return nil }
            files[String(decoding: name, as: UTF8.self)] = contents
        }
        return files
    }
}
