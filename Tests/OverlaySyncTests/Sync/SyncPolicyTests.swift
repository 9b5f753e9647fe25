import Foundation
import OverlayCore
import Testing
@testable import OverlaySync
import OverlayTestSupport

@Suite struct SyncPolicyTests {
    @Test func checksCloserThanTheMinimumIntervalAreSkipped() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        var configuration = try harness.configuration()
        configuration.minimumCheckInterval = 600
        let service = SyncService(configuration: configuration, transport: harness.transport())
        #expect(await service.start().outcome == .applied)
        let requests = harness.logged().count
        harness.clock.advance(by: 300)
        #expect(await service.start().outcome == .skipped)
        #expect(harness.logged().count == requests)
        harness.clock.advance(by: 301)
        #expect(await service.start().outcome == .notModified)
        #expect(harness.logged().count == requests + 1)
    }

    /// Past the maximum overlay age, a refresh that fails returns every module to the shipped strings.
    @Test func aStaleOverlayReturnsToShippedWhenRefreshFails() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        let service = try harness.service(harness.configuration(maxOverlayAge: 7 * 86_400), transport: transport)
        #expect(await service.start().outcome == .applied)
        #expect(try harness.storeSnapshot().modules.count == 4)

        transport.inject(.init(pathSuffix: "manifest.json", fault: .fail(.unreachable)))
        harness.clock.advance(by: 86_400)
        let young = await service.start()
        #expect(young.outcome == .failed)
        #expect(try harness.storeSnapshot().modules.count == 4)  // still within the age: keeps serving

        harness.clock.advance(by: 7 * 86_400)
        let stale = await service.start()
        #expect(stale.outcome == .failed)
        #expect(stale.modules.filter { $0.action == .deactivated }.count == 4)
        #expect(try harness.storeSnapshot().modules.isEmpty)
        #expect(try harness.notificationsTitle().layer == .shipped)
    }

    @Test func aNotModifiedWithAnUnknownETagChangesNothing() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        let service = try harness.service(transport: transport)
        #expect(await service.start().outcome == .applied)
        let before = harness.durableFingerprint()
        transport.inject(.init(pathSuffix: "manifest.json", fault: .notModified(etag: "\"forged\""), times: 1))
        let report = await service.start()
        #expect(report.outcome == .failed)
        #expect(report.error?.message.contains("ETag") == true)
        #expect(harness.durableFingerprint() == before)
    }
}
