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

/// Parsed format strings of one handle, parsed once on first use. Bounded: beyond the limit, strings are
/// parsed on every render instead of cached.
final class FormatCache: Sendable {
    private static let limit = 20_000
    private let storage = LockedValue<[String: FormatString]>([:])

    func parse(_ text: String) -> FormatString {
        if let cached = storage.withLock({ $0[text] }) { return cached }
        let parsed = FormatParser.parse(text)
        storage.withLock { cache in
            if cache.count < Self.limit { cache[text] = parsed }
        }
        return parsed
    }
}
