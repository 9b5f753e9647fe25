package import Foundation
public import OverlayCore

/// Keeps a client's store in step with its origin: one conditional request when nothing changed, and
/// verify → validate → write → switch for whatever did.
///
/// ```swift
/// let sync = SyncService(configuration: config, transport: URLSessionTransport())
/// let localizer = Localizer(catalog: shipped, store: try await sync.snapshot(), preferredLanguages: langs)
/// await sync.attach(localizer)
/// let report = await sync.start()          // on launch and on foreground; concurrent calls join
/// await sync.disable()                     // kill switch: cancels, clears, deletes every byte
/// ```
public actor SyncService {
    public let configuration: SyncConfiguration
    private let transport: any HTTPTransport
    private let events: (any EventSink)?
    private var store: OverlayStore?
    private var inFlight: Task<SyncReport, Never>?
    private var isDisabled = false
    private var lastCheck: Date?
    private var backoff = Backoff()
    private weak var localizer: Localizer?
    private var lastJournaledMisses: MissedKeys?
    /// Whether this process's launch was counted by the crash-loop guard (at the first ``snapshot()``).
    private var launchCounted = false
    /// Rollbacks made at this launch, for the next report.
    private var pendingRollbacks: [LaunchRollback] = []

    public init(configuration: SyncConfiguration, transport: any HTTPTransport, events: (any EventSink)? = nil) {
        self.configuration = configuration
        self.transport = transport
        self.events = events
    }

    /// The Localizer to clear when the kill switch is pressed.
    public func attach(_ localizer: Localizer) {
        self.localizer = localizer
    }

    /// What the store serves now. Before the first cycle it only reads `store.json` and `state.json`, so a launch does
    /// not wait on the store's upkeep. The first call of a process counts the launch for the crash-loop guard
    /// (docs/DESIGN.md "Crash-loop guard"), which may take the newest revisions back first.
    public func snapshot() throws -> StoreSnapshot {
        let snapshot: StoreSnapshot
        if let store {
            snapshot = store.snapshot()
        } else {
            snapshot = try OverlayStore.readSnapshot(
                at: configuration.storeURL, appVersion: configuration.appVersion, sourceHash: configuration.sourceHash,
                syscalls: configuration.syscalls)
        }
        guard !launchCounted else { return snapshot }
        launchCounted = true
        return guardLaunch(serving: snapshot)
    }

    /// Call once the app has launched far enough to be trusted with its strings (its first screen is up): the
    /// overlay it serves becomes known good and the crash-loop guard's count starts again. Cheap when there is
    /// nothing to record; otherwise one small fsynced write.
    public func launchCompleted() {
        do {
            try OverlayStore.completeLaunch(at: configuration.storeURL, syscalls: configuration.syscalls)
        } catch {
            events?.record(SyncEvent(.warning, "launch.complete-failed", ["error": "\(error)"]))
        }
    }

    private func guardLaunch(serving snapshot: StoreSnapshot) -> StoreSnapshot {
        let limit = configuration.unfinishedLaunchLimit
        let count: OverlayStore.LaunchCount
        do {
            count = try OverlayStore.countLaunch(
                at: configuration.storeURL, serving: snapshot, limit: limit, syscalls: configuration.syscalls)
        } catch {
            events?.record(SyncEvent(.warning, "launch.count-failed", ["error": "\(error)"]))
            return snapshot
        }
        guard count == .crashLoop else { return snapshot }
        do {
            let store = try openStore()
            let rollbacks = try store.rollBackCrashLoop(limit: limit, now: configuration.now())
            for rollback in rollbacks {
                events?.record(SyncEvent(.warning, "launch.rollback", ["module": rollback.module, "reason": rollback.reason]))
            }
            pendingRollbacks += rollbacks
            return store.snapshot()
        } catch {
            // A crash loop the store cannot record: this launch serves the shipped strings rather than the overlay.
            events?.record(SyncEvent(.error, "launch.rollback-failed", ["error": "\(error)"]))
            return StoreSnapshot(appVersion: configuration.appVersion, sourceHash: configuration.sourceHash)
        }
    }

    public var disabled: Bool { isDisabled }

    /// Runs one cycle, or joins the one in flight.
    @discardableResult
    public func start() async -> SyncReport {
        var report = await cycle()
        if !pendingRollbacks.isEmpty {
            report.launchRollbacks = pendingRollbacks
            pendingRollbacks = []
        }
        return report
    }

    private func cycle() async -> SyncReport {
        if let inFlight { return await inFlight.value }
        guard !isDisabled else { return SyncReport(outcome: .disabled) }
        // The cycle's one reading of the clock (DESIGN.md "Clocks"): back-off, interval, expiry and journal use it.
        let now = configuration.now()
        if let remaining = backoff.remaining(at: now) {
            let seconds = Int(remaining.rounded(.up))
            return SyncReport(outcome: .skipped, error: SyncError(
                code: .httpStatus, message: "backing off after server errors for another \(seconds) s"))
        }
        // A negative distance means the clock was set back since the last check: that check is not recent.
        if let lastCheck, configuration.minimumCheckInterval > 0,
            (0..<configuration.minimumCheckInterval).contains(now.timeIntervalSince(lastCheck))
        {
            return SyncReport(outcome: .skipped)
        }
        let store: OverlayStore
        do {
            store = try openStore()
        } catch {
            return SyncReport(outcome: .failed, error: SyncError(code: .store, message: "cannot open the store: \(error)"))
        }
        lastCheck = now
        let cycle = SyncCycle(configuration: configuration, transport: transport, store: store, events: events, now: now)
        // A development build's missed keys go to the journal when they changed, for `overlay inspect`.
        var missed: MissedKeys?
        if let localizer, localizer.mode == .development {
            let current = localizer.missedKeys()
            if !current.modules.isEmpty, current != lastJournaledMisses {
                missed = current
                lastJournaledMisses = current
            }
        }
        let task = Task { [missed] in await cycle.run(missed: missed) }
        inFlight = task
        let report = await task.value
        inFlight = nil
        backoff.record(report, now: now)
        return report
    }

    /// The kill switch: marks sync disabled, cancels the cycle in flight and waits for it, clears the live
    /// snapshot, then deletes the whole store. Lookups behave exactly as without the feature afterwards.
    public func disable() async {
        isDisabled = true
        if let inFlight {
            inFlight.cancel()
            _ = await inFlight.value
            self.inFlight = nil
        }
        localizer?.applyPendingUpdates(StoreSnapshot(appVersion: configuration.appVersion, sourceHash: configuration.sourceHash))
        do {
            // Without an open instance the store may be damaged past opening: delete it where it lies.
            if let store { try store.deleteAll() } else { _ = try OverlayStore.delete(at: configuration.storeURL, syscalls: configuration.syscalls) }
            events?.record(SyncEvent(.info, "disabled", ["store": configuration.storeURL.path]))
        } catch {
            events?.record(SyncEvent(.error, "disable.failed", ["error": "\(error)"]))
        }
        store = nil
    }

    /// Turns sync back on; the next `start()` begins from nothing.
    public func enable() {
        isDisabled = false
        lastCheck = nil
        backoff = Backoff()
    }

    private func openStore() throws -> OverlayStore {
        if let store { return store }
        let opened = try OverlayStore.open(
            at: configuration.storeURL, appVersion: configuration.appVersion, sourceHash: configuration.sourceHash,
            syscalls: configuration.syscalls)
        for problem in opened.platformProblems { events?.record(SyncEvent(.warning, "store.platform", ["problem": problem])) }
        store = opened
        return opened
    }
}

