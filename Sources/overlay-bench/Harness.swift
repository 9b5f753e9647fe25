import Foundation

/// A tiny benchmark harness: time a closure many times, report the median.
///
/// Add a benchmark by writing a `static func run()` that calls ``measure(_:iterations:warmup:_:)`` for the
/// candidate and for its baseline in the same run, then prints ``Measurement/ratio(to:)``; register it
/// in `Benchmarks.all` (main.swift).
struct Measurement {
    var name: String
    /// Median wall-clock nanoseconds per call.
    var medianNanoseconds: Double
    var iterations: Int

    /// How many times faster `self` is than `baseline` (above 1 means faster).
    func speedup(over baseline: Measurement) -> Double { baseline.medianNanoseconds / medianNanoseconds }

    var formatted: String {
        let value = medianNanoseconds
        let shown = value >= 1_000_000 ? "\(rounded(value / 1_000_000)) ms" : value >= 1_000 ? "\(rounded(value / 1_000)) µs" : "\(rounded(value)) ns"
        return "\(name): \(shown)/op (median of \(iterations))"
    }
}

/// Runs `body` `warmup` times untimed, then `iterations` times, and prints and returns the median.
@discardableResult
func measure(_ name: String, iterations full: Int, warmup: Int = 3, _ body: () throws -> Void) rethrows -> Measurement {
    let iterations = BenchRun.iterations(full)
    for _ in 0..<(BenchRun.quick ? min(warmup, 1) : warmup) { try body() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let elapsed = try clock.measure(body)
        let (seconds, attoseconds) = elapsed.components
        samples.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
    }
    samples.sort()
    let median = samples.count % 2 == 1
        ? samples[samples.count / 2]
        : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
    let measurement = Measurement(name: name, medianNanoseconds: median, iterations: iterations)
    print("  " + measurement.formatted)
    BenchRecords.shared.add(Figure(measurement))
    return measurement
}

/// Keeps a result alive so the optimizer cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

func rounded(_ value: Double, places: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let whole = (value * scale).rounded() / scale
    return "\(whole)"
}

/// How this run was asked for: `--quick` scales every iteration count down (a smoke test: it asserts nothing about
/// timings), `--json` sends the report to stdout and the running commentary to stderr.
enum BenchRun {
    nonisolated(unsafe) static var quick = false
    /// The benchmark running now, for the records.
    nonisolated(unsafe) static var current = ""

    /// `iterations` in a full run; a tenth of it, at least 3, with `--quick`.
    static func iterations(_ full: Int) -> Int { quick ? max(3, full / 10) : full }
}

/// A figure in a budget: a measured value with its unit, as the line printed says it.
struct Figure: Encodable {
    var label: String
    var value: Double
    var unit: String

    init(_ label: String, _ value: Double, unit: String) {
        self.label = label
        self.value = value
        self.unit = unit
    }

    /// A median time in nanoseconds.
    init(_ measurement: Measurement) {
        self.init(measurement.name, measurement.medianNanoseconds, unit: "ns")
    }
}

/// One budget's verdict, always a ratio against a baseline measured in the same run, so a loaded machine moves both
/// sides together. `reference` rows inform (an absolute figure of DESIGN.md, or a comparison without a budget).
struct BudgetRecord: Encodable {
    enum Verdict: String, Encodable { case met, missed, reference }
    var benchmark: String
    var budget: String
    var measured: Figure
    var baseline: Figure?
    /// `measured / baseline` in the units of `limit` (for "faster than", the baseline over the measured).
    var ratio: Double?
    /// "≤ 2×", "≥ 5× faster", "reference".
    var limit: String
    var verdict: Verdict
}

/// Everything a run measured, printed at the end with `--json`.
final class BenchRecords: @unchecked Sendable {
    static let shared = BenchRecords()
    private let lock = NSLock()
    private var figures: [String: [Figure]] = [:]
    private var budgets: [BudgetRecord] = []

    func add(_ figure: Figure) {
        lock.withLock { figures[BenchRun.current, default: []].append(figure) }
    }

    func add(_ record: BudgetRecord) {
        lock.withLock { budgets.append(record) }
    }

    var allBudgets: [BudgetRecord] { lock.withLock { budgets } }

    func json(benchmarks: [String]) throws -> Data {
        struct Report: Encodable {
            var format = "overlay-bench.v1"
            var quick: Bool
            var benchmarks: [String]
            var budgets: [BudgetRecord]
            var figures: [String: [Figure]]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try lock.withLock {
            try encoder.encode(Report(quick: BenchRun.quick, benchmarks: benchmarks, budgets: budgets, figures: figures))
        }
    }
}

/// Prints and records a budget judged by a same-run ratio: `measured / baseline ≤ atMost`.
@discardableResult
func budget(_ name: String, _ measured: Figure, over baseline: Figure, atMost limit: Double, note: String = "") -> Bool {
    let ratio = measured.value / baseline.value
    let met = ratio <= limit
    record(name, measured, baseline, ratio: ratio, limit: "≤ \(rounded(limit))×", met: met, note: note)
    return met
}

/// Prints and records a "faster than" budget: `baseline / measured ≥ atLeast`.
@discardableResult
func budget(_ name: String, _ measured: Figure, fasterThan baseline: Figure, atLeast limit: Double, note: String = "") -> Bool {
    let ratio = baseline.value / measured.value
    let met = ratio >= limit
    record(name, measured, baseline, ratio: ratio, limit: "≥ \(rounded(limit))× faster", met: met, note: note)
    return met
}

/// Prints and records a figure DESIGN.md gives as an absolute or that has no budget: it informs, it is not judged.
func reference(_ name: String, _ measured: Figure, baseline: Figure? = nil, ratio: Double? = nil, note: String = "") {
    BenchRecords.shared.add(BudgetRecord(
        benchmark: BenchRun.current, budget: name, measured: measured, baseline: baseline, ratio: ratio,
        limit: "reference", verdict: .reference))
    let against = ratio.map { " (\(rounded($0))× \(baseline?.label ?? "the baseline"))" } ?? ""
    print("  \(name): \(shown(measured))\(against)\(note.isEmpty ? "" : "; \(note)") [reference]")
}

private func record(_ name: String, _ measured: Figure, _ baseline: Figure, ratio: Double, limit: String, met: Bool, note: String) {
    BenchRecords.shared.add(BudgetRecord(
        benchmark: BenchRun.current, budget: name, measured: measured, baseline: baseline, ratio: ratio,
        limit: limit, verdict: met ? .met : .missed))
    print("  \(name): \(rounded(ratio))× (budget \(limit): \(verdict(met))); \(shown(measured)) against "
        + "\(baseline.label) \(shown(baseline))\(note.isEmpty ? "" : "; \(note)")")
}

/// A figure as a person reads it: times scaled to ns/µs/ms/s.
func shown(_ figure: Figure) -> String {
    if figure.unit == "bytes" { return "\(rounded(figure.value / 1_048_576)) MiB" }
    guard figure.unit == "ns" else { return "\(rounded(figure.value)) \(figure.unit)" }
    let value = figure.value
    if value >= 1e9 { return "\(rounded(value / 1e9)) s" }
    if value >= 1e6 { return "\(rounded(value / 1e6)) ms" }
    if value >= 1e3 { return "\(rounded(value / 1e3)) µs" }
    return "\(rounded(value)) ns"
}
