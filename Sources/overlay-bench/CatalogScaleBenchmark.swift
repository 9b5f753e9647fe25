import Foundation
import OverlayCore
import OverlayTools
import OverlayPublishing

/// Publishing a catalog of a real app's shape (issue 25): one module, 82 locales, 4,454 keys, each translation
/// missing about half of them (176,000 missing-translation warnings), the files written the way Xcode writes them
/// (a comment per entry). Before, that took 514 MB and wrote a 74 MB build record.
///
/// Each publish runs in a fresh child process, which prints its own peak RSS (`VmHWM`): budget, at most 4× the
/// catalog's bytes on disk (the process alone, Foundation and ICU, is about 1× of this catalog); the build record at
/// most 1% of them. The time is a reference beside
/// `PropertyListSerialization` of the same files, in the same run.
enum CatalogScaleBenchmark {
    static let childVariable = "OVERLAY_BENCH_PUBLISH_CHILD"
    static var locales: Int { BenchRun.quick ? 12 : 82 }
    static var keys: Int { BenchRun.quick ? 500 : 4_454 }

    static func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("catalog")
        let (bytes, missing) = try write(catalog)
        let files = CatalogBenchmark.tableFiles(under: catalog)
        print("catalog: \(locales) locales × \(keys) keys in one module, \(files.count) tables, \(bytes) bytes on disk, "
            + "\(missing) translations missing")
        let baseline = measure("PropertyListSerialization of every table file", iterations: BenchRun.quick ? 1 : 3, warmup: 1) {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil))
            }
        }
        var children: [Child] = []
        for run in 0..<(BenchRun.quick ? 1 : 3) {
            children.append(try spawn(catalog: catalog, origin: root.appendingPathComponent("origin-\(run)")))
        }
        let peak = Double(children.map(\.peak).sorted()[children.count / 2])
        let record = Double(children.map(\.recordBytes).max() ?? 0)
        let first = report("publish in a fresh child process", samples: children.map(\.publish))
        let again = report("publish again, unchanged (the build record answers)", samples: children.map(\.republish))
        let onDisk = Figure("catalog bytes on disk", Double(bytes), unit: "bytes")
        budget("peak RSS of the publish child ≤ 4× the catalog's bytes on disk",
            Figure("publish child peak RSS (VmHWM)", peak, unit: "bytes"), over: onDisk, atMost: 4)
        budget("build record ≤ 1% of the catalog's bytes on disk",
            Figure("build record bytes", record, unit: "bytes"), over: onDisk, atMost: 0.01)
        reference("publish of the 82-locale catalog", Figure(first), baseline: Figure(baseline),
            ratio: first.medianNanoseconds / baseline.medianNanoseconds)
        reference("unchanged republish of the 82-locale catalog", Figure(again), baseline: Figure(baseline),
            ratio: again.medianNanoseconds / baseline.medianNanoseconds)
    }

    struct Child {
        var peak: Int
        var publish: Double
        var republish: Double
        var recordBytes: Int
    }

    /// Runs ``child(_:)`` in a fresh `overlay-bench catalog` process and reads what it printed.
    static func spawn(catalog: URL, origin: URL) throws -> Child {
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = catalog.path + "\n" + origin.path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-bench-scale-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try BenchProcess.spawn(BenchProcess.selfPath, ["catalog"], environment: environment, stdout: output.path)
        let text = try String(contentsOf: output, encoding: .utf8)
        func value(_ name: String) throws -> Double {
            guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(name + "=") }),
                  let number = Double(line.dropFirst(name.count + 1))
            else { throw BenchProcess.Failure(message: "the publish child printed no \(name): \(text)") }
            return number
        }
        let child = Child(
            peak: Int(try value("peak")), publish: try value("publish"), republish: try value("republish"),
            recordBytes: Int(try value("record")))
        print("  child: peak RSS \(child.peak) bytes, build record \(child.recordBytes) bytes")
        return child
    }

    /// In the child: publishes the catalog into a fresh origin, then again unchanged, and prints the peak RSS of the
    /// first, both times and the build record's size.
    static func child(_ paths: String) throws {
        let parts = paths.split(separator: "\n").map(String.init)
        guard parts.count == 2 else { throw BenchProcess.Failure(message: "bad \(childVariable)") }
        let options = PublishOptions(
            catalog: URL(fileURLWithPath: parts[0]), appVersion: "1.0", keys: [try Ed25519PrivateKey.generate()],
            output: URL(fileURLWithPath: parts[1]))
        let clock = ContinuousClock()
        var start = clock.now
        let first = try blockingAwait { try await Publisher.publish(options) }
        let publish = nanoseconds(clock.now - start)
        let peak = MemoryBenchmark.peak()
        start = clock.now
        let second = try blockingAwait { try await Publisher.publish(options) }
        let republish = nanoseconds(clock.now - start)
        guard second.modules.map(\.sha256) == first.modules.map(\.sha256), second.findingList.isEmpty,
              second.unrepeatedFindings.reduce(0, { $0 + $1.count }) == first.findingList.count
        else { throw BenchProcess.Failure(message: "the unchanged republish did not come from the build record") }
        let record = try Data(contentsOf: options.output.appendingPathComponent("1.0/.overlay-build.json")).count
        print("peak=\(peak)\npublish=\(publish)\nrepublish=\(republish)\nrecord=\(record)")
    }

    /// Writes the catalog: `App/<locale>.lproj/Localizable.strings`, the development language with every key, each
    /// other locale with about half (which half depends on the locale); returns its bytes and the missing count.
    static func write(_ root: URL) throws -> (bytes: Int, missing: Int) {
        let codes = ["en", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "es-419", "et", "fa", "fi", "fr", "fr-CA", "he",
            "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk",
            "sl", "sr", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "af", "am", "az", "be", "bn", "bs", "cy",
            "eo", "eu", "fil", "ga", "gl", "gu", "hy", "is", "ka", "kk", "km", "kn", "ky", "lo", "mk", "ml", "mn", "mr", "my",
            "ne", "pa", "ps", "si", "sq", "sw", "ta", "te", "ur", "uz", "zu", "en-GB"]
        var bytes = 0
        var missing = 0
        for (index, locale) in codes.prefix(locales).enumerated() {
            var state = UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15 | 1
            func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(bound))
            }
            var text = ""
            for key in 0..<keys {
                if index > 0 && next(1_000) < 485 {
                    missing += 1
                    continue
                }
                text += "/* Screen \(key % 40), element \(key). */\n\"\(BenchCatalog.key(key))\" = \""
                for word in 0..<(2 + next(6)) { text += (word == 0 ? "" : " ") + BenchCatalog.words[next(BenchCatalog.words.count)] }
                if key % 5 == 0 { text += " %@" }
                text += "\";\n"
            }
            let folder = root.appendingPathComponent("App/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let data = Data(text.utf8)
            try data.write(to: folder.appendingPathComponent("Localizable.strings"))
            bytes += data.count
        }
        return (bytes, missing)
    }
}
