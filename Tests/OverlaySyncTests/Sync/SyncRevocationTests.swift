import Foundation
import Testing
import OverlayCore
@testable import OverlaySync

/// Revocation (DESIGN.md "Sync cycle" step 4) and modules dropped from the manifest.
@Suite struct SyncRevocationTests {
    /// App published three times (A1 "Notifcations", A2 "Notifications", A3 "Notifications!"), the client at A2
    /// with A1 as previous; revision 3 revokes `revoked` while A3's archive is missing from the origin, so what
    /// the revocation alone did stays visible.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Indices into [A1, A2] to revoke.
        var revoked: [Int]
        var action: SyncReport.ModuleAction
        /// Index into [A1, A2] of the revision App serves afterwards; nil for the shipped strings.
        var serves: Int?
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "active revoked, previous fine: back to previous", revoked: [1], action: .rolledBack, serves: 0),
        Case(name: "active and previous revoked: back to shipped", revoked: [0, 1], action: .deactivated, serves: nil),
    ]

    @Test(arguments: cases)
    func revokedActiveRevision(_ scenario: Case) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        let a1 = try #require(try harness.manifest().module(named: "App"))
        try harness.editApp()
        try await harness.publish()
        #expect(await service.start().outcome == .applied)
        let a2 = try #require(try harness.manifest().module(named: "App"))
        #expect(try harness.storeSnapshot().modules["App"]?.sha256 == a2.sha256)
        let hashes = [a1.sha256, a2.sha256]

        try harness.editApp("Notifications", "Notifications!")
        try await harness.publish(revoke: scenario.revoked.map { Manifest.Revocation(module: "App", sha256: hashes[$0]) })
        let a3 = try #require(try harness.manifest().module(named: "App"))
        try FileManager.default.removeItem(at: harness.versionRoot.appendingPathComponent(a3.path))
        let logged = harness.logged().count
        let report = await service.start()

        #expect(report.outcome == .partial, "\(report.summary)")
        #expect(report.modules.filter { $0.name == "App" }.map(\.action) == [scenario.action, .failed])
        #expect(try harness.storeSnapshot().modules["App"]?.sha256 == scenario.serves.map { hashes[$0] })
        let title = try harness.notificationsTitle()
        #expect(title.text == (scenario.serves == 1 ? "Notifications" : "Notifcations"))
        #expect(title.layer == (scenario.serves == nil ? .shipped : .overlay))
        // Only the new archive was asked for; a revoked one is never fetched again.
        #expect(harness.logged(from: logged).map(\.path) == [
            "/1.0/manifest.json", "/1.0/signatures/\(try manifestHash(harness)).sig", "/1.0/\(a3.path)",
        ])
    }

    @Test func aRevokedArchiveTheManifestListsIsNeverActivated() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        var manifest = try harness.manifest()
        let app = try #require(manifest.module(named: "App"))
        manifest.revision = 2
        manifest.revoked = [Manifest.Revocation(module: "App", sha256: app.sha256)]
        try harness.publishSigned(manifest)
        let service = try harness.service()

        let report = await service.start()
        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.actions == ["Account": .activated, "App": .skippedRevoked, "Checkout": .activated, "Onboarding": .activated])
        #expect(try harness.activeHashes()["App"] == nil)
        #expect(!harness.logged().contains { $0.path == "/1.0/\(app.path)" })
        #expect(try harness.notificationsTitle() == ("Notifcations", .shipped))
        // Also when it is already active: it goes, and is not fetched back.
        let fresh = try await SyncHarness()
        defer { fresh.remove() }
        let freshService = try fresh.service()
        #expect(await freshService.start().outcome == .applied)
        var revoking = try fresh.manifest()
        let freshApp = try #require(revoking.module(named: "App"))
        revoking.revision = 2
        revoking.revoked = [Manifest.Revocation(module: "App", sha256: freshApp.sha256)]
        try fresh.publishSigned(revoking)
        let logged = fresh.logged().count
        let second = await freshService.start()
        #expect(second.outcome == .applied, "\(second.summary)")
        #expect(second.modules.filter { $0.name == "App" }.map(\.action) == [.deactivated, .skippedRevoked])
        #expect(try fresh.activeHashes()["App"] == nil)
        #expect(fresh.logged(from: logged).count == 2)
    }

    @Test func aModuleDroppedFromTheManifestReturnsToShippedStrings() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        #expect(try harness.activeHashes()["App"] != nil)
        let before = try harness.activeHashes()

        // The publisher cannot drop a module without changing the source hash; a signed manifest can.
        var manifest = try harness.manifest()
        manifest.revision = 2
        manifest.modules.removeAll { $0.name == "App" }
        try harness.publishSigned(manifest)
        let logged = harness.logged().count
        let report = await service.start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.actions == ["Account": .unchanged, "App": .deactivated, "Checkout": .unchanged, "Onboarding": .unchanged])
        #expect(harness.logged(from: logged).count == 2)
        #expect(try harness.activeHashes() == before.filter { $0.key != "App" })
        #expect(try harness.notificationsTitle() == ("Notifcations", .shipped))
        let localizer = Localizer(catalog: harness.shipped, store: try harness.storeSnapshot(), preferredLanguages: ["en"])
        #expect(localizer.activeRevisions["App"] == nil)
        #expect(localizer.activeRevisions["Checkout"] != nil)
    }
}
