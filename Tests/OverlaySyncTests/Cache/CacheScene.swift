import Foundation
import OverlayCore
@testable import OverlaySync
import OverlayPublishing
import OverlayTestSupport

/// A `SyncHarness` origin (nginx sending the `Cache-Control` of a `cache-headers.json`) behind a real Varnish, and
/// clients that sync through the cache, each with its own store.
final class CacheScene: Sendable {
    /// The publisher's rules with the manifest's `no-cache` replaced by a shared-cache lifetime, as an operator
    /// who trades freshness for origin load would. `stale-while-revalidate=0` keeps a cache from serving the old
    /// manifest past `max-age` (Varnish's default grace is 10 s otherwise).
    static func headers(manifestMaxAge: Int) -> CacheHeaders {
        var headers = CacheHeaders.standard
        headers.rules[0] = .init(pattern: "*/manifest.json", cacheControl: "public, max-age=\(manifestMaxAge), stale-while-revalidate=0")
        return headers
    }

    let harness: SyncHarness
    let varnish: VarnishServer
    let headers: CacheHeaders

    init(headers: CacheHeaders = .standard) async throws {
        harness = try await SyncHarness(cacheHeaders: headers)
        self.headers = headers
        do {
            varnish = try VarnishServer(backendPort: harness.server.port)
        } catch {
            harness.remove()
            throw error
        }
        // What the publisher wrote is what the standard rules say (the origin serves those unless overridden).
        let written = try CacheHeaders.decode(Data(contentsOf: harness.origin.appendingPathComponent(CacheHeaders.fileName)))
        precondition(written == .standard, "the publisher's cache-headers.json changed; update CacheScene")
    }

    func remove() {
        varnish.stop()
        harness.remove()
    }

    /// A client syncing through Varnish with the store `name` under the scene's directory.
    func client(_ name: String = "store", transport: (any HTTPTransport)? = nil) throws -> SyncService {
        let clock = harness.clock
        let configuration = SyncConfiguration(
            origin: varnish.baseURL, appVersion: "1.0", trustedKeys: try TrustedKeys([harness.key.publicKey]),
            shipped: harness.shipped, storeURL: harness.root.appendingPathComponent("clients/\(name)"),
            requestTimeout: .seconds(10), now: { clock.now })
        return SyncService(configuration: configuration, transport: transport ?? DefaultHTTPTransport.make())
    }

    /// One GET through Varnish (or `url` as given), with its response headers, by curl.
    func get(_ path: String, ifNoneMatch: String? = nil) throws -> CachedResponse {
        try CachedResponse.fetch(varnish.baseURL.appendingPathComponent(path), ifNoneMatch: ifNoneMatch, in: harness.root)
    }

    /// Requests nginx logged from index `start` on.
    func originRequests(from start: Int = 0) -> [(status: Int, path: String)] { harness.logged(from: start) }
}

/// A response as curl saw it: status, lower-cased headers, body.
struct CachedResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    static func fetch(_ url: URL, ifNoneMatch: String?, in directory: URL) throws -> CachedResponse {
        let id = UUID().uuidString
        let headerFile = directory.appendingPathComponent("curl-\(id).headers")
        let bodyFile = directory.appendingPathComponent("curl-\(id).body")
        defer {
            try? FileManager.default.removeItem(at: headerFile)
            try? FileManager.default.removeItem(at: bodyFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "--max-time", "10", "-D", headerFile.path, "-o", bodyFile.path]
        if let ifNoneMatch { arguments += ["-H", "If-None-Match: \(ifNoneMatch)"] }
        process.arguments = arguments + [url.absoluteString]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "curl", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "curl \(url) failed"])
        }
        let lines = try String(contentsOf: headerFile, encoding: .utf8).components(separatedBy: "\r\n")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = (try? Data(contentsOf: bodyFile)) ?? Data()
        return CachedResponse(status: status, headers: headers, body: body)
    }
}
