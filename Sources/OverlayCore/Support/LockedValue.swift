import Foundation
/// A value guarded by a `pthread_mutex_t`, with the same `withLock` shape as `Synchronization.Mutex`: a ``Guarded``
/// in an object of its own, for a value that closures capture and share.
///
/// Why not `Mutex`: on Linux, `Synchronization.Mutex` locks with raw futex calls inside the uninstrumented
/// runtime, so ThreadSanitizer cannot see its happens-before edges and reports every snapshot handed from
/// one thread to another as a race. `pthread_mutex_lock` is intercepted by TSan, so
/// `swift test --sanitize=thread` checks the resolver for real. The uncontended cost is of the same order, and
/// only snapshot switches, first handle builds and caches take it.
///
/// A stored property an owner never shares is a `Guarded` itself: each new `LockedValue<Value>` costs the runtime
/// its metadata on first use.
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
