#if canImport(CCurl)
internal import CCurl
import Foundation
import OverlayCore

/// HTTP through libcurl's easy interface: the Linux transport for http(s) origins (``DefaultHTTPTransport``).
///
/// The byte cap is enforced in libcurl's write callback, on the thread that reads the socket, which Linux
/// `URLSession` cannot do (DESIGN.md "Sync cycle", transports); a Content-Length above the cap is refused before the
/// body. Only http and https are spoken, also on redirects (at most 5); no `Accept-Encoding` is sent, so the cap
/// counts the bytes as served.
public final class CurlTransport: HTTPTransport {
    private let userAgent: String
    /// Easy handles between exchanges: each keeps its connections open, so the next request reuses one.
    private let idle = LockedValue<[CurlEasyHandle]>([])

    public init(userAgent: String = "overlay-sync/1") {
        self.userAgent = userAgent
        _ = curlGlobalInitialization
    }

    public func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw SyncError(code: .unreachable, message: "CurlTransport serves http and https URLs only", url: request.url)
        }
        let exchange = CurlExchange(request: request, userAgent: userAgent)
        let handle = idle.withLock { $0.popLast() } ?? CurlEasyHandle()
        // libcurl enforces the deadline; this later one only guards against a resolver that ignores it.
        let result = await Deadline.run(request, grace: .seconds(1), stop: { exchange.cancel() }) { [idle] in
            let result = handle.perform(exchange)
            idle.withLock { if $0.count < 4 { $0.append(handle) } }
            return result
        }
        return try result.get()
    }
}

/// `curl_global_init`, once per process, before the first handle.
private let curlGlobalInitialization: Void = {
    _ = curl_global_init(CCurl_global_all)
}()

/// One `CURL *` easy handle. `@unchecked Sendable`: it is used by one exchange at a time — taken from the transport's
/// idle list under its lock, or new — and freed in `deinit`; the pointer never leaves this class.
final class CurlEasyHandle: @unchecked Sendable {
    private let raw: UnsafeMutableRawPointer?

    init() {
        raw = curl_easy_init()
    }

    deinit {
        if let raw { curl_easy_cleanup(raw) }
    }

