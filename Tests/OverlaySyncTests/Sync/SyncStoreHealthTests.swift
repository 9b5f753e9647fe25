import Foundation
import Testing
import OverlayCore
import OverlayPublishing
@testable import OverlaySync

import OverlayTestSupport

/// Issue 9 from the sync side: a damaged store heals on the next cycle, rollback protection outlives a corrupt
/// state.json, binding is checked before any download, and concurrent syncs each report their own cycle.
@Suite struct SyncStoreHealthTests {
    @Test("A removed or truncated active revision comes back on the next sync, with the manifest unchanged",
          arguments: ["directory removed", "file truncated"])
    func damagedRevisionIsFetchedAgain(damage: String) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        #expect(await (try harness.service()).start().outcome == .applied)
        let app = try #require(try harness.storeSnapshot().modules["App"])
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
        if damage == "directory removed" {
            try FileManager.default.removeItem(at: app.directory)
        } else {
            #expect(truncate(app.directory.appendingPathComponent("en.lproj/Localizable.strings").path, 10) == 0)
        }
        // Without healing, this cycle was a 304 and the overlay never came back.
        let logged = harness.logged().count
        let report = try await harness.service().start()
        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.actions["App"] == .activated)
        #expect(report.actions["Checkout"] == .unchanged)
        #expect(harness.logged(from: logged).filter { $0.path.hasSuffix(".zip") }.count == 1)
        #expect(try OverlayStore.verify(try #require(try harness.storeSnapshot().modules["App"])).isEmpty)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
        // Settled: the next check is a 304 again.
        #expect(try await harness.service().start().outcome == .notModified)
    }

    @Test("A corrupt state.json does not reset rollback protection: an older signed manifest is still a rollback")
    func rollbackAfterCorruptState() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        #expect(await (try harness.service()).start().outcome == .applied)
        try harness.editApp()
        try await harness.publish()
        let second = await (try harness.service()).start()
        #expect(second.outcome == .applied)
        #expect(second.manifestRevision == 2)
        try Data("{\"format_version\":1,\"app_".utf8).write(to: harness.storeURL.appendingPathComponent("state.json"))
        // The origin replays the genuinely signed revision 1.
        try harness.replaceManifest(with: Data(contentsOf: harness.versionRoot.appendingPathComponent("history/manifest.1.json")))
        let replay = await (try harness.service()).start()
        #expect(replay.outcome == .rejected, "\(replay.summary)")
        #expect(replay.errorCodes.contains("replay.rollback"))
        #expect(!replay.modules.contains { $0.action == .activated })
    }

    @Test("A signed manifest naming modules the build does not ship is rejected before any archive is downloaded")
    func bindingBeforeDownload() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        var manifest = try harness.manifest()
        let app = try #require(manifest.module(named: "App"))
        for index in 0..<40 {
            var ghost = app
            ghost.name = "Ghost\(index)"
            ghost.path = Manifest.archivePath(name: ghost.name, sha256: ghost.sha256)
            manifest.modules.append(ghost)
        }
        try harness.publishSigned(manifest)
        let transport = harness.transport()
        let report = await (try harness.service(transport: transport)).start()
        #expect(report.outcome == .rejected, "\(report.summary)")
        #expect(report.errorCodes == ["binding.unknown-module"])
        let message = try #require(report.findings.first { $0.code == "binding.unknown-module" }?.message)
        #expect(message.contains("40 modules"))
        #expect(message.contains("Ghost0"))
        #expect(transport.requests.filter { $0.url.path.hasSuffix(".zip") }.isEmpty)
        #expect(try harness.activeHashes().isEmpty)
        // Nothing was recorded as seen: the manifest is not for this build.
        #expect(try OverlayStore.inspect(at: harness.storeURL).highestSeen == nil)
    }

    @Test("Two services syncing one store at once each report only what their own cycle did")
    func concurrentReportsAreTheirOwn() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let configuration = try harness.configuration(maxConcurrentDownloads: 1)
        let a = try harness.service(configuration)
        let b = try harness.service(configuration)
        async let first = a.start()
        async let second = b.start()
        let reports = await [first, second]
        let modules = try harness.manifest().modules.count
        // Each module was switched by one of the two cycles at most; the other reports it unchanged (without the
        // fix both said "4 activated").
        let activated = reports.flatMap { $0.modules.filter { $0.action == .activated }.map(\.name) }
        #expect(Set(activated).count == activated.count, "\(reports.map(\.summary))")
        for report in reports {
            #expect([.applied, .partial].contains(report.outcome), "\(report.summary)")
        }
        if reports.allSatisfy({ $0.outcome == .applied }) {
            #expect(activated.count == modules, "\(reports.map(\.summary))")
        }
    }

    @Test("disable() deletes a store too damaged to open, and never follows its links out",
          arguments: [false, true])
    func disableOnADamagedStore(serviceOpenedTheStore: Bool) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        let killSwitch = serviceOpenedTheStore ? service : try harness.service()
        let outside = harness.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("file.txt"))
        let tmp = harness.storeURL.appendingPathComponent("tmp")
        try FileManager.default.removeItem(at: tmp)
        try FileManager.default.createSymbolicLink(at: tmp, withDestinationURL: outside)
        let lock = harness.storeURL.appendingPathComponent("LOCK")
        try FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        await killSwitch.disable()
        #expect(!FileManager.default.fileExists(atPath: harness.storeURL.path))
        #expect(try Data(contentsOf: outside.appendingPathComponent("file.txt")) == Data("keep".utf8))
        #expect(try harness.notificationsTitle() == ("Notifcations", .shipped))
    }
}
