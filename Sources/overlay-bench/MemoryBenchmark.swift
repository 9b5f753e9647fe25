import Foundation
import OverlayCore
import OverlayPublishing

/// Resident bytes a `Localizer` adds, with the chain fr-CA → fr → en over the launch benchmark's 30 modules loaded
/// (a handle per module and one lookup in each; judged) and with every key of them looked up once (reference: each
/// looked-up key keeps its built value), against (a) the UTF-8 bytes of the keys and values of the tables it can serve and
/// (b) a `[String: String]` per table of the same entries. Each side is measured in a fresh child process as the
/// peak RSS delta (`VmHWM` after the work minus `VmRSS` before it, the peak reset through `/proc/self/clear_refs`).
///
/// Budget (issue: scale): at most 1.5× the tables' UTF-8 bytes and at most 0.5× the dictionaries.
enum MemoryBenchmark {
    static let childVariable = "OVERLAY_BENCH_MEMORY_CHILD"
    static let chain = ["fr-CA", "fr", "en"]

    static func run() throws {
        if let mode = ProcessInfo.processInfo.environment[childVariable] {
            try child(mode: mode, cache: try LaunchBenchmark.prepare())
            return
        }
        let cache = try LaunchBenchmark.prepare()
        let bytes = try servableBytes(cache: cache)
        print("memory: \(LaunchBenchmark.modules) modules, chain \(chain.joined(separator: " → ")), every key looked up; "
            + "\(bytes) UTF-8 bytes of keys and values in the tables the Localizer can serve")
        let runs = BenchRun.quick ? 1 : 3
        let localizer = try (0..<runs).map { _ in try spawn("localizer") }.sorted()[runs / 2]
        let touched = try (0..<runs).map { _ in try spawn("localizer-every-key") }.sorted()[runs / 2]
        let dictionary = try (0..<runs).map { _ in try spawn("dictionary") }.sorted()[runs / 2]
        let ours = Figure("Localizer peak RSS delta, 30 modules loaded", Double(localizer), unit: "bytes")
        budget("resident bytes of a Localizer ≤ 1.5× the UTF-8 bytes of the tables it can serve", ours,
            over: Figure("UTF-8 bytes of the tables", Double(bytes), unit: "bytes"), atMost: 1.5)
        budget("resident bytes of a Localizer ≤ 0.5× a [String: String] of the same entries", ours,
            over: Figure("[String: String] per table, peak RSS delta", Double(dictionary), unit: "bytes"), atMost: 0.5)
        reference("resident bytes of a Localizer after every key was looked up once",
            Figure("Localizer peak RSS delta, every key looked up", Double(touched), unit: "bytes"),
            baseline: Figure("UTF-8 bytes of the tables", Double(bytes), unit: "bytes"), ratio: Double(touched) / Double(bytes),
            note: "\(rounded(Double(touched) / Double(dictionary)))× the dictionaries")
    }

    /// The median child's peak RSS delta in bytes for `mode`.
    static func spawn(_ mode: String) throws -> Int {
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = mode
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-memory-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try BenchProcess.spawn(BenchProcess.selfPath, ["memory"], environment: environment, stdout: output.path)
        let text = try String(contentsOf: output, encoding: .utf8)
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("delta=") }), let delta = Int(line.dropFirst(6)) else {
            throw BenchProcess.Failure(message: "the memory child (\(mode)) printed no delta: \(text)")
        }
        print("  child \(mode): \(delta) bytes peak RSS delta")
        return delta
    }

    /// The overlay tables of the chain's locales and the shipped `en` table, per module: the text a lookup can return.
    static func tables(cache: URL) throws -> [Data] {
        var tables: [Data] = []
        let modules = cache.appendingPathComponent("store/modules")
        for index in 0..<LaunchBenchmark.modules {
            let name = BenchCatalog.moduleName(index)
            let module = modules.appendingPathComponent(name)
            guard let revision = try FileManager.default.contentsOfDirectory(atPath: module.path).first(where: { $0.count == 64 }) else {
                throw BenchProcess.Failure(message: "no revision of \(name) in \(module.path)")
            }
            for locale in chain {
                tables.append(try Data(contentsOf: module.appendingPathComponent("\(revision)/\(locale).lproj/Localizable.strings")))
            }
            tables.append(try Data(contentsOf: cache.appendingPathComponent("catalog/\(name)/en.lproj/Localizable.strings")))
        }
        return tables
    }

    static func servableBytes(cache: URL) throws -> Int {
        try tables(cache: cache).reduce(0) { total, data in
            total + (try StringsReader.read(data).dictionary).reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        }
    }

    /// Measures one side and prints `delta=<bytes>`.
    static func child(mode: String, cache: URL) throws {
        let sourceHash = try String(contentsOf: cache.appendingPathComponent("ready"), encoding: .utf8)
        let keys = (0..<LaunchBenchmark.keys).map(BenchCatalog.key)
        switch mode {
        case "localizer", "localizer-every-key":
            // The shipped catalog is the app's own: loaded before the window, as the bundle is on a device.
            let catalog = try CatalogLoader.load(at: cache.appendingPathComponent("catalog"), mode: .lenient).catalog
            let before = resetPeak()
            let store = try OverlayStore.open(at: cache.appendingPathComponent("store"), appVersion: "1.0", sourceHash: sourceHash)
            let localizer = Localizer(catalog: catalog, store: store.snapshot(), preferredLanguages: [chain[0]], sourceHash: sourceHash)
            var served = 0
            for index in 0..<LaunchBenchmark.modules {
                let table = localizer.table(in: BenchCatalog.moduleName(index))
                if mode == "localizer" {
                    served &+= table.string(forKey: keys[0]).utf8.count
                } else {
                    for key in keys { served &+= table.string(forKey: key).utf8.count }
                }
            }
            print("delta=\(peak() - before)")
            withExtendedLifetime((localizer, store, catalog)) { blackHole(served) }
        case "dictionary":
            let files = try tables(cache: cache)
            let before = resetPeak()
            var dictionaries: [[String: String]] = []
            for data in files { dictionaries.append(try StringsReader.read(data).dictionary) }
            print("delta=\(peak() - before)")
            withExtendedLifetime((dictionaries, files)) {}
        default:
            throw BenchProcess.Failure(message: "unknown memory child mode \(mode)")
        }
    }

    /// Resets the peak (`VmHWM`) to the current RSS and returns the current RSS in bytes.
    static func resetPeak() -> Int {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        return status("VmRSS")
    }

    static func peak() -> Int { status("VmHWM") }

    /// A `kB` field of `/proc/self/status`, in bytes.
    static func status(_ field: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return (digits.first ?? 0) * 1_024
        }
        return 0
    }
}
