import Foundation
import Testing
import OverlayCore
@testable import OverlaySync
import OverlayTestSupport
import OverlayPublishing

/// Several origins in order (TUF's "malicious mirrors"): one that refuses, hangs, has nothing, or serves a stale or
/// tampered manifest is skipped and reported, the next is asked, and nothing it served is ever activated.
@Suite struct SyncMirrorTests {
    /// A second real nginx serving a copy of the harness's origin as it is now.
    final class Mirror: Sendable {
        let root: URL
        let server: NginxServer

        init(copying harness: SyncHarness, name: String, extra: String = "") throws {
            root = harness.root.appendingPathComponent(name)
            try FileManager.default.copyItem(at: harness.origin, to: root)
            server = try NginxServer(root: root, extra: extra)
        }

        var manifestURL: URL { root.appendingPathComponent("1.0/manifest.json") }
    }

    /// A loopback port with nothing listening.
    /// A port that refuses connections, held bound (never listening) until the test process ends, so a server of a
    /// test running beside this one cannot start on it meanwhile.
    static func closedPort() throws -> URL {
        let port = try Loopback.ClosedPort()
        heldPorts.withLock { $0.append(port) }
        return port.url
    }

    private static let heldPorts = LockedValue<[Loopback.ClosedPort]>([])

    func configuration(_ harness: SyncHarness, _ origins: [URL], timeout: Duration = .seconds(10)) throws -> SyncConfiguration {
        var configuration = try harness.configuration(requestTimeout: timeout)
        configuration.origin = origins[0]
        configuration.mirrors = Array(origins.dropFirst())
        return configuration
    }

    func journal(_ harness: SyncHarness) throws -> [JSONValue] {
        let names = try FileManager.default.contentsOfDirectory(atPath: harness.storeURL.path)
            .filter { $0.hasPrefix("journal") && $0.hasSuffix(".jsonl") }.sorted()
        return try names.flatMap { name in
            try String(contentsOf: harness.storeURL.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n").map { try StrictJSON.parse(Data($0.utf8)) }
        }
    }

    @Test func aClosedPortAndATamperedMirrorAreSkippedAndTheNextOriginServes() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        // The tampered mirror extends the manifest's expiry and serves the genuine signature under the new
        // bytes' hash, so the client does fetch a signature, and it does not verify.
        let tampered = try Mirror(copying: harness, name: "tampered")
        let genuine = try Data(contentsOf: tampered.manifestURL)
        var altered = try Manifest.decode(genuine)
        altered.expiresAt = altered.expiresAt.addingTimeInterval(3_600)
        let forged = altered.encoded()
        #expect(forged != genuine)
        try forged.write(to: tampered.manifestURL)
        try FileManager.default.copyItem(
            at: tampered.root.appendingPathComponent("1.0/signatures/\(SHA256.hash(genuine).hex).sig"),
            to: tampered.root.appendingPathComponent("1.0/signatures/\(SHA256.hash(forged).hex).sig"))
        let closed = try Self.closedPort()

        let service = try harness.service(configuration(harness, [closed, tampered.server.baseURL, harness.server.baseURL]))
        let report = await service.start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.origin == harness.server.baseURL)
        #expect(report.skippedOrigins.map(\.origin) == [closed, tampered.server.baseURL])
        #expect(report.skippedOrigins.map(\.outcome) == [.failed, .rejected])
        #expect(report.skippedOrigins[0].reason.contains(SyncError.Code.unreachable.rawValue), "\(report.skippedOrigins[0].reason)")
        #expect(report.skippedOrigins[1].reason.contains("signature"), "\(report.skippedOrigins[1].reason)")
        #expect(report.summary.contains("skipped \(closed.absoluteString)"))
        // Modules came from the origin that served the manifest; the tampered mirror served only its manifest and
        // the signature it was asked for.
        #expect(tampered.server.loggedRequests().map(\.path) == ["/1.0/manifest.json", "/1.0/signatures/\(SHA256.hash(forged).hex).sig"])
        #expect(try harness.activeHashes() == Dictionary(uniqueKeysWithValues: try harness.manifest().modules.map { ($0.name, $0.sha256) }))
        // The journal line names both skipped origins and why.
        let line = try #require(try journal(harness).last)
        let skipped = try #require(line.objectValue?["skipped_origins"]?.arrayValue)
        #expect(skipped.compactMap { $0.objectValue?["origin"]?.stringValue } == [closed.absoluteString, tampered.server.baseURL.absoluteString])
        #expect(skipped.compactMap { $0.objectValue?["outcome"]?.stringValue } == ["failed", "rejected"])
    }

    @Test func aStaleMirrorCannotRollBackAClientThatSawANewerRevision() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let stale = try Mirror(copying: harness, name: "stale")
        try harness.editApp()
        try await harness.publish()
        #expect(try await harness.service().start().manifestRevision == 2)
        let active = try harness.activeHashes()

        // The stale mirror comes first: its revision 1 is genuinely signed, and a rollback.
        let service = try harness.service(configuration(harness, [stale.server.baseURL, harness.server.baseURL]))
        let report = await service.start()
        #expect(report.outcome == .notModified, "\(report.summary)")
        #expect(report.skippedOrigins.map(\.outcome) == [.rejected])
        #expect(report.skippedOrigins.first?.reason.contains("rollback") == true)
        #expect(try harness.activeHashes() == active)
        #expect(try harness.notificationsTitle() == ("Notifications", .overlay))
    }

    @Test func aMirrorThatHangsPastTheDeadlineIsSkipped() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        // A socket that listens and never answers: the kernel accepts the connection, nobody reads the request.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        #expect(bound && listen(fd, 16) == 0)
        let silent = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/")!

        let service = try harness.service(configuration(harness, [silent, harness.server.baseURL], timeout: .seconds(1)),
                                          transport: DefaultHTTPTransport.make())
        let report = await service.start()
        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.skippedOrigins.map(\.origin) == [silent])
        #expect(report.skippedOrigins.first?.reason.contains(SyncError.Code.deadline.rawValue) == true, "\(report.skippedOrigins)")
    }

    @Test func aMirrorWithoutTheManifestOrAnsweringAServerErrorIsSkippedWithoutBackingOff() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let empty = try Mirror(copying: harness, name: "empty")
        try FileManager.default.removeItem(at: empty.manifestURL)
        let failing = try Mirror(copying: harness, name: "failing", extra: "location = /1.0/manifest.json { return 503; }")

        let service = try harness.service(configuration(harness, [empty.server.baseURL, failing.server.baseURL, harness.server.baseURL]))
        let report = await service.start()
        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.skippedOrigins.map(\.outcome) == [.notPublished, .failed])
        #expect(report.skippedOrigins.last?.reason.contains("503") == true)
        // The mirror that did answer is what counts: no back-off, the next check runs.
        #expect(await service.start().outcome == .notModified)
    }

    @Test func whenEveryOriginFailsTheLastAnswerIsReportedAndNothingChanges() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        #expect(try await harness.service().start().outcome == .applied)
        let before = harness.durableFingerprint()
        let first = try Self.closedPort()
        let second = try Self.closedPort()

        let service = try harness.service(configuration(harness, [first, second]))
        let report = await service.start()
        #expect(report.outcome == .failed)
        #expect(report.error?.code == .unreachable)
        #expect(report.origin == second)
        #expect(report.skippedOrigins.map(\.origin) == [first])
        #expect(harness.durableFingerprint() == before)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }
}
