import Foundation
import Testing

/// Compiles Swift files against the OverlayCore module this test run was built with, and runs the result: how the
/// codegen and INTEGRATING.md tests prove that what an app would compile does compile (Swift 6 language mode,
/// warnings as errors) and renders what it should.
///
/// `swiftc` is given the build directory's `Modules` (the `.swiftmodule`s), OverlayCore's and OverlaySync's object files
/// (what an app links, so only public API is reachable) and the C
/// libraries it links: about two seconds per program, against minutes for a temporary SwiftPM package that would
/// build the library again.
enum SwiftProgram {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The build directory holding this test bundle (`.build/<triple>/debug`, or another `--scratch-path`'s).
    static let buildDirectory: URL? = {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Modules/OverlayCore.swiftmodule").path) }
    }()

    /// A fresh temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Compiles `files` (name → source; one must be `main.swift`) in `directory` and returns the executable.
    static func compile(_ files: [String: String], in directory: URL) throws -> URL {
        guard let build = buildDirectory else {
            throw Failure(description: "no build directory with Modules/OverlayCore.swiftmodule next to the test bundle")
        }
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        // What an app links (the OverlayClient product); objects of files no longer in Sources are left behind by
        // incremental builds after a move and are skipped.
        var objects: [String] = []
        for module in ["OverlayCore", "OverlaySync"] {
            let sourceNames = Set((FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent("Sources/\(module)").path)?
                .compactMap { ($0 as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }) ?? [])
            objects += try FileManager.default.contentsOfDirectory(atPath: build.appendingPathComponent("\(module).build").path)
                .filter { $0.hasSuffix(".swift.o") && sourceNames.contains(String($0.dropLast(2))) }.sorted()
                .map { build.appendingPathComponent("\(module).build/\($0)").path }
        }
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let executable = directory.appendingPathComponent("program")
        var arguments = ["-swift-version", "6", "-warnings-as-errors", "-I", build.appendingPathComponent("Modules").path]
        for module in ["CZlib", "CLibCrypto", "CCurl"] {
            arguments += ["-Xcc", "-fmodule-map-file=\(sources.appendingPathComponent("\(module)/module.modulemap").path)"]
        }
        arguments += paths + objects + ["-lcrypto", "-lz", "-lcurl", "-o", executable.path]
        let result = try run(URL(fileURLWithPath: swiftc), arguments)
        guard result.status == 0 else {
            throw Failure(description: "swiftc failed (\(result.status)):\n\(result.output)")
        }
        return executable
    }

    /// Type-checks `files` (name → source) as one library module, `-warnings-as-errors`, against OverlayCore and
    /// OverlaySync; nothing is linked.
    static func typecheck(_ files: [String: String], in directory: URL) throws {
        guard let build = buildDirectory else {
            throw Failure(description: "no build directory with Modules/OverlayCore.swiftmodule next to the test bundle")
        }
        var arguments = [
            "-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors",
            "-I", build.appendingPathComponent("Modules").path,
        ]
        for module in ["CZlib", "CLibCrypto", "CCurl"] {
            let map = repositoryRoot.appendingPathComponent("Sources/\(module)/module.modulemap").path
            arguments += ["-Xcc", "-fmodule-map-file=\(map)"]
        }
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            arguments.append(url.path)
        }
        let result = try run(URL(fileURLWithPath: swiftc), arguments)
        guard result.status == 0 else {
            throw Failure(description: "swiftc -typecheck failed (\(result.status)):\n\(result.output)")
        }
    }

    /// Runs `executable` and returns its standard output; a non-zero exit is a failure with its output.
    static func output(of executable: URL, _ arguments: [String] = []) throws -> String {
        let result = try run(executable, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(executable.lastPathComponent) exited \(result.status):\n\(result.output)")
        }
        return result.output
    }

    /// `swiftc` beside the `swift` that runs the tests, else the first on PATH.
    static let swiftc: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/swiftc"
    }()

    private static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
