import Synchronization

/// The Localizer's counters, shared by every snapshot and handle it creates. Lock-free.
final class LocalizerCounters: Sendable {
    private let misses = Atomic<Int>(0)
    private let renderErrors = Atomic<Int>(0)
    private let ignoredRevisions = Atomic<Int>(0)

    func countMiss() { misses.wrappingAdd(1, ordering: .relaxed) }
    func countRenderError() { renderErrors.wrappingAdd(1, ordering: .relaxed) }
    func countIgnoredRevisions(_ count: Int) { ignoredRevisions.wrappingAdd(count, ordering: .relaxed) }

    var stats: LocalizerStats {
        LocalizerStats(
            misses: misses.load(ordering: .relaxed), renderErrors: renderErrors.load(ordering: .relaxed),
            ignoredRevisions: ignoredRevisions.load(ordering: .relaxed))
    }
}