/// Exponential back-off after 429/5xx, honouring `Retry-After` within its bounds (at most a day).
package struct Backoff {
    package init() {}

    private var until: Date?
    /// The wait `until` was set for: more than that still to wait means the clock was set back since, and the wait
    /// is over (a clock corrected by days must not hold checks back for days).
    private var delay: TimeInterval = 0
    private var failures = 0

    /// Seconds still to wait at `now`, or nil when checks may run.
    package func remaining(at now: Date) -> TimeInterval? {
        guard let until else { return nil }
        let remaining = until.timeIntervalSince(now)
        return remaining > 0 && remaining <= delay ? remaining : nil
    }

    package mutating func record(_ report: SyncReport, now: Date) {
        guard let asked = report.retryDelay else {
            if report.outcome != .failed { failures = 0; until = nil }
            return
        }
        failures = min(failures + 1, 32)
        let exponential = min(3_600, 30 * pow(2, Double(failures - 1)))
        delay = asked.map(Self.seconds) ?? exponential
        until = now.addingTimeInterval(delay)
    }

    /// A transport's `Retry-After` (an app may bring its own transport), bounded to 0 … 1 day, in seconds.
    package static func seconds(_ duration: Duration) -> TimeInterval {
        RetryAfter.clamped(duration).inSeconds
    }
}

extension SyncReport {
    /// Set when the origin asked the client to back off: the `Retry-After` delay, or nil inside for
    /// "use the exponential default". Nil outside when no back-off is due.
    var retryDelay: Duration?? {
        guard let status = httpStatus, status == 429 || (500...599).contains(status) else { return nil }
        return .some(retryAfter)
    }
}
