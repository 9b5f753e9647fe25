import Foundation

/// A value guarded by a `pthread_mutex_t` (ThreadSanitizer sees it; see ``LockedValue``), held inline by its owner
/// rather than as an object of its own.
///
/// Why both: `LockedValue` is a generic class, and each new `LockedValue<Value>` makes the runtime build its metadata
/// from a mangled name the first time one is made, for each cache type a `Localizer` holds: a tenth of a cold launch
/// for its five caches (BENCHMARKS.md). A non-copyable struct of two pointers has a layout the compiler
/// knows, so its owner needs no metadata made at run time. The value lives behind a pointer, so `withLock` can
/// change it through a `let`. Not copyable: one owner, which destroys the mutex and the value with itself.
///
/// `@unchecked Sendable`: the value is only touched between `pthread_mutex_lock` and `pthread_mutex_unlock`.
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
