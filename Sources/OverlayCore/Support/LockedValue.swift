#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, with the same `withLock` shape as `Synchronization.Mutex`.
///
/// Why not `Mutex`: on Linux, `Synchronization.Mutex` locks with raw futex calls inside the uninstrumented
/// runtime, so ThreadSanitizer cannot see its happens-before edges and reports every snapshot handed from
/// one thread to another as a race. `pthread_mutex_lock` is intercepted by TSan, so
/// `swift test --sanitize=thread` checks the resolver for real. The uncontended cost is the same order
/// (tens of nanoseconds), and only snapshot switches, first handle builds and caches take it.
///
/// `@unchecked Sendable`: the class owns its C mutex (allocated in `init`, destroyed in `deinit`) and `value`
/// is only touched between `pthread_mutex_lock` and `pthread_mutex_unlock`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value (wraps `pthread_mutex_lock` / `pthread_mutex_unlock`).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
