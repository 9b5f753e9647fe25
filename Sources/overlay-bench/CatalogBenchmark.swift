import Foundation
import OverlayCore
import OverlayTools
import OverlayPublishing

/// `overlay check` and `overlay publish` as library calls, on a real app's catalog and on a million-key one, each
/// against Foundation's `PropertyListSerialization` reading the same files in the same run; and the publish of an
/// 82-locale catalog with its peak memory (``CatalogScaleBenchmark``).
///
/// The real catalog is `$OVERLAY_REALWORLD`, else `../shared/realworld/duckduckgo-ios` from the working directory;
/// without it that half says so and the million-key half still runs.
enum CatalogBenchmark {
    static func run() throws {
        if let paths = ProcessInfo.processInfo.environment[CatalogScaleBenchmark.childVariable] {
            try CatalogScaleBenchmark.child(paths)
            return
        }
        let realworld = ProcessInfo.processInfo.environment["OVERLAY_REALWORLD"] ?? "../shared/realworld/duckduckgo-ios"
        if FileManager.default.fileExists(atPath: realworld) {
            try measureCatalog(URL(fileURLWithPath: realworld), label: "real app catalog (\(realworld))", iterations: 7)
        } else {
            print("catalog: no real catalog at \(realworld) (set OVERLAY_REALWORLD): that half is not measured")
        }
        try CatalogScaleBenchmark.run()
        guard !BenchRun.quick else {
            print("catalog: --quick: the million-entry catalog is not measured")
            return
        }
        // Ten modules, so every archive stays under the client's caps (one 100 MB module would be refused).
        let large = try generatedCatalog(
            modules: 10, locales: ["en", "de", "fr", "ru", "ar", "pl", "es", "it", "ja", "tr"], keys: 10_000)
        defer { try? FileManager.default.removeItem(at: large) }
        try measureCatalog(
            large, label: "generated catalog, 10 modules × 10 locales × 10,000 keys (1,000,000 entries)", iterations: 3)
    }

    static func measureCatalog(_ root: URL, label: String, iterations: Int) throws {
        let files = tableFiles(under: root)
        let bytes = files.reduce(0) { $0 + ((try? Data(contentsOf: $1).count) ?? 0) }
        print("catalog: \(label): \(files.count) table files, \(bytes) bytes")
        let baseline = measure("PropertyListSerialization of every table file", iterations: iterations, warmup: 1) {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil))
            }
        }
        let check = try measure("overlay check (load strict + CatalogChecker)", iterations: iterations, warmup: 1) {
            let loaded = try CatalogLoader.load(at: root, mode: .strict)
            blackHole(CatalogChecker.check(loaded.catalog))
        }
        let key = try Ed25519PrivateKey.generate()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-publish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var run = 0
        let publish = try measure("overlay publish --bundle (fresh origin each time)", iterations: iterations, warmup: 1) {
            run += 1
            let options = PublishOptions(
                catalog: root, shipped: root, appVersion: "1.0", keys: [key],
                output: output.appendingPathComponent("\(run)"))
            blackHole(try blockingAwait { try await Publisher.publish(options) })
        }
        func mbps(_ measurement: Measurement) -> Double { Double(bytes) / measurement.medianNanoseconds * 1_000 }
        reference("check of the \(label)", Figure(check), baseline: Figure(baseline),
            ratio: check.medianNanoseconds / baseline.medianNanoseconds, note: "\(rounded(mbps(check))) MB/s")
        reference("publish --bundle of the \(label)", Figure(publish), baseline: Figure(baseline),
            ratio: publish.medianNanoseconds / baseline.medianNanoseconds)
    }

    /// Every `.strings` and `.stringsdict` file under `root`.
    static func tableFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { ["strings", "stringsdict"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }

    /// A catalog on disk: `Module<n>/<locale>.lproj/Localizable.strings` of `keys` entries per locale.
    static func generatedCatalog(modules: Int, locales: [String], keys: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bench-catalog-\(UUID().uuidString)")
        for module in 0..<modules {
            for (index, locale) in locales.enumerated() {
                let directory = root.appendingPathComponent("Module\(module)/\(locale).lproj")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try BenchCatalog.table(keys: keys, seed: UInt64(module * 100 + index + 1))
                    .write(to: directory.appendingPathComponent("Localizable.strings"))
            }
        }
        return root
    }
}
