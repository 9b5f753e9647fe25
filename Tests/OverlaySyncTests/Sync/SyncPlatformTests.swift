import Foundation
import OverlayCore
@testable import OverlaySync
import Testing

/// A transport that, before each request, checks that another open file description can take the store's `LOCK` at
/// once: the store must not hold it while the cycle waits on the network (iOS may suspend the app there).
final class LockProbingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: any HTTPTransport
    private let lockPath: String
    // Guarded by `lock`.
    private let lock = NSLock()
    private var probes: [Bool] = []

    init(wrapping inner: any HTTPTransport, store: URL) {
        self.inner = inner
        self.lockPath = store.appendingPathComponent("LOCK").path
    }

    var results: [Bool] { lock.withLock { probes } }

    func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
        let fd = LibC.open(lockPath, O_RDWR | O_CLOEXEC, 0)
        var free = true
        if fd >= 0 {
            free = LibC.flock(fd, LOCK_EX | LOCK_NB) == 0
            if free { _ = LibC.flock(fd, LOCK_UN) }
            _ = LibC.close(fd)
        }
        lock.withLock { probes.append(free) }
        return try await inner.fetch(request)
    }
}

@Suite("SyncService on a device: LOCK never held across a download, the platform's refusals reported", .serialized)
struct SyncPlatformTests {
    @Test("every request of a full cycle (manifest, signature, each archive) starts with LOCK free")
    func lockFreeAtEveryRequest() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let probing = LockProbingTransport(wrapping: harness.transport(), store: harness.storeURL)
        let service = try harness.service(harness.configuration(maxConcurrentDownloads: 1), transport: probing)
        let report = await service.start()
        #expect(report.outcome == .applied, "\(report)")
        #expect(probing.results.count >= 4, "manifest, signature and the archives were fetched")
        #expect(probing.results.allSatisfy { $0 }, "\(probing.results)")
    }

    @Test("a store directory the platform cannot exclude from backups still syncs, and the app's sink hears a warning")
    func platformProblemIsAWarningEvent() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        var storage = PlatformStorage.live
        storage.excludeFromBackup = { _ in throw CocoaError(.fileWriteNoPermission) }
        var configuration = try harness.configuration()
        configuration.syscalls = Syscalls.live(storage: storage)
        let sink = RecordingSink()
        let report = await SyncService(configuration: configuration, transport: harness.transport(), events: sink).start()
        #expect(report.outcome == .applied, "\(report)")
        let warnings = sink.events.filter { $0.name == "store.platform" }
        #expect(warnings.count == 1)
        #expect(warnings.first?.level == .warning)
        #expect(warnings.first?.fields["problem"]?.contains("could not be excluded from backups") == true)
    }
}
