import Foundation
/// A ``Guarded`` value in an object of its own, for a value that closures capture and share. Not
/// `Synchronization.Mutex`: on Linux it locks with futex calls ThreadSanitizer cannot see, so every snapshot handed
/// between threads would be reported as a race; TSan intercepts `pthread_mutex_lock`.
package final class LockedValue<Value>: Sendable {
    private let guarded: Guarded<Value>

    package init(_ value: Value) {
        guarded = Guarded(value)
    }

    /// Runs `body` with exclusive access to the value (wraps `pthread_mutex_lock` / `pthread_mutex_unlock`).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try guarded.withLock(body)
    }
}
