import Foundation
import Testing
import OverlayCore
import OverlayPublishing
@testable import OverlaySync
import OverlayTestSupport
import OverlayTools

/// Mirrors take over per file: when the origin that served the manifest cannot serve an archive or the signature
/// (404, 503, bytes that are not the manifest's), the next origin is asked for that file in the same cycle. A copy
/// that does not match the signed manifest is a failed transfer, never a rejection.
extension SyncMirrorTests {
    @Test func eachArchiveTheFirstOriginCannotServeComesFromTheNext() async throws {
        // The first origin answers 503 for Checkout's archive, has lost Onboarding's and serves an error page with
        // 200 in place of App's; the mirror holds every file.
        let harness = try await SyncHarness(serverExtra: "location ^~ /1.0/modules/Checkout- { return 503; }")
        defer { harness.remove() }
        let mirror = try Mirror(copying: harness, name: "mirror")
        let manifest = try harness.manifest()
        let app = try #require(manifest.module(named: "App"))
        let checkout = try #require(manifest.module(named: "Checkout"))
        let onboarding = try #require(manifest.module(named: "Onboarding"))
        try Data("<html><body>503 Service Unavailable</body></html>\n".utf8)
            .write(to: harness.versionRoot.appendingPathComponent(app.path))
        try FileManager.default.removeItem(at: harness.versionRoot.appendingPathComponent(onboarding.path))

        let service = try harness.service(configuration(harness, [harness.server.baseURL, mirror.server.baseURL]))
        let report = await service.start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.origin == harness.server.baseURL)
        #expect(report.skippedOrigins.isEmpty)
        #expect(report.actions == ["Account": .activated, "App": .activated, "Checkout": .activated, "Onboarding": .activated])
        #expect(try harness.activeHashes() == Dictionary(uniqueKeysWithValues: manifest.modules.map { ($0.name, $0.sha256) }))
        // The mirror was asked for the three archives and nothing else.
        #expect(mirror.server.loggedRequests().map(\.path).sorted() == [app, checkout, onboarding].map { "/1.0/\($0.path)" }.sorted())
        let errors = Dictionary(uniqueKeysWithValues: report.modules.map { ($0.name, $0.fetchErrors.map(\.code)) })
        #expect(errors == ["Account": [], "App": [.mismatch], "Checkout": [.httpStatus], "Onboarding": [.httpStatus]])
        #expect(report.modules.flatMap(\.fetchErrors).allSatisfy { $0.url?.host == harness.server.baseURL.host && $0.url?.port == harness.server.baseURL.port })
        #expect(report.failedByCode == ["sync.mismatch": 1, "sync.http-status": 2])
        #expect(report.rejectedByCode.isEmpty)
        // The journal names what the first origin did wrong, for `overlay inspect`.
        let line = try #require(try journal(harness).last?.objectValue)
        #expect(line["failed_by_code"]?.objectValue?["sync.mismatch"] == .number(JSONNumber(1)))
        let failures = try #require(line["fetch_failures"]?.arrayValue)
        #expect(failures.compactMap { $0.objectValue?["module"]?.stringValue }.sorted() == ["App", "Checkout", "Onboarding"])
        // Every module succeeded, so the manifest and its ETag were kept: the next check is one 304.
        #expect(await service.start().outcome == .notModified)
    }

    /// A signature file the first origin lacks or serves damaged is fetched from the mirror for the first origin's
    /// manifest (it is named by that manifest's hash), instead of leaving the first origin for the next.
    @Test(arguments: ["missing", "damaged"])
    func theSignatureComesFromTheNextOriginWhenTheFirstCannotServeIt(_ damage: String) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let mirror = try Mirror(copying: harness, name: "mirror")
        let signature = harness.versionRoot.appendingPathComponent("signatures/\(try manifestHash(harness)).sig")
        if damage == "missing" {
            try FileManager.default.removeItem(at: signature)
        } else {
            try Data(try Data(contentsOf: signature).prefix(40)).write(to: signature)
        }

        let service = try harness.service(configuration(harness, [harness.server.baseURL, mirror.server.baseURL]))
        let report = await service.start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.origin == harness.server.baseURL)
        #expect(report.skippedOrigins.isEmpty)
        #expect(mirror.server.loggedRequests().map(\.path) == ["/1.0/signatures/\(try manifestHash(harness)).sig"])
        #expect(try harness.activeHashes().count == 4)
    }

    /// When no origin serves an archive intact, the module fails for this cycle and is asked for again at the next:
    /// nothing is remembered as rejected, and `inspect` points at the origins, not at the catalog.
    @Test func anArchiveNoOriginServesIntactFailsAndInspectBlamesTheOrigins() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let app = try #require(try harness.manifest().module(named: "App"))
        let genuine = try Data(contentsOf: harness.versionRoot.appendingPathComponent(app.path))
        let mirror = try Mirror(copying: harness, name: "mirror")
        // A truncated copy on the origin, a same-size copy with other bytes on the mirror.
        try genuine.prefix(genuine.count / 2).write(to: harness.versionRoot.appendingPathComponent(app.path))
        var altered = genuine
        altered[altered.startIndex + 100] ^= 0xFF
        try altered.write(to: mirror.root.appendingPathComponent("1.0/\(app.path)"))

        let service = try harness.service(configuration(harness, [harness.server.baseURL, mirror.server.baseURL]))
        let report = await service.start()
        #expect(report.outcome == .partial, "\(report.summary)")
        #expect(report.actions["App"] == .failed)
        let failed = try #require(report.modules.first { $0.name == "App" })
        #expect(failed.fetchErrors.map(\.code) == [.mismatch, .mismatch])
        #expect(failed.fetchErrors.map { $0.url?.port } == [harness.server.baseURL.port, mirror.server.baseURL.port])
        #expect(report.failedByCode == ["sync.mismatch": 2])
        #expect(report.errorCodes.isEmpty)
        #expect(try OverlayStore.inspect(at: harness.storeURL).modules.first { $0.name == "App" }?.rejected ?? [] == [])

        var options = StoreInspector.Options(store: harness.storeURL.path)
        options.shipped = harness.shipped
        let inspection = StoreInspector.inspect(options)
        let wrongBytes = inspection.findings.filter { $0.code == "origin.wrong-bytes" }
        #expect(wrongBytes.count == 2)
        #expect(wrongBytes.allSatisfy { $0.message.contains("not the catalog") && $0.message.contains(app.path) })
        #expect(!inspection.findings.contains { $0.code == "module.rejected" || $0.message.contains("fix the catalog") })
        #expect(inspection.modules.first { $0.name == "App" }?.shippedReason?.contains("could not be fetched intact") == true)
        #expect(inspection.journal.last?.failedByCode.map(\.0) == ["sync.mismatch"])

        // The origin is repaired: the next cycle fetches the archive (nothing held it back as rejected).
        try genuine.write(to: harness.versionRoot.appendingPathComponent(app.path))
        let repaired = await service.start()
        #expect(repaired.outcome == .applied, "\(repaired.summary)")
        #expect(repaired.actions["App"] == .activated)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }
}
