import Foundation
import OverlayCore

/// Runs async work from a synchronous entry point (a command, a benchmark) and waits for it. Only for a thread that
/// is not one of the concurrency pool's: the work runs there while this thread blocks.
package func blockingAwait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let result = LockedValue<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            let value = try await work()
            result.withLock { $0 = .success(value) }
        } catch {
            result.withLock { $0 = .failure(error) }
        }
        done.signal()
    }
    done.wait()
    return try result.withLock { $0! }.get()
}
