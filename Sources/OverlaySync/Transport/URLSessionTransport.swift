import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OverlayCore

/// HTTP through one long-lived `URLSession`. It sends `If-None-Match` itself (Linux `URLSession` has no HTTP
/// cache), keeps at most `maxBytes + 1` bytes of a body and answers `.tooLarge` as soon as they have arrived (a lying
/// Content-Length changes nothing), and cancels the exchange at its deadline or when the calling task is cancelled.
/// On Linux it cannot stop the transfer itself in time (DESIGN.md "Sync cycle", transports):
/// ``DefaultHTTPTransport`` picks ``CurlTransport`` there.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate

    public init(userAgent: String = "overlay-sync/1") {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        configuration.httpMaximumConnectionsPerHost = 4
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // URLSession's own timeout is an idle timeout; the overall deadline below is the one that counts.
        urlRequest.timeoutInterval = request.timeout.inSeconds + 1
        if let etag = request.ifNoneMatch { urlRequest.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let task = session.dataTask(with: urlRequest)
        let result = await Deadline.race(request, stop: { [delegate] in delegate.stop(task) }) { answer in
            delegate.register(task, request, completion: answer)
            task.resume()
        }
        return try result.get()
    }
}

/// Collects each task's response and body, enforcing the byte cap as data arrives.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var request: TransportRequest
        var response: HTTPURLResponse?
        var body = Data()
        var completion: @Sendable (Result<TransportResponse, SyncError>) -> Void
    }

    private let pending = LockedValue<[Int: Pending]>([:])

    func register(
        _ task: URLSessionTask, _ request: TransportRequest,
        completion: @escaping @Sendable (Result<TransportResponse, SyncError>) -> Void
    ) {
        pending.withLock { $0[task.taskIdentifier] = Pending(request: request, completion: completion) }
    }

    /// Ends the task unless it already ended; with `error`, its caller gets that answer now. `cancel()` runs on
    /// another queue because on Linux it waits for the session's work queue, and the delegate queue must keep
    /// draining (each queued chunk holds its bytes) meanwhile.
    func stop(_ task: URLSessionTask, _ error: SyncError? = nil) {
        let entry = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        if let entry, let error { entry.completion(.failure(error)) }
        DispatchQueue.global().async { task.cancel() }
    }

    private func finish(_ task: URLSessionTask, _ result: Result<TransportResponse, SyncError>) {
        pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }?.completion(result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = pending.withLock { state -> TransportRequest? in
            guard var entry = state[dataTask.taskIdentifier] else { return nil }
            let over = entry.body.append(data, cap: entry.request.maxBytes)
            state[dataTask.taskIdentifier] = entry
            return over ? entry.request : nil
        }
        if let request = overflow { stop(dataTask, .overCap(request)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let url = task.originalRequest?.url
        if let error {
            let timedOut = (error as NSError).code == NSURLErrorTimedOut
            finish(task, .failure(SyncError(
                code: timedOut ? .deadline : .unreachable,
                message: timedOut ? "the origin stopped answering in time" : "the request failed: \(error.localizedDescription)",
                url: url)))
            return
        }
        let snapshot = pending.withLock { $0[task.taskIdentifier] }
        guard let entry = snapshot, let response = entry.response else {
            finish(task, .failure(SyncError(code: .unreachable, message: "no HTTP response", url: url)))
            return
        }
        let headers = response.allHeaderFields
        finish(task, .success(TransportResponse(status: response.statusCode, body: entry.body) { name in
            headers.first { ($0.key as? String)?.caseInsensitiveCompare(name) == .orderedSame }?.value as? String
        }))
    }
}
