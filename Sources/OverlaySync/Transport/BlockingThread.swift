import Foundation
import OverlayCore

/// Races work against the request's deadline (plus `grace`) and the task's cancellation: whichever comes first
/// answers; `stop` then asks the work to end, and a late result is dropped.
package enum Deadline {
    /// Blocking work (a file read, a libcurl transfer), run off the cooperative pool on a ``BlockingThread``.
    package static func run<T: Sendable>(
        _ request: TransportRequest, grace: Duration = .zero, stop: @escaping @Sendable () -> Void = {},
        _ work: @escaping @Sendable () -> Result<T, SyncError>
    ) async -> Result<T, SyncError> {
        await race(request, grace: grace, stop: stop) { answer in BlockingThread.start { answer(work()) } }
    }

    /// Work that `start` begins and that answers through the callback it is given (a `URLSession` task).
    static func race<T: Sendable>(
        _ request: TransportRequest, grace: Duration = .zero, stop: @escaping @Sendable () -> Void = {},
        _ start: (_ answer: @escaping @Sendable (Result<T, SyncError>) -> Void) -> Void
    ) async -> Result<T, SyncError> {
        let answer = OneAnswer<Result<T, SyncError>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.attach(continuation)
                let timer = Task {
                    // Cancelled once the work ends: then it must not answer.
                    guard (try? await Task.sleep(for: request.timeout + grace)) != nil else { return }
                    stop()
                    answer.deliver(.failure(.timedOut(request)))
                }
                start { result in
                    timer.cancel()
                    answer.deliver(result)
                }
            }
        } onCancel: {
            stop()
            answer.deliver(.failure(.cancelled(request.url)))
        }
    }
}

/// Blocking work on a thread of its own. Not on a global dispatch queue: on Linux the default global queue runs as
/// many threads as there are cores, so two reads stalled on a dead mount would stop every other piece of work queued
/// there — a deadline must not depend on the thing it bounds.
enum BlockingThread {
    static func start(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = "overlay.transport.blocking"
        thread.start()
    }
}

/// The first of several racing answers, delivered to one waiting continuation (which may attach before or after it).
final class OneAnswer<Value: Sendable>: Sendable {
    private let state = LockedValue<(waiting: CheckedContinuation<Value, Never>?, value: Value?, done: Bool)>((nil, nil, false))

    func attach(_ continuation: CheckedContinuation<Value, Never>) {
        let ready = state.withLock { state -> Value? in
            guard let value = state.value else {
                state.waiting = continuation
                return nil
            }
            state.value = nil
            state.done = true
            return value
        }
        if let ready { continuation.resume(returning: ready) }
    }

    func deliver(_ value: Value) {
        let waiting = state.withLock { state -> CheckedContinuation<Value, Never>? in
            guard !state.done, state.value == nil else { return nil }
            guard let waiting = state.waiting else {
                state.value = value
                return nil
            }
            state.waiting = nil
            state.done = true
            return waiting
        }
        waiting?.resume(returning: value)
    }
}
