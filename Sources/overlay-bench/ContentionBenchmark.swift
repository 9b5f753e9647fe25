import Foundation
import OverlayCore
import OverlayPublishing

/// Two threads reading one `LocalizedTable` against one thread doing the same lookups, over the launch benchmark's
/// store (2,000 keys, the chain fr-CA → fr → en, every key an overlay hit or a chained shipped value).
///
/// Budget (issue: scale): two threads get at least 1.8× the lookups of one. Throughput is `2 × one thread's time /
/// two threads' time` for the same number of lookups per thread, the median of several rounds.
///
/// A 2-core virtual machine does not always give a second thread a whole core: a loop that shares nothing scales
/// 1.2–2.0× here from one second to the next. So each round also times two threads on two handles of their own
/// (same snapshot, same keys, nothing shared between the threads), and the verdict is the shared handle's scaling
/// against that: at least 0.9 of it (1.8 of 2), so what is judged is what sharing one handle costs, not what the
/// machine lends. Each thread looks up its own copies of the keys, as call sites pass their own literals.
enum ContentionBenchmark {
    static let lookupsPerThread = 400_000

    static func run() throws {
        let cache = try LaunchBenchmark.prepare()
        let sourceHash = try String(contentsOf: cache.appendingPathComponent("ready"), encoding: .utf8)
        let catalog = try CatalogLoader.load(at: cache.appendingPathComponent("catalog"), mode: .lenient).catalog
        let store = try OverlayStore.open(at: cache.appendingPathComponent("store"), appVersion: "1.0", sourceHash: sourceHash)
        let localizer = Localizer(catalog: catalog, store: store.snapshot(), preferredLanguages: ["fr-CA"], sourceHash: sourceHash)
        let shared = localizer.table(in: "Module01")
        // A handle of each thread's own: built from the same snapshot, so the same merge and the same values.
        let own = (0..<2).map { _ in
            Localizer(catalog: catalog, store: store.snapshot(), preferredLanguages: ["fr-CA"], sourceHash: sourceHash)
                .table(in: "Module01")
        }
        let keys = (0..<2).map { _ in
            (0..<LaunchBenchmark.keys).map { String(decoding: Array(BenchCatalog.key($0).utf8), as: UTF8.self) }
        }
        for table in [shared] + own {
            for key in keys[0] { blackHole(table.string(forKey: key)) }
        }
        let lookups = BenchRun.quick ? lookupsPerThread / 10 : lookupsPerThread
        print("contention: one LocalizedTable of \(keys[0].count) keys, chain \(shared.chain.joined(separator: " → ")), "
            + "\(lookups) lookups per thread, \(ProcessInfo.processInfo.activeProcessorCount) cores")

        let rounds = BenchRun.quick ? 3 : 15
        var single: [Double] = []
        var double: [Double] = []
        var apart: [Double] = []
        for _ in 0..<rounds {
            single.append(timeThreads([shared], lookups: lookups, keys: keys))
            double.append(timeThreads([shared, shared], lookups: lookups, keys: keys))
            apart.append(timeThreads(own, lookups: lookups, keys: keys))
        }
        let one = report("one thread, \(lookups) lookups", samples: single)
        let two = report("two threads on one handle, \(lookups) lookups each, at once", samples: double)
        let control = report("two threads on a handle each (nothing shared), \(lookups) lookups each, at once", samples: apart)
        // Lookups per second of two threads over one thread's: the same per-thread work in `two` time.
        let scaling = 2 * one.medianNanoseconds / two.medianNanoseconds
        let machine = 2 * one.medianNanoseconds / control.medianNanoseconds
        let relative = scaling / machine
        let met = relative >= 0.9
        BenchRecords.shared.add(BudgetRecord(
            benchmark: BenchRun.current,
            budget: "two threads reading one LocalizedTable ≥ 1.8× the lookups of one (0.9 of two threads sharing nothing)",
            measured: Figure("lookups per second, two threads on one handle", Double(2 * lookups) / two.medianNanoseconds * 1e9,
                             unit: "lookups/s"),
            baseline: Figure("lookups per second, two threads on a handle each", Double(2 * lookups) / control.medianNanoseconds * 1e9,
                             unit: "lookups/s"),
            ratio: relative, limit: "≥ 0.9×", verdict: met ? .met : .missed))
        BenchRecords.shared.add(BudgetRecord(
            benchmark: BenchRun.current, budget: "two threads on one LocalizedTable against one thread, as measured",
            measured: Figure("lookups per second, two threads on one handle", Double(2 * lookups) / two.medianNanoseconds * 1e9,
                             unit: "lookups/s"),
            baseline: Figure("lookups per second, one thread", Double(lookups) / one.medianNanoseconds * 1e9, unit: "lookups/s"),
            ratio: scaling, limit: "reference", verdict: .reference))
        print("  two threads / one thread, lookups per second: \(rounded(scaling))× on one handle, \(rounded(machine))× "
            + "on a handle each (what this machine gives a second thread now)")
        print("  one handle against a handle each: \(rounded(relative))× (budget ≥ 0.9×, i.e. 1.8× of 2: \(verdict(met)))")
    }

    /// Wall nanoseconds for one thread per table of `tables` to each do `lookups` lookups, started together; thread
    /// `n` looks up its own key copies `keys[n]` in the `n`-th part of the table. Not a fixed distance apart: threads
    /// drift, and two that meet on one key at once contend on its returned string's reference count (0.7–0.9× here),
    /// which is what two threads reading one `String` cost, not what sharing the handle costs.
    static func timeThreads(_ tables: [LocalizedTable], lookups: Int, keys: [[String]]) -> Double {
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for (index, table) in tables.enumerated() {
            done.enter()
            let own = keys[index]
            let thread = Thread {
                ready.signal()
                go.wait()
                let first = index * own.count / tables.count, end = (index + 1) * own.count / tables.count
                var offset = first
                for _ in 0..<lookups {
                    blackHole(table.string(forKey: own[offset]))
                    offset += 1
                    if offset == end { offset = first }
                }
                done.leave()
            }
            thread.start()
        }
        for _ in tables { ready.wait() }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in tables { go.signal() }
        done.wait()
        return nanoseconds(clock.now - start)
    }
}
