import Foundation
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

    public init(configuration: SyncConfiguration, transport: any HTTPTransport, events: (any EventSink)? = nil) {
        self.configuration = configuration
        self.transport = transport
        self.events = events
    }

    /// The Localizer to clear when the kill switch is pressed.
    public func attach(_ localizer: Localizer) {
        self.localizer = localizer
    }

    /// What the store serves now. Before the first cycle it only reads `store.json` and `state.json` (no lock, no
    /// write: a launch does not wait on the store's upkeep); the first ``start()`` opens the store, which heals damage
    /// and cleans crash debris and old revisions. A `Localizer` checks each module's revision before serving it.
    public func snapshot() throws -> StoreSnapshot {
        if let store { return store.snapshot() }
        return try OverlayStore.readSnapshot(
            at: configuration.storeURL, appVersion: configuration.appVersion, sourceHash: configuration.sourceHash,
            syscalls: configuration.syscalls)
    }

    public var disabled: Bool { isDisabled }

    /// Runs one cycle, or joins the one in flight.
    @discardableResult
    public func start() async -> SyncReport {
        if let inFlight { return await inFlight.value }
        guard !isDisabled else { return SyncReport(outcome: .disabled) }
        let now = configuration.now()
        if let until = backoff.until, now < until {
            var report = SyncReport(outcome: .skipped)
            report.error = SyncError(code: .httpStatus, message: "backing off after server errors until \(RFC3339.string(from: until))")
            return report
        }
        if let lastCheck, configuration.minimumCheckInterval > 0, now.timeIntervalSince(lastCheck) < configuration.minimumCheckInterval {
            return SyncReport(outcome: .skipped)
        }
        let store: OverlayStore
        do {
            store = try openStore()
        } catch {
            var report = SyncReport(outcome: .failed)
            report.error = SyncError(code: .store, message: "cannot open the store: \(error)")
            return report
        }
        lastCheck = now
        let cycle = SyncCycle(configuration: configuration, transport: transport, store: store, events: events)
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
        backoff.record(report, now: configuration.now())
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
        store = opened
        return opened
    }
}

/// Exponential back-off after 429/5xx, honouring `Retry-After`.
struct Backoff {
    private(set) var until: Date?
    private var failures = 0

    mutating func record(_ report: SyncReport, now: Date) {
        guard let delay = report.retryDelay else {
            if report.outcome != .failed { failures = 0; until = nil }
            return
        }
        failures += 1
        let exponential = min(3_600, 30 * pow(2, Double(failures - 1)))
        until = now.addingTimeInterval(delay ?? exponential)
    }
}

extension SyncReport {
    /// Set when the origin asked the client to back off: the `Retry-After` seconds, or nil inside for
    /// "use the exponential default". Nil outside when no back-off is due.
    var retryDelay: TimeInterval?? {
        guard let status = httpStatus, status == 429 || (500...599).contains(status) else { return nil }
        return .some(retryAfter.map { Double($0.components.seconds) })
    }
}
