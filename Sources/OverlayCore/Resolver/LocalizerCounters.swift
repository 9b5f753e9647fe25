import Synchronization

/// Shared by every snapshot and handle of a Localizer; lock-free but for the missed keys, which only a miss locks.
final class LocalizerCounters: Sendable {
    private let misses = Atomic<Int>(0)
    private let missedKeys = Guarded(MissedKeys())
    private let renderErrors = Atomic<Int>(0)
    private let ignoredRevisions = Atomic<Int>(0)

    func countMiss() { misses.wrappingAdd(1, ordering: .relaxed) }
    func recordMiss(module: String, table: String, key: String) {
        missedKeys.withLock { $0.record(module: module, table: table, key: key) }
    }

    var missed: MissedKeys { missedKeys.withLock { $0 } }

    func countRenderError() { renderErrors.wrappingAdd(1, ordering: .relaxed) }
    func countIgnoredRevisions(_ count: Int) { ignoredRevisions.wrappingAdd(count, ordering: .relaxed) }

    var stats: LocalizerStats {
        LocalizerStats(
            misses: misses.load(ordering: .relaxed), renderErrors: renderErrors.load(ordering: .relaxed),
            ignoredRevisions: ignoredRevisions.load(ordering: .relaxed))
    }
}
