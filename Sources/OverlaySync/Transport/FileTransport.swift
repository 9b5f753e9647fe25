import Foundation
import OverlayCore

/// A directory origin (`file://` URLs or plain paths): what `publish --out` wrote, served without a server.
/// The ETag is the content's SHA-256, so an unchanged file answers 304 to a matching `If-None-Match`.
///
/// Like a static server, it follows symbolic links, but it serves regular files only: a FIFO, a socket, a device or
/// a directory named `manifest.json` is refused at once (opened with `O_NONBLOCK`, checked with `fstat`), and a file
/// over the request's cap is refused from its size before it is read. The request's deadline covers the whole read,
/// as it does for HTTP: the read runs off the caller's task, which returns `.deadline` if the file system stalls.
package struct FileTransport: HTTPTransport {
    private let reader: @Sendable (TransportRequest) -> Result<TransportResponse, SyncError>

    package init() {
        reader = Self.read
    }

    /// A transport whose blocking read is `reader` (tests: a file system that stalls).
    init(reader: @escaping @Sendable (TransportRequest) -> Result<TransportResponse, SyncError>) {
        self.reader = reader
    }

    package func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        guard request.url.isFileURL else {
            throw SyncError(code: .unreachable, message: "FileTransport serves file URLs only", url: request.url)
        }
        let reader = self.reader
        return try await Deadline.run(request) { reader(request) }.get()
    }

    /// The blocking read: a regular file within the cap, as a 200 (or a 304 for a matching ETag), or a 404.
    static func read(_ request: TransportRequest) -> Result<TransportResponse, SyncError> {
        let body: Data
        do {
            body = try BoundedFile.read(request.url.path, maxBytes: request.maxBytes)
        } catch .notFound {
            return .success(TransportResponse(status: 404))
        } catch .tooLarge(let size, let cap) {
            return .failure(SyncError(
                code: .tooLarge, message: "the file is \(size) bytes, larger than the \(cap)-byte cap; it was not read",
                url: request.url))
        } catch {
            return .failure(SyncError(
                code: .unreachable, message: "the file \(error.reason); a directory origin serves regular files",
                url: request.url))
        }
        let etag = "\"\(SHA256.hash(body).hex)\""
        if let expected = request.ifNoneMatch, ETag.matches(expected, etag) {
            return .success(TransportResponse(status: 304, etag: etag))
        }
        return .success(TransportResponse(status: 200, etag: etag, body: body))
    }
}

/// Runs blocking work off the cooperative pool (``BlockingThread``) and answers by the request's deadline or the task's cancellation,
/// whichever comes first; a late result is dropped.
enum Deadline {
    static func run<T: Sendable>(
        _ request: TransportRequest, _ work: @escaping @Sendable () -> Result<T, SyncError>
    ) async -> Result<T, SyncError> {
        let answer = OneAnswer<Result<T, SyncError>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.attach(continuation)
                let timer = Task {
                    // Cancelled once the work ends: then it must not answer.
                    guard (try? await Task.sleep(for: request.timeout)) != nil else { return }
                    answer.deliver(.failure(SyncError(
                        code: .deadline,
                        message: "no complete answer within \(request.timeout); the origin's file system is too slow",
                        url: request.url)))
                }
                BlockingThread.start {
                    let result = work()
                    timer.cancel()
                    answer.deliver(result)
                }
            }
        } onCancel: {
            answer.deliver(.failure(SyncError(code: .cancelled, message: "the request was cancelled", url: request.url)))
        }
    }
}

/// Blocking work (a file read, a libcurl transfer) on a thread of its own. Not on a global dispatch queue: on Linux
/// the default global queue runs as many threads as there are cores, so two reads stalled on a dead mount would
/// stop every other piece of work queued there — a deadline must not depend on the thing it bounds.
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
