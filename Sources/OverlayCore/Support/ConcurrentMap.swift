import Foundation

/// Independent work items spread over every core, results in index order (never completion order), so what callers
/// build from them is the same bytes whatever the scheduling; ThreadSanitizer sees each hand-over (``LockedValue``).
package enum ConcurrentMap {
    /// `work(0..<count)` on `DispatchQueue.concurrentPerform`; the first error by index is rethrown once all finished.
    package static func map<T: Sendable, E: Error>(_ count: Int, _ work: @Sendable (Int) throws(E) -> T) throws(E) -> [T] {
        guard count > 1 else {
            var results: [T] = []
            for index in 0..<count { results.append(try work(index)) }
            return results
        }
        let slots = LockedValue([Result<T, E>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result<T, E> { () throws(E) -> T in try work(index) }
            slots.withLock { $0[index] = result }
        }
        let results = slots.withLock { $0 }
        var values: [T] = []
        values.reserveCapacity(count)
        for result in results {
            guard let result else { preconditionFailure("concurrentPerform skipped an index") }
            values.append(try result.get())
        }
        return values
    }
}
