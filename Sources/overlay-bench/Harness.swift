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
func measure(_ name: String, iterations: Int, warmup: Int = 3, _ body: () throws -> Void) rethrows -> Measurement {
    for _ in 0..<warmup { try body() }
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
