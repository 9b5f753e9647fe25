import Foundation
import Testing
@testable import OverlaySync
import OverlayTools
import OverlayTestSupport

@Suite(.serialized) struct URLSessionTransportTests {
    @Test func conditionalGetAnswers304WithTheStoredETag() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("1.0/manifest.json", Data("{\"revision\": 1}".utf8))
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let transport = URLSessionTransport()
        let url = server.baseURL.appendingPathComponent("1.0/manifest.json")

        let first = try await transport.fetch(TransportRequest(url: url, maxBytes: 1024))
        #expect(first.status == 200)
        #expect(first.body == Data("{\"revision\": 1}".utf8))
        let etag = try #require(first.etag)

        let second = try await transport.fetch(TransportRequest(url: url, ifNoneMatch: etag, maxBytes: 1024))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(server.loggedRequests().map(\.status) == [200, 304])
    }

    @Test func missingFileIsA404Response() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let response = try await URLSessionTransport().fetch(
            TransportRequest(url: server.baseURL.appendingPathComponent("nope.json"), maxBytes: 1024))
        #expect(response.status == 404)
    }

    @Test func bodyBeyondTheCapStopsAtCapPlusOne() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("big.zip", Data(repeating: 0x41, count: 4 << 20))
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await URLSessionTransport().fetch(
                TransportRequest(url: server.baseURL.appendingPathComponent("big.zip"), maxBytes: 64 << 10))
        }
        #expect(code == .tooLarge)
    }

    @Test func slowOriginHitsTheDeadline() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("slow.zip", Data(repeating: 0x42, count: 200 << 10))
        // 20 KB/s: 200 KB takes ~10 s, far past the 0.5 s deadline.
        let server = try NginxServer(root: directory.url, extra: "limit_rate 20k;")
        defer { server.stop() }
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await URLSessionTransport().fetch(TransportRequest(
                url: server.baseURL.appendingPathComponent("slow.zip"), maxBytes: 1 << 20, timeout: .milliseconds(500)))
        }
        #expect(code == .deadline, "\(String(describing: code))")
    }

    @Test func unreachableOriginIsATransportError() async throws {
        let port = try Loopback.freePort()
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await URLSessionTransport().fetch(TransportRequest(
                url: URL(string: "http://127.0.0.1:\(port)/x")!, maxBytes: 1024, timeout: .seconds(5)))
        }
        #expect(code == .unreachable)
    }
}

/// The code of the `SyncError` thrown by `body`, or nil if it returned.
func syncErrorCode(_ body: () async throws(SyncError) -> Void) async -> SyncError.Code? {
    do {
        try await body()
        return nil
    } catch {
        return error.code
    }
}

@Suite struct FileTransportTests {
    @Test func contentETagAndNotModified() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.json", Data("hello".utf8))
        let url = directory.url.appendingPathComponent("m.json")
        let transport = FileTransport()
        let first = try await transport.fetch(TransportRequest(url: url, maxBytes: 100))
        #expect(first.status == 200)
        #expect(first.etag == "\"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824\"")
        let second = try await transport.fetch(TransportRequest(url: url, ifNoneMatch: first.etag, maxBytes: 100))
        #expect(second.status == 304)
        let weak = try await transport.fetch(TransportRequest(url: url, ifNoneMatch: "W/" + first.etag!, maxBytes: 100))
        #expect(weak.status == 304)
        try directory.write("m.json", Data("changed".utf8))
        #expect(try await transport.fetch(TransportRequest(url: url, ifNoneMatch: first.etag, maxBytes: 100)).status == 200)
    }

    @Test func capAndMissingFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.json", Data(repeating: 1, count: 101))
        let transport = FileTransport()
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await transport.fetch(TransportRequest(url: directory.url.appendingPathComponent("m.json"), maxBytes: 100))
        }
        #expect(code == .tooLarge)
        #expect(try await transport.fetch(TransportRequest(url: directory.url.appendingPathComponent("x"), maxBytes: 1)).status == 404)
    }
}

@Suite struct FaultInjectingTransportTests {
    @Test func rulesApplyByPathSuffixAndCount() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a/manifest.json", Data("abc".utf8))
        let transport = FaultInjectingTransport(wrapping: FileTransport())
        transport.inject(.init(pathSuffix: "manifest.json", fault: .status(503, retryAfter: .seconds(7)), times: 1))
        let url = directory.url.appendingPathComponent("a/manifest.json")
        let first = try await transport.fetch(TransportRequest(url: url, maxBytes: 10))
        #expect(first.status == 503)
        #expect(first.retryAfter == .seconds(7))
        transport.inject(.init(pathSuffix: "manifest.json", fault: .flipBit(offset: 0), times: 1))
        #expect(try await transport.fetch(TransportRequest(url: url, maxBytes: 10)).body == Data("`bc".utf8))
        #expect(try await transport.fetch(TransportRequest(url: url, maxBytes: 10)).body == Data("abc".utf8))
        #expect(transport.requests.count == 3)
    }
}

/// An origin that lies about or omits Content-Length and keeps sending.
@Suite struct LyingOriginTests {
    static func script(header: String) -> String {
        """
        import socket
        s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", 0)); s.listen(1)
        print(s.getsockname()[1], flush=True)
        c, _ = s.accept(); c.recv(4096)
        c.sendall(b"HTTP/1.1 200 OK\\r\\n\(header)Connection: close\\r\\n\\r\\n")
        try:
            for _ in range(4096): c.sendall(b"x" * 1024)
        except OSError:
            pass
        """
    }

    func fetch(header: String, maxBytes: Int) async throws -> (TransportResponse?, SyncError.Code?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script(header: header)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // SIGKILL: the child inherits the dispatch thread's blocked signals, so terminate() (SIGTERM) would not end it.
        defer { kill(process.processIdentifier, SIGKILL) }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)))
        var response: TransportResponse?
        let code = await syncErrorCode { () async throws(SyncError) in
            response = try await URLSessionTransport().fetch(TransportRequest(
                url: URL(string: "http://127.0.0.1:\(port)/manifest.json")!, maxBytes: maxBytes, timeout: .seconds(10)))
        }
        return (response, code)
    }

    @Test func endlessBodyWithoutContentLengthStopsAtTheCap() async throws {
        let (response, code) = try await fetch(header: "", maxBytes: 64 << 10)
        #expect(response == nil)
        #expect(code == .tooLarge)
    }

    @Test func understatedContentLengthNeverYieldsMoreThanItClaims() async throws {
        let (response, code) = try await fetch(header: "Content-Length: 10\\r\\n", maxBytes: 64 << 10)
        #expect(code == nil)
        #expect(response?.body.count == 10)
    }

    @Test func overstatedContentLengthStopsAtTheCap() async throws {
        let (response, code) = try await fetch(header: "Content-Length: 100000000\\r\\n", maxBytes: 64 << 10)
        #expect(response == nil)
        #expect(code == .tooLarge)
    }
}

@Suite struct InjectedDelayTests {
    @Test func aDelayPastTheDeadlineIsADeadlineError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.json", Data("x".utf8))
        let transport = FaultInjectingTransport(wrapping: FileTransport())
        transport.inject(.init(pathSuffix: "m.json", fault: .delay(.seconds(5))))
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await transport.fetch(TransportRequest(
                url: directory.url.appendingPathComponent("m.json"), maxBytes: 10, timeout: .milliseconds(200)))
        }
        #expect(code == .deadline)
    }
}
