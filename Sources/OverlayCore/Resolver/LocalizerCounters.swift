import Synchronization

/// The Localizer's counters, shared by every snapshot and handle it creates. Lock-free, but for the missed keys of
/// development mode, which only a miss locks.
final class LocalizerCounters: Sendable {
    private let misses = Atomic<Int>(0)
    private let missedKeys = Guarded(MissRecorder())
    private let renderErrors = Atomic<Int>(0)
    private let ignoredRevisions = Atomic<Int>(0)

    func countMiss() { misses.wrappingAdd(1, ordering: .relaxed) }
    /// Keeps `key` among the distinct missed keys of `module` (development mode).
    func recordMiss(module: String, table: String, key: String) {
        missedKeys.withLock { $0.record(module: module, table: table, key: key) }
    }

    var missed: MissedKeys { missedKeys.withLock { $0.snapshot } }

    func countRenderError() { renderErrors.wrappingAdd(1, ordering: .relaxed) }
    func countIgnoredRevisions(_ count: Int) { ignoredRevisions.wrappingAdd(count, ordering: .relaxed) }

    var stats: LocalizerStats {
        LocalizerStats(
            misses: misses.load(ordering: .relaxed), renderErrors: renderErrors.load(ordering: .relaxed),
            ignoredRevisions: ignoredRevisions.load(ordering: .relaxed))
    }
}
