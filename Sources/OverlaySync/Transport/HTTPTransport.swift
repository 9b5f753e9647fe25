public import Foundation

/// One GET of the sync cycle: where, what the client already has, and how much it will accept.
public struct TransportRequest: Sendable, Hashable {
    public var url: URL
    /// Sent as `If-None-Match`; a matching origin answers 304 with no body.
    public var ifNoneMatch: String?
    /// The body is cut at `maxBytes + 1` and the request fails with `SyncError.Code.tooLarge`,
    /// whatever Content-Length claims.
    public var maxBytes: Int
    /// Overall time for the whole exchange, body included.
    public var timeout: Duration

    public init(url: URL, ifNoneMatch: String? = nil, maxBytes: Int, timeout: Duration = .seconds(30)) {
        self.url = url
        self.ifNoneMatch = ifNoneMatch
        self.maxBytes = maxBytes
        self.timeout = timeout
    }
}

/// What came back: status, the headers the cycle uses, and the (capped) body.
public struct TransportResponse: Sendable, Hashable {
    public var status: Int
    public var etag: String?
    /// `Retry-After` as a delay (an HTTP date is converted by the transport, from the response's `Date`). The sync
    /// cycle bounds whatever a transport answers to 0 … 1 day.
    public var retryAfter: Duration?
    public var body: Data

    public init(status: Int, etag: String? = nil, retryAfter: Duration? = nil, body: Data = Data()) {
        self.status = status
        self.etag = etag
        self.retryAfter = retryAfter
        self.body = body
    }

    public var isNotModified: Bool { status == 304 }
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Fetches bytes for the sync cycle. One method, so tests can put a fault-injecting transport at this seam.
public protocol HTTPTransport: Sendable {
    /// Performs one GET. Throws `SyncError` for transport failures (unreachable, too large, deadline, cancelled);
    /// an HTTP error status is a response, not an error.
    func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse
}

/// A failure of the sync machinery (as opposed to a rejected artifact, which is a `Finding`).
public struct SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The origin could not be reached or the connection failed.
        public static let unreachable = Code(rawValue: "sync.unreachable")
        /// The body exceeded the cap.
        public static let tooLarge = Code(rawValue: "sync.too-large")
        /// The exchange did not finish within its deadline.
        public static let deadline = Code(rawValue: "sync.deadline")
        /// The cycle was cancelled (kill switch or shutdown).
        public static let cancelled = Code(rawValue: "sync.cancelled")
        /// The origin answered with an unexpected status.
        public static let httpStatus = Code(rawValue: "sync.http-status")
        /// The bytes served are not the ones the signed manifest lists (size or SHA-256): a cache, CDN or mirror
        /// served other bytes (an error page with 200, a truncated or stale copy). Transient: the next origin is asked,
        /// and the next cycle asks again; nothing is remembered as rejected.
        public static let mismatch = Code(rawValue: "sync.mismatch")
        /// A file origin path does not exist.
        public static let notFound = Code(rawValue: "sync.not-found")
        /// The store could not be read or written.
        public static let store = Code(rawValue: "sync.store")
        /// Sync is disabled (kill switch).
        public static let disabled = Code(rawValue: "sync.disabled")
    }

    public var code: Code
    public var message: String
    public var url: URL?

    public init(code: Code, message: String, url: URL? = nil) {
        self.code = code
        self.message = message
        self.url = url
    }

    public var description: String {
        url.map { "\($0.absoluteString): \(message) [\(code)]" } ?? "\(message) [\(code)]"
    }
}

/// The transport for http(s) origins on this platform: ``CurlTransport`` where libcurl is linked (Linux), because it
/// stops a body at the byte cap as it arrives; ``URLSessionTransport`` elsewhere (Apple platforms, whose URLSession
/// cancels promptly).
public enum DefaultHTTPTransport {
    public static func make(userAgent: String = "overlay-sync/1") -> any HTTPTransport {
        #if canImport(CCurl)
        CurlTransport(userAgent: userAgent)
        #else
        URLSessionTransport(userAgent: userAgent)
        #endif
    }
}

extension TransportResponse {
    /// A response from its headers, looked up by name as each transport stores them: `Retry-After` is read against
    /// the response's `Date`.
    init(status: Int, body: Data, header: (String) -> String?) {
        let retryAfter = header("Retry-After").flatMap { RetryAfter.parse($0, date: header("Date")) }
        self.init(status: status, etag: header("ETag"), retryAfter: retryAfter, body: body)
    }
}

/// The failures every transport reports alike.
extension SyncError {
    static func timedOut(_ request: TransportRequest) -> SyncError {
        SyncError(
            code: .deadline, message: "no complete answer within \(request.timeout); the origin is too slow",
            url: request.url)
    }

    static func overCap(_ request: TransportRequest) -> SyncError {
        SyncError(
            code: .tooLarge,
            message: "the body is larger than the \(request.maxBytes)-byte cap; the download was stopped",
            url: request.url)
    }

    static func cancelled(_ url: URL?) -> SyncError {
        SyncError(code: .cancelled, message: "the request was cancelled", url: url)
    }
}

extension Data {
    /// Appends `chunk` but keeps at most `cap + 1` bytes: true once the body is over the cap.
    mutating func append(_ chunk: some Collection<UInt8>, cap: Int) -> Bool {
        append(contentsOf: chunk.prefix(Swift.max(0, cap + 1 - count)))
        return count > cap
    }
}

extension Duration {
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Whole milliseconds, rounded towards zero (bound a duration that could be longer than 292 million years first).
    var milliseconds: Int {
        Int(components.seconds * 1000) + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
