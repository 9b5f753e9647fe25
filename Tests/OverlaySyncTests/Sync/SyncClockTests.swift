import Foundation
import Testing
import OverlayCore
import OverlayPublishing
@testable import OverlaySync
import OverlayTestSupport

/// A device clock that is wrong, in either direction, and then corrected (DESIGN.md "Clocks"): the cycle reads the
/// clock once; a clock ahead may retire the overlay early but never for good; a clock behind refuses nothing it should
/// accept for long and can never roll a client back.
@Suite struct SyncClockTests {
    /// A clock that counts how often it is read.
    final class CountingClock: Sendable {
        let clock: TestClock
        private let reads = LockedValue(0)

        init(_ clock: TestClock) { self.clock = clock }

        func now() -> Date {
            reads.withLock { $0 += 1 }
            return clock.now
        }

        var count: Int { reads.withLock { $0 } }
    }

    /// TUF's "fix time once per cycle": one instant for the back-off, the interval, every expiry check and the journal.
    @Test func eachCycleReadsTheClockOnce() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let counting = CountingClock(harness.clock)
        var configuration = try harness.configuration()
        configuration.now = { counting.now() }
        configuration.maxOverlayAge = 7 * 86_400
        let transport = harness.transport()
        let service = SyncService(configuration: configuration, transport: transport)

        #expect(await service.start().outcome == .applied)
        #expect(counting.count == 1)
        #expect(await service.start().outcome == .notModified)
        #expect(counting.count == 2)
        // A failed refresh past the maximum overlay age: the expiry check uses the cycle's instant too.
        transport.inject(.init(pathSuffix: "manifest.json", fault: .fail(.unreachable), times: 1))
        harness.clock.advance(by: 8 * 86_400)
        #expect(await service.start().modules.filter { $0.action == .deactivated }.count == 4)
        #expect(counting.count == 3)
    }

    /// A clock days ahead retires the overlay when a refresh fails past the maximum age; once the clock is right
    /// again, the next cycle that reaches the origin brings it back (the ETag was dropped with it, so the unchanged
    /// manifest is fetched whole instead of answered 304).
    @Test func aClockAheadRetiresTheOverlayOnlyUntilItIsCorrected() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        let service = try harness.service(harness.configuration(maxOverlayAge: 7 * 86_400), transport: transport)
        #expect(await service.start().outcome == .applied)
        let correct = harness.clock.now

        harness.clock.advance(by: 10 * 86_400)
        transport.inject(.init(pathSuffix: "manifest.json", fault: .fail(.unreachable), times: 1))
        let expired = await service.start()
        #expect(expired.modules.filter { $0.action == .deactivated }.count == 4)
        #expect(try harness.notificationsTitle().layer == .shipped)
        #expect(try OverlayStore.inspect(at: harness.storeURL).etag == nil)

        harness.clock.set(correct.addingTimeInterval(60))
        let logged = harness.logged().count
        let back = await service.start()
        #expect(back.outcome == .applied, "\(back.summary)")
        #expect(back.actions.values.allSatisfy { $0 == .activated })
        #expect(harness.logged(from: logged).first?.status == 200)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
        #expect(await service.start().outcome == .notModified)
    }

    /// A clock behind the publisher's by more than the allowed skew refuses a new manifest as published in the
    /// future: nothing is recorded (no seen mark, no ETag), what is active keeps serving, and the same manifest is
    /// accepted once the clock is corrected.
    @Test func aClockBehindRefusesANewManifestUntilCorrected() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        harness.clock.set(SyncHarness.publishedAt.addingTimeInterval(-2 * 86_400))
        let service = try harness.service()

        let refused = await service.start()
        #expect(refused.outcome == .rejected, "\(refused.summary)")
        #expect(refused.errorCodes == ["freeze.published-in-future"])
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.highestSeen == nil)
        #expect(inspection.etag == nil)
        #expect(try harness.storeSnapshot().modules.isEmpty)

        harness.clock.set(SyncHarness.publishedAt.addingTimeInterval(60))
        #expect(await service.start().outcome == .applied)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }

    /// Why a clock behind is safe: it makes an old manifest look unexpired, but rollback protection counts
    /// revisions, not time — a replayed older manifest is still refused and nothing changes.
    @Test func aClockBehindCannotRollAClientBack() async throws {
        let harness = try await SyncHarness(publish: false)
        defer { harness.remove() }
        try await harness.publish(expiresIn: 3_600)
        let service = try harness.service()
        #expect(await service.start().outcome == .applied)
        try harness.editApp()
        let later = SyncHarness.publishedAt.addingTimeInterval(2 * 3_600)
        try await harness.publish(now: later)
        harness.clock.set(later.addingTimeInterval(60))
        #expect(await service.start().manifestRevision == 2)
        let active = try harness.activeHashes()

        // Revision 1 expired an hour ago; a clock set back to its lifetime sees it as valid.
        try harness.replaceManifest(with: Data(contentsOf: harness.versionRoot.appendingPathComponent("history/manifest.1.json")))
        harness.clock.set(SyncHarness.publishedAt.addingTimeInterval(600))
        let replay = await service.start()
        #expect(replay.outcome == .rejected, "\(replay.summary)")
        #expect(replay.errorCodes == ["replay.rollback"])
        #expect(try harness.activeHashes() == active)
        #expect(try harness.notificationsTitle() == ("Notifications", .overlay))
    }

    /// A back-off recorded before the clock was set back days does not hold checks back for those days.
    @Test func aBackOffEndsWhenTheClockIsSetBack() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        transport.inject(.init(pathSuffix: "manifest.json", fault: .status(503, retryAfter: .seconds(120)), times: 1))
        let service = try harness.service(transport: transport)
        #expect(await service.start().outcome == .failed)
        #expect(await service.start().outcome == .skipped)

        harness.clock.advance(by: -3 * 86_400)
        let report = await service.start()
        #expect(report.outcome != .skipped, "\(report.summary)")
        #expect(transport.requests.count > 1)
    }

    /// So does the minimum interval between checks.
    @Test func aMinimumIntervalEndsWhenTheClockIsSetBack() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        var configuration = try harness.configuration()
        configuration.minimumCheckInterval = 600
        let service = try harness.service(configuration)
        #expect(await service.start().outcome == .applied)
        #expect(await service.start().outcome == .skipped)

        harness.clock.advance(by: -3 * 86_400)
        #expect(await service.start().outcome == .notModified)
    }
}
