import Foundation
import Testing
import OverlayCore
import OverlayPublishing
@testable import OverlaySync
import OverlayTestSupport

/// The normal life of a client against a real nginx origin: first sync, the 304 that writes nothing, a one-module
/// correction, coalescing, and what the event sink sees.
@Suite struct SyncCycleTests {
    @Test func firstSyncDownloadsAndActivatesEveryModule() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let manifest = try harness.manifest()
        let report = try await harness.service().start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.manifestRevision == 1)
        #expect(report.actions == ["Account": .activated, "App": .activated, "Checkout": .activated, "Onboarding": .activated])
        #expect(try harness.activeHashes() == Dictionary(uniqueKeysWithValues: manifest.modules.map { ($0.name, $0.sha256) }))
        let localizer = Localizer(catalog: harness.shipped, store: try harness.storeSnapshot(), preferredLanguages: ["fr"])
        #expect(localizer.table(in: "Checkout").string(forKey: "cart.empty") != "cart.empty")
        let paths = harness.logged().map(\.path).sorted()
        #expect(paths == (["/1.0/manifest.json", "/1.0/signatures/\(try manifestHash(harness)).sig"]
            + manifest.modules.map { "/1.0/\($0.path)" }).sorted())
        #expect(harness.logged().allSatisfy { $0.status == 200 })
        #expect(report.requests == 6)
        // Every stored revision verifies against its digest list; the store saved the manifest and its ETag.
        for revision in try harness.storeSnapshot().modules.values {
            #expect(try OverlayStore.verify(revision).isEmpty)
        }
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.etag != nil)
        #expect(inspection.manifest == (try Data(contentsOf: harness.versionRoot.appendingPathComponent("manifest.json"))))
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }

    @Test func secondSyncIsOne304AndNoDurableWrite() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        let before = harness.durableFingerprint()
        let logged = harness.logged().count

        let report = await service.start()
        #expect(report.outcome == .notModified, "\(report.summary)")
        #expect(report.requests == 1)
        let second = harness.logged(from: logged)
        #expect(second.map(\.status) == [304])
        #expect(second.map(\.path) == ["/1.0/manifest.json"])
        // Same inode, size, mtime and ctime for state.json, manifest.json, every revision file and directory
        // (tmp/ included: not even a temporary file was created). Only the unsynced journal line was added.
        #expect(harness.durableFingerprint() == before)
        // A second service (a relaunch) also gets its 304 from the stored ETag.
        let relaunched = try await harness.service().start()
        #expect(relaunched.outcome == .notModified)
        #expect(harness.logged(from: logged).map(\.status) == [304, 304])
        #expect(harness.durableFingerprint() == before)
    }

    @Test func aCorrectionDownloadsOnlyItsModuleAndIsServed() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        let localizer = Localizer(catalog: harness.shipped, store: try harness.storeSnapshot(), preferredLanguages: ["en"])
        #expect(localizer.table(in: "App").string(forKey: "settings.notifications.title") == "Notifcations")
        let before = try harness.activeHashes()

        try harness.editApp()
        try await harness.publish()
        let manifest = try harness.manifest()
        let app = try #require(manifest.module(named: "App"))
        let logged = harness.logged().count
        let report = await service.start()

        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.manifestRevision == 2)
        #expect(report.actions == ["Account": .unchanged, "App": .activated, "Checkout": .unchanged, "Onboarding": .unchanged])
        #expect(harness.logged(from: logged).map(\.path) == [
            "/1.0/manifest.json", "/1.0/signatures/\(try manifestHash(harness)).sig", "/1.0/\(app.path)",
        ])
        let after = try harness.activeHashes()
        #expect(after["App"] == app.sha256)
        #expect(after.filter { $0.key != "App" } == before.filter { $0.key != "App" })
        // The running Localizer switches at the boundary the app picks; a new one serves the fix at once.
        #expect(localizer.applyPendingUpdates(try harness.storeSnapshot()))
        #expect(localizer.table(in: "App").string(forKey: "settings.notifications.title") == "Notifications")
        #expect(try harness.notificationsTitle() == ("Notifications", .overlay))
    }

    @Test func concurrentStartsJoinOneCycle() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        // Hold the manifest answer long enough for every caller to arrive while the cycle is in flight.
        transport.inject(.init(pathSuffix: "manifest.json", fault: .delay(.milliseconds(300)), times: 1))
        let service = try harness.service(transport: transport)
        async let first = service.start()
        async let second = service.start()
        async let third = service.start()
        let reports = await [first, second, third]

        #expect(reports.map(\.outcome) == [.applied, .applied, .applied])
        #expect(transport.requests.filter { $0.url.path.hasSuffix("manifest.json") }.count == 1)
        #expect(harness.logged().filter { $0.path == "/1.0/manifest.json" }.count == 1)
        #expect(harness.logged().count == 6)
    }

    @Test func eventSinkGetsRequestEventsAndNoTranslatedText() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let sink = RecordingSink()
        let service = try harness.service(events: sink)
        #expect(await service.start().outcome == .applied)
        try harness.editApp()
        try await harness.publish()
        #expect(await service.start().outcome == .applied)
        #expect(await service.start().outcome == .notModified)

        let requests = sink.events.filter { $0.name == "request" }
        #expect(requests.count == 6 + 3 + 1)
        for event in requests {
            #expect(event.level == .debug)
            #expect(Set(event.fields.keys) == ["url", "status", "bytes", "ms"], "\(event.fields)")
            #expect(event.fields["url"]?.hasPrefix(harness.server.baseURL.absoluteString) == true)
            #expect(Int(event.fields["bytes"] ?? "") != nil)
            #expect(Int(event.fields["ms"] ?? "") != nil)
        }
        #expect(requests.map { $0.fields["status"] }.filter { $0 == "304" }.count == 1)
        #expect(sink.events.contains { $0.name == "module.activated" && $0.fields["module"] == "App" })
        #expect(sink.events.filter { $0.name == "cycle" }.count == 3)

        // No field of any event carries a translated string of the catalog (old or new wording). Strings that
        // are also module names ("Account", "Checkout") are names there, not text.
        var texts: Set<String> = ["Notifications"]
        for module in harness.shipped.modules.values {
            for localization in module.localizations.values {
                for table in localization.tables.values {
                    texts.formUnion(table.strings.values.filter { $0.count >= 6 })
                }
            }
        }
        texts.subtract(harness.shipped.moduleNames)
        #expect(texts.count > 50)
        for event in sink.events {
            for value in event.fields.values {
                #expect(!texts.contains { value.contains($0) }, "\(event.name) carries translated text: \(value)")
            }
        }
    }
}

/// SHA-256 of the manifest the origin serves (names its signature file).
func manifestHash(_ harness: SyncHarness) throws -> String {
    SHA256.hash(try Data(contentsOf: harness.versionRoot.appendingPathComponent("manifest.json"))).hex
}
