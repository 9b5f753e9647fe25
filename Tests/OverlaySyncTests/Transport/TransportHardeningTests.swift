import Foundation
import Testing
@testable import OverlaySync
@testable import OverlayTools

import OverlayTestSupport

/// A one-connection-at-a-time origin written in Python: `respond` is the body of `def respond(c):` and may use
/// `send(c, bytes)`, which counts what the kernel accepted. After each connection the script prints `sent <n>`.
final class ScriptedOrigin: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()
    private let input = Pipe()

    init(respond: String) throws {
        let body = respond.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        let script = """
            import socket, sys, threading, os
            # Exit with the test process: its end of our stdin closes when it exits, however it exits.
            threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
            total = 0
            def send(c, data):
                global total
                c.sendall(data)
                total += len(data)
            def respond(c):
            \(body)
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", 0)); s.listen(8)
            print(s.getsockname()[1], flush=True)
            while True:
                c, _ = s.accept()
                total = 0
                try:
                    c.recv(65536)
                    respond(c)
                except OSError:
                    pass
                print("sent", total, flush=True)
                c.close()
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        let line = Self.readLine(output.fileHandleForReading)
        guard let port = Int(line) else {
            process.terminate()
            throw POSIXError(.EIO)
        }
        self.port = port
    }

    deinit { stop() }

    /// Ends the script with SIGKILL: a child of `Process` inherits the dispatch thread's blocked signals, SIGTERM
    /// included, so `terminate()` does not end it (and `waitUntilExit` can spin).
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/manifest.json")! }

    /// The next `sent <n>` the script printed.
    func sentBytes() -> Int? {
        let line = Self.readLine(output.fileHandleForReading)
        return line.hasPrefix("sent ") ? Int(line.dropFirst(5)) : nil
    }

    private static func readLine(_ handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite struct FileTransportHardeningTests {
    /// A FIFO as manifest.json used to block `open(2)` until a writer came, past any deadline.
    @Test func aFIFOIsRefusedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("manifest.json").path
        #expect(mkfifo(path, 0o644) == 0)
        let started = ContinuousClock.now
        var refusal: SyncError?
        do {
            _ = try await FileTransport().fetch(TransportRequest(url: URL(fileURLWithPath: path), maxBytes: 1 << 20))
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .unreachable)
        #expect(refusal?.message.contains("FIFO") == true)
        // Opening the FIFO for reading would wait forever for a writer; under every suite at once an answer can
        // still take a while to be resumed on two cores, so the bound is loose.
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func aDirectoryIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("manifest.json"), withIntermediateDirectories: true)
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await FileTransport().fetch(TransportRequest(url: directory.url.appendingPathComponent("manifest.json"), maxBytes: 10))
        }
        #expect(code == .unreachable)
    }

    /// A sparse 2 GB file is refused from its size: nothing is read.
    @Test func aHugeFileIsRefusedFromItsSize() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("big.zip").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 2 << 30) == 0)
        var refusal: SyncError?
        do {
            _ = try await FileTransport().fetch(TransportRequest(url: URL(fileURLWithPath: path), maxBytes: 16 << 20))
        } catch {
            refusal = error
        }
        #expect(refusal?.code == .tooLarge)
        // The size comes from fstat: a read stopping at the cap could not know it.
        #expect(refusal?.message.contains("is \(2 << 30) bytes") == true, "\(String(describing: refusal))")
    }

    @Test func aSymlinkToARegularFileIsServedLikeAStaticServerWould() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("history/manifest.3.json", Data("three".utf8))
        try FileManager.default.createSymbolicLink(
            at: directory.url.appendingPathComponent("manifest.json"),
            withDestinationURL: directory.url.appendingPathComponent("history/manifest.3.json"))
        let response = try await FileTransport().fetch(
            TransportRequest(url: directory.url.appendingPathComponent("manifest.json"), maxBytes: 10))
        #expect(response.body == Data("three".utf8))
    }

    /// A file system that answers after 10 minutes (a stalled mount). Bounds in these tests are loose: every suite runs at
    /// once on two cores, and what they prove is that the answer comes long before the read would.
    static let stalled = FileTransport { _ in
        Thread.sleep(forTimeInterval: 600)
        return .success(TransportResponse(status: 200))
    }

    /// The request's deadline covers the file read, as it does an HTTP exchange.
    @Test func aStalledReadEndsAtTheDeadline() async throws {
        let stalled = Self.stalled
        let started = ContinuousClock.now
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await stalled.fetch(TransportRequest(
                url: URL(fileURLWithPath: "/stalled"), maxBytes: 10, timeout: .milliseconds(200)))
        }
        #expect(code == .deadline)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func aCancelledFetchAnswersAtOnce() async throws {
        let stalled = Self.stalled
        let started = ContinuousClock.now
        let task = Task {
            await syncErrorCode { () async throws(SyncError) in
                _ = try await stalled.fetch(TransportRequest(url: URL(fileURLWithPath: "/stalled"), maxBytes: 10))
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    /// A read that finishes is never reported as a deadline (the timer is cancelled, and a cancelled timer is quiet).
    @Test func quickReadsAreNeverMistakenForADeadline() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.json", Data("x".utf8))
        let transport = FileTransport()
        for _ in 0..<200 {
            let response = try await transport.fetch(TransportRequest(url: directory.url.appendingPathComponent("m.json"), maxBytes: 10))
            #expect(response.status == 200)
        }
    }
}

#if canImport(CCurl)
@Suite(.serialized) struct CurlTransportTests {
    @Test func conditionalGetAnswers304WithTheStoredETag() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("1.0/manifest.json", Data("{\"revision\": 1}".utf8))
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let transport = CurlTransport()
        let url = server.baseURL.appendingPathComponent("1.0/manifest.json")
        let first = try await transport.fetch(TransportRequest(url: url, maxBytes: 1024))
        #expect(first.status == 200)
        #expect(first.body == Data("{\"revision\": 1}".utf8))
        let etag = try #require(first.etag)
        let second = try await transport.fetch(TransportRequest(url: url, ifNoneMatch: etag, maxBytes: 1024))
        #expect(second.status == 304)
        #expect(second.body.isEmpty)
        #expect(try await transport.fetch(TransportRequest(url: server.baseURL.appendingPathComponent("nope"), maxBytes: 1024)).status == 404)
        #expect(server.loggedRequests().map(\.status) == [200, 304, 404])
    }

    /// Handles are reused; an answer that arrived is never replaced by the deadline backstop.
    @Test func manyRequestsReuseHandlesAndAllSucceed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("m.json", Data("x".utf8))
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let transport = CurlTransport()
        for _ in 0..<100 {
            let response = try await transport.fetch(TransportRequest(url: server.baseURL.appendingPathComponent("m.json"), maxBytes: 10))
            #expect(response.status == 200)
        }
    }

    @Test func aContentLengthOverTheCapIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("big.zip", Data(repeating: 0x41, count: 4 << 20))
        let server = try NginxServer(root: directory.url)
        defer { server.stop() }
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(url: server.baseURL.appendingPathComponent("big.zip"), maxBytes: 64 << 10))
        }
        #expect(code == .tooLarge)
    }

    @Test func aSlowOriginHitsTheDeadline() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 8 MB at 20 KB/s: about 400 s without a deadline.
        try directory.write("slow.zip", Data(repeating: 0x42, count: 8 << 20))
        let server = try NginxServer(root: directory.url, extra: "limit_rate 20k;")
        defer { server.stop() }
        let started = ContinuousClock.now
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(
                url: server.baseURL.appendingPathComponent("slow.zip"), maxBytes: 16 << 20, timeout: .milliseconds(500)))
        }
        #expect(code == .deadline)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func anUnreachableOriginIsATransportError() async throws {
        let port = try Loopback.freePort()
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(
                url: URL(string: "http://127.0.0.1:\(port)/x")!, maxBytes: 1024, timeout: .seconds(5)))
        }
        #expect(code == .unreachable)
    }

    /// The endless body that let 17 GB through URLSession past a 1 MiB cap: libcurl stops at the cap, so what the
    /// kernel accepted from the sender is the cap plus the socket buffers, and the answer is immediate.
    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 200 OK\\r\\nConnection: close\\r\\n\\r\\n")
            for _ in range(8192): send(c, b"x" * 65536)
            """)
        defer { origin.stop() }
        let started = ContinuousClock.now
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 1 << 20, timeout: .seconds(20)))
        }
        #expect(code == .tooLarge)
        #expect(ContinuousClock.now - started < .seconds(60))
        let sent = try #require(origin.sentBytes())
        #expect(sent < 32 << 20, "the origin got \(sent) bytes out before the client closed")
    }

    @Test func anUnderstatedContentLengthYieldsOnlyWhatItClaims() async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 200 OK\\r\\nContent-Length: 10\\r\\nConnection: close\\r\\n\\r\\n")
            for _ in range(64): send(c, b"x" * 65536)
            """)
        defer { origin.stop() }
        let response = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 64 << 10, timeout: .seconds(10)))
        #expect(response.body.count == 10)
    }

    @Test func anOverstatedContentLengthIsRefusedBeforeTheBody() async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 200 OK\\r\\nContent-Length: 100000000\\r\\nConnection: close\\r\\n\\r\\n")
            for _ in range(64): send(c, b"x" * 65536)
            """)
        defer { origin.stop() }
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 64 << 10, timeout: .seconds(10)))
        }
        #expect(code == .tooLarge)
    }

    /// Only http and https are spoken, on redirects too: a redirect to file:///etc/passwd reads nothing.
    @Test func aRedirectToAFileURLIsRefused() async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 302 Found\\r\\nLocation: file:///etc/passwd\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
            """)
        defer { origin.stop() }
        let code = await syncErrorCode { () async throws(SyncError) in
            _ = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 1 << 20, timeout: .seconds(10)))
        }
        #expect(code == .unreachable)
    }

    @Test func retryAfterIsReported() async throws {
        let origin = try ScriptedOrigin(respond: """
            send(c, b"HTTP/1.1 503 Busy\\r\\nRetry-After: 7\\r\\nETag: \\"e1\\"\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
            """)
        defer { origin.stop() }
        let response = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 1024, timeout: .seconds(10)))
        #expect(response.status == 503)
        #expect(response.retryAfter == .seconds(7))
        #expect(response.etag == "\"e1\"")
    }

    @Test func aCancelledFetchAnswersAtOnce() async throws {
        let origin = try ScriptedOrigin(respond: "import time; time.sleep(600)")
        defer { origin.stop() }
        let started = ContinuousClock.now
        let task = Task {
            await syncErrorCode { () async throws(SyncError) in
                _ = try await CurlTransport().fetch(TransportRequest(url: origin.url, maxBytes: 1024, timeout: .seconds(500)))
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(120))
    }

    @Test func onLinuxTheDefaultTransportIsCurl() {
        #expect(DefaultHTTPTransport.make() is CurlTransport)
    }
}
#endif
