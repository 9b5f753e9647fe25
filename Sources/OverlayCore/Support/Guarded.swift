import Foundation

/// A value guarded by a `pthread_mutex_t` (ThreadSanitizer sees it; see ``LockedValue``), held inline by its one
/// owner. Not a generic class: each new class specialization makes the runtime build its metadata at first use, which
/// a `Localizer`'s caches paid for at launch (BENCHMARKS.md). `@unchecked Sendable`: the value is only touched under
/// the lock.
package struct Guarded<Value>: ~Copyable, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value (wraps `pthread_mutex_lock` / `pthread_mutex_unlock`).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
