import Foundation
import OverlayCore
import OverlayTools
import OverlayPublishing

/// Publishing 30 modules × 12 locales × 2,000 keys into a fresh origin, and republishing it unchanged into the same
/// origin, against Info-ZIP `zip -X -r` of every module folder plus one `sha256sum` of the archives, in the same run.
///
/// Budget (issue: scale): a publish ≤ 1.5× the baseline; an unchanged republish ≤ 0.3× of it.
enum PublishBenchmark {
    static let modules = 30
    static let locales = LaunchBenchmark.locales
    static var keys: Int { BenchRun.quick ? 200 : 2_000 }

    static func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-publish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("catalog")
        try BenchCatalog.writeCatalog(modules: modules, locales: locales, keys: keys, under: catalog)
        let bytes = CatalogBenchmark.tableFiles(under: catalog).reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) }
        print("publish: \(modules) modules × \(locales.count) locales × \(keys) keys, \(bytes) bytes of tables")
        let runs = BenchRun.quick ? 1 : 3

        var zipSamples: [Double] = []
        for run in 0..<runs {
            let out = root.appendingPathComponent("zip-\(run)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let clock = ContinuousClock()
            let start = clock.now
            var archives: [String] = []
            for index in 0..<modules {
                let name = BenchCatalog.moduleName(index)
                let archive = out.appendingPathComponent("\(name).zip").path
                try runIn(catalog.appendingPathComponent(name), "/usr/bin/zip", ["-X", "-r", "-q", archive, "."])
                archives.append(archive)
            }
            _ = try BenchProcess.output("/usr/bin/sha256sum", archives)
            zipSamples.append(nanoseconds(clock.now - start))
        }
        let baseline = report("zip -X -r of each module folder + sha256sum of the archives", samples: zipSamples)

        let key = try Ed25519PrivateKey.generate()
        var publishSamples: [Double] = []
        var republishSamples: [Double] = []
        for run in 0..<runs {
            let origin = root.appendingPathComponent("origin-\(run)")
            let options = PublishOptions(catalog: catalog, appVersion: "1.0", keys: [key], output: origin)
            let clock = ContinuousClock()
            var start = clock.now
            let first = try blockingAwait { try await Publisher.publish(options) }
            publishSamples.append(nanoseconds(clock.now - start))
            start = clock.now
            let second = try blockingAwait { try await Publisher.publish(options) }
            republishSamples.append(nanoseconds(clock.now - start))
            guard first.modules.count == modules, second.modules.map(\.sha256) == first.modules.map(\.sha256) else {
                throw BenchProcess.Failure(message: "the unchanged republish changed archives")
            }
        }
        let publish = report("Publisher.publish into a fresh origin", samples: publishSamples)
        let republish = report("Publisher.publish of the unchanged catalog into the same origin", samples: republishSamples)
        budget("publishing \(modules) × \(locales.count) × \(keys) ≤ 1.5× zip -X -r + sha256sum", Figure(publish),
            over: Figure(baseline), atMost: 1.5)
        budget("republishing it unchanged ≤ 0.3× zip -X -r + sha256sum", Figure(republish), over: Figure(baseline), atMost: 0.3)
    }

    /// Runs `executable` with `arguments` in `directory` and waits; throws on a non-zero exit.
    static func runIn(_ directory: URL, _ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchProcess.Failure(message: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }
}