    /// `curl_easy_perform`, blocking.
    func perform(_ exchange: CurlExchange) -> Result<TransportResponse, SyncError> {
        let url = exchange.request.url
        guard let raw else {
            return .failure(SyncError(code: .unreachable, message: "libcurl could not create a handle", url: url))
        }
        curl_easy_reset(raw)
        let context = Unmanaged.passUnretained(exchange).toOpaque()
        let milliseconds = max(1, min(exchange.request.timeout, .seconds(86_400)).milliseconds)
        var headers: UnsafeMutablePointer<curl_slist>?
        if let etag = exchange.request.ifNoneMatch, !etag.contains(where: { $0 == "\r" || $0 == "\n" }) {
            headers = curl_slist_append(headers, "If-None-Match: \(etag)")
        }
        defer { curl_slist_free_all(headers) }
        var status = CURLE_OK
        func set(_ code: CURLcode) { if status == CURLE_OK { status = code } }
        set(CCurl_setopt_string(raw, CURLOPT_URL, url.absoluteString))
        set(CCurl_setopt_long(raw, CURLOPT_HTTPGET, 1))
        set(CCurl_setopt_long(raw, CURLOPT_NOSIGNAL, 1))
        set(CCurl_setopt_string(raw, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(CCurl_setopt_string(raw, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
        set(CCurl_setopt_long(raw, CURLOPT_FOLLOWLOCATION, 1))
        set(CCurl_setopt_long(raw, CURLOPT_MAXREDIRS, 5))
        set(CCurl_setopt_long(raw, CURLOPT_TIMEOUT_MS, milliseconds))
        set(CCurl_setopt_long(raw, CURLOPT_CONNECTTIMEOUT_MS, milliseconds))
        set(CCurl_setopt_offset(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(exchange.request.maxBytes)))
        set(CCurl_setopt_string(raw, CURLOPT_USERAGENT, exchange.userAgent))
        set(CCurl_setopt_list(raw, CURLOPT_HTTPHEADER, headers))
        set(CCurl_setopt_write_function(raw, curlWrite))
        set(CCurl_setopt_pointer(raw, CURLOPT_WRITEDATA, context))
        set(CCurl_setopt_header_function(raw, curlHeader))
        set(CCurl_setopt_pointer(raw, CURLOPT_HEADERDATA, context))
        set(CCurl_setopt_long(raw, CURLOPT_NOPROGRESS, 0))
        set(CCurl_setopt_progress_function(raw, curlProgress))
        set(CCurl_setopt_pointer(raw, CURLOPT_XFERINFODATA, context))
        guard status == CURLE_OK else {
            return .failure(SyncError(
                code: .unreachable, message: "libcurl refused an option (\(Self.describe(status)))", url: url))
        }
        let code = withExtendedLifetime(exchange) { curl_easy_perform(raw) }
        switch code {
        case CURLE_OK:
            var responseCode = 0
            _ = CCurl_getinfo_long(raw, CURLINFO_RESPONSE_CODE, &responseCode)
            return .success(exchange.response(status: responseCode))
        case CURLE_WRITE_ERROR where exchange.overflowed, CURLE_FILESIZE_EXCEEDED:
            return .failure(.overCap(exchange.request))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.timedOut(exchange.request))
        case CURLE_ABORTED_BY_CALLBACK:
            return .failure(.cancelled(url))
        case CURLE_WRITE_ERROR where exchange.headersOverflowed:
            return .failure(SyncError(code: .tooLarge, message: "the response headers are over 64 KiB", url: url))
        default:
            return .failure(SyncError(code: .unreachable, message: "the request failed: \(Self.describe(code))", url: url))
        }
    }

    static func describe(_ code: CURLcode) -> String {
        guard let text = curl_easy_strerror(code) else { return "libcurl error \(code.rawValue)" }
        return String(cString: text)
    }
}

/// What one exchange receives. Written only by libcurl's callbacks on the thread running `curl_easy_perform`, and
/// read after it returns; `cancel()` (any thread) goes through a lock. Hence `@unchecked Sendable`.
final class CurlExchange: @unchecked Sendable {
    let request: TransportRequest
    let userAgent: String
    private(set) var body = Data()
    private(set) var overflowed = false
    private(set) var headersOverflowed = false
    /// Headers of the last response (a redirect's are dropped when the next status line arrives).
    private var headers: [(name: String, value: String)] = []
    private var headerBytes = 0
    private let cancelled = LockedValue(false)

    /// The most header bytes accepted over all responses of the exchange.
    static let maxHeaderBytes = 64 << 10

    init(request: TransportRequest, userAgent: String) {
        self.request = request
        self.userAgent = userAgent
    }

    func cancel() { cancelled.withLock { $0 = true } }
    var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Past the cap, answers 0 so libcurl aborts the transfer.
    func receive(body chunk: UnsafeRawBufferPointer) -> Int {
        overflowed = body.append(chunk, cap: request.maxBytes)
        return overflowed ? 0 : chunk.count
    }

    /// One header line (`HTTP/1.1 200 OK`, `ETag: "x"`, or the empty line).
    func receive(header line: UnsafeRawBufferPointer) -> Int {
        headerBytes += line.count
        guard headerBytes <= Self.maxHeaderBytes else {
            headersOverflowed = true
            return 0
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            headers.removeAll()
        } else if let colon = text.firstIndex(of: ":") {
            headers.append((
                String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        }
        return line.count
    }

    func response(status: Int) -> TransportResponse {
        TransportResponse(status: status, body: body) { name in
            headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }
}

private let curlWrite: CCurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.receive(body: UnsafeRawBufferPointer(start: data, count: size * count))
}

private let curlHeader: CCurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.receive(header: UnsafeRawBufferPointer(start: data, count: size * count))
}

private let curlProgress: CCurl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
#endif
