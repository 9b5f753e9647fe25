import Foundation
import OverlayCore

/// Two threads reading one `LocalizedTable` against one thread doing the same lookups, over the launch benchmark's
/// store (2,000 keys, the chain fr-CA → fr → en, every key an overlay hit or a chained shipped value).
///
/// Budget (issue: scale): two threads get at least 1.8× the lookups of one. Throughput is `2 × one thread's time /
/// two threads' time` for the same number of lookups per thread, the median of several rounds.
enum ContentionBenchmark {
    static let lookupsPerThread = 400_000

    static func run() throws {
        let cache = try LaunchBenchmark.prepare()
        let sourceHash = try String(contentsOf: cache.appendingPathComponent("ready"), encoding: .utf8)
        let catalog = try CatalogLoader.load(at: cache.appendingPathComponent("catalog"), mode: .lenient).catalog
        let store = try OverlayStore.open(at: cache.appendingPathComponent("store"), appVersion: "1.0", sourceHash: sourceHash)
        let localizer = Localizer(catalog: catalog, store: store.snapshot(), preferredLanguages: ["fr-CA"], sourceHash: sourceHash)
        let table = localizer.table(in: "Module01")
        let keys = (0..<LaunchBenchmark.keys).map(BenchCatalog.key)
        for key in keys { blackHole(table.string(forKey: key)) }
        let lookups = BenchRun.quick ? lookupsPerThread / 10 : lookupsPerThread
        print("contention: one LocalizedTable of \(keys.count) keys, chain \(table.chain.joined(separator: " → ")), "
            + "\(lookups) lookups per thread, \(ProcessInfo.processInfo.activeProcessorCount) cores")

        let rounds = BenchRun.quick ? 3 : 9
        var single: [Double] = []
        var double: [Double] = []
        for _ in 0..<rounds {
            single.append(timeThreads(1, lookups: lookups, table: table, keys: keys))
            double.append(timeThreads(2, lookups: lookups, table: table, keys: keys))
        }
        let one = report("one thread, \(lookups) lookups", samples: single)
        let two = report("two threads, \(lookups) lookups each, at once", samples: double)
        // Lookups per second of two threads over one thread's: the same per-thread work in `two` time.
        let scaling = 2 * one.medianNanoseconds / two.medianNanoseconds
        BenchRecords.shared.add(BudgetRecord(
            benchmark: BenchRun.current, budget: "two threads reading one LocalizedTable ≥ 1.8× the lookups of one",
            measured: Figure("lookups per second, two threads", Double(2 * lookups) / two.medianNanoseconds * 1e9, unit: "lookups/s"),
            baseline: Figure("lookups per second, one thread", Double(lookups) / one.medianNanoseconds * 1e9, unit: "lookups/s"),
            ratio: scaling, limit: "≥ 1.8×", verdict: scaling >= 1.8 ? .met : .missed))
        print("  two threads / one thread, lookups per second: \(rounded(scaling))× (budget ≥ 1.8×: \(verdict(scaling >= 1.8)))")
    }

    /// Wall nanoseconds for `count` threads to each do `lookups` lookups, started together.
    static func timeThreads(_ count: Int, lookups: Int, table: LocalizedTable, keys: [String]) -> Double {
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                ready.signal()
                go.wait()
                var offset = index * 997
                for _ in 0..<lookups {
                    blackHole(table.string(forKey: keys[offset]))
                    offset += 1
                    if offset == keys.count { offset = 0 }
                }
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<count { ready.wait() }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { go.signal() }
        done.wait()
        return nanoseconds(clock.now - start)
    }
}
