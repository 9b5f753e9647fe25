import Foundation
import Testing
import OverlayCore
@testable import OverlaySync
@testable import OverlayPublishing
import OverlayTestSupport

/// Durations and dates an origin sends are bounded before the client acts on them (DESIGN.md "Sync cycle", bounds of
/// header values): `Retry-After` pauses checks for a day at most, whatever its form or size, and never traps.
@Suite struct SyncHeaderBoundsTests {
    /// `Retry-After: 9223372036854775807` on a 503 made the next `start()` trap converting the back-off deadline to a
    /// date. The service runs in a child process, so a trap fails this test instead of ending the run.
    @Test func aRetryAfterOfInt64MaxNeitherTrapsNorStopsChecks() async {
        await #expect(processExitsWith: .success) {
            let origin = try ScriptedOrigin(respond: """
                send(c, b"HTTP/1.1 503 Busy\\r\\nRetry-After: 9223372036854775807\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
                """)
            defer { origin.stop() }
            let store = FileManager.default.temporaryDirectory.appendingPathComponent("bounds-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: store) }
            let clock = TestClock(SyncHarness.publishedAt)
            let shipped = try CatalogLoader.load(at: SyncHarness.repository.appendingPathComponent("testdata/catalog"), mode: .lenient).catalog
            let configuration = SyncConfiguration(
                origin: URL(string: "http://127.0.0.1:\(origin.port)/")!, appVersion: "1.0",
                trustedKeys: try TrustedKeys([try Ed25519PrivateKey.generate().publicKey]), shipped: shipped,
                storeURL: store, now: { clock.now })
            let transport = FaultInjectingTransport(wrapping: CurlTransport())
            let service = SyncService(configuration: configuration, transport: transport)

            let failed = await service.start()
            #expect(failed.httpStatus == 503)
            #expect(failed.retryAfter == RetryAfter.maximum)
            let skipped = await service.start()
            #expect(skipped.outcome == .skipped)
            #expect(skipped.error?.message.contains("86400 s") == true, "\(String(describing: skipped.error))")
            clock.advance(by: 86_401)
            #expect(await service.start().httpStatus == 503)
            #expect(transport.requests.count == 2)
        }
    }

    /// A merely huge `Retry-After`, in either form, from a real nginx: checks resume after a day, not years later.
    @Test(arguments: ["315360000", "\"Fri, 31 Dec 9999 23:59:59 GMT\""])
    func aHugeRetryAfterPausesChecksForADayAtMost(_ value: String) async throws {
        let harness = try await SyncHarness(
            serverExtra: "location = /1.0/manifest.json { add_header Retry-After \(value) always; return 503; }")
        defer { harness.remove() }
        let service = try harness.service(transport: DefaultHTTPTransport.make())

        let failed = await service.start()
        #expect(failed.httpStatus == 503)
        #expect(failed.retryAfter == RetryAfter.maximum)
        harness.clock.advance(by: 86_399)
        #expect(await service.start().outcome == .skipped)
        #expect(harness.logged().count == 1)
        harness.clock.advance(by: 2)
        #expect(await service.start().httpStatus == 503)
        #expect(harness.logged().count == 2)
    }

    /// An HTTP-date `Retry-After` is measured from the response's own `Date`, not from the device clock: a server
    /// that says "two minutes from my now" means two minutes, whatever this clock reads.
    @Test(arguments: ["curl", "urlsession"])
    func anHTTPDateRetryAfterIsMeasuredFromTheResponseDate(_ transport: String) async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 503 Busy\\r\\nDate: Sun, 06 Nov 1994 08:49:37 GMT\\r\\nRetry-After: Sun, 06 Nov 1994 08:51:37 GMT\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
            """)
        defer { origin.stop() }
        let client: any HTTPTransport = transport == "curl" ? CurlTransport() : URLSessionTransport()
        let response = try await client.fetch(TransportRequest(url: origin.url, maxBytes: 1024, timeout: .seconds(10)))
        #expect(response.status == 503)
        #expect(response.retryAfter == .seconds(120))
    }

    /// An ETag the store cannot keep safely is not kept: the next check is a plain GET, never a header built from it.
    @Test func anETagWithControlCharactersOrOverTheBoundIsNotKept() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = FaultInjectingTransport(wrapping: OverlongETagTransport(base: URLSessionTransport()))
        let service = try harness.service(transport: transport)
        #expect(await service.start().outcome == .applied)
        #expect(try OverlayStore.inspect(at: harness.storeURL).etag == nil)
        #expect(await service.start().outcome == .applied)
        #expect(transport.requests.filter { $0.url.path.hasSuffix("manifest.json") }.allSatisfy { $0.ifNoneMatch == nil })
    }

    /// Answers like `base`, with an ETag of 600 visible characters on every response.
    struct OverlongETagTransport: HTTPTransport {
        let base: any HTTPTransport

        func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
            var response = try await base.fetch(request)
            response.etag = "\"" + String(repeating: "e", count: 600) + "\""
            return response
        }
    }
}
