package import Foundation
import OverlayCore
package import OverlaySync

/// Wraps a transport and breaks chosen exchanges, for tests and `overlay matrix`: errors, statuses, truncated or
/// replaced bodies, delays and wrong ETags, each for requests whose URL path ends with a given suffix.
package final class FaultInjectingTransport: HTTPTransport {
    package enum Fault: Sendable {
        /// Fail with a transport error.
        case fail(SyncError.Code)
        /// Answer with this status and no body.
        case status(Int, retryAfter: Duration? = nil)
        /// Keep only the first `bytes` of the body.
        case truncate(bytes: Int)
        /// Replace the body.
        case body(Data)
        /// Flip one bit of the body at `offset`.
        case flipBit(offset: Int)
        /// Wait this long first (the request's deadline still applies).
        case delay(Duration)
        /// Answer 304 with this ETag whatever was asked.
        case notModified(etag: String)
    }

    package struct Rule: Sendable {
        package var pathSuffix: String
        package var fault: Fault
        /// How many times it applies; nil for always.
        package var remaining: Int?

        package init(pathSuffix: String, fault: Fault, times: Int? = nil) {
            self.pathSuffix = pathSuffix
            self.fault = fault
            remaining = times
        }
    }

    private let base: any HTTPTransport
    private let state = LockedValue<(rules: [Rule], requests: [TransportRequest])>(([], []))

    package init(wrapping base: any HTTPTransport) {
        self.base = base
    }

    /// Adds a rule; later rules are consulted first.
    package func inject(_ rule: Rule) {
        state.withLock { $0.rules.insert(rule, at: 0) }
    }

    package func removeAllFaults() {
        state.withLock { $0.rules.removeAll() }
    }

    /// Every request seen, in order.
    package var requests: [TransportRequest] { state.withLock { $0.requests } }

    package func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        let fault = state.withLock { state -> Fault? in
            state.requests.append(request)
            guard let index = state.rules.firstIndex(where: { request.url.path.hasSuffix($0.pathSuffix) }) else {
                return nil
            }
            let fault = state.rules[index].fault
            if let remaining = state.rules[index].remaining {
                if remaining <= 1 { state.rules.remove(at: index) } else { state.rules[index].remaining = remaining - 1 }
            }
            return fault
        }
        switch fault {
        case nil:
            return try await base.fetch(request)
        case .fail(let code)?:
            throw SyncError(code: code, message: "injected fault", url: request.url)
        case .status(let status, let retryAfter)?:
            return TransportResponse(status: status, retryAfter: retryAfter)
        case .notModified(let etag)?:
            return TransportResponse(status: 304, etag: etag)
        case .delay(let duration)?:
            // The delay counts against the request's deadline, as a slow origin would.
            guard duration < request.timeout else {
                try? await Task.sleep(for: request.timeout)
                if Task.isCancelled { throw SyncError(code: .cancelled, message: "cancelled while delayed", url: request.url) }
                throw SyncError(code: .deadline, message: "no answer within the deadline (injected delay)", url: request.url)
            }
            do {
                try await Task.sleep(for: duration)
            } catch {
                throw SyncError(code: .cancelled, message: "cancelled while delayed", url: request.url)
            }
            var remaining = request
            remaining.timeout = request.timeout - duration
            return try await base.fetch(remaining)
        case .truncate(let bytes)?:
            var response = try await base.fetch(request)
            response.body = response.body.prefix(bytes)
            return response
        case .body(let body)?:
            var response = try await base.fetch(request)
            response.body = body
            return response
        case .flipBit(let offset)?:
            var response = try await base.fetch(request)
            if offset < response.body.count {
                let index = response.body.index(response.body.startIndex, offsetBy: offset)
                response.body[index] ^= 0x01
            }
            return response
        }
    }
}
