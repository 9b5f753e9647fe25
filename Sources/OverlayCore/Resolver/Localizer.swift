public import Foundation

/// Serves localized strings: the active overlay revision over the shipped catalog over a sentinel. Built once at
/// cold launch; lookups are synchronous, never throw, and read an immutable snapshot from any thread.
///
/// ```swift
/// let localizer = Localizer(catalog: shipped, store: snapshot, preferredLanguages: ["fr-CA", "en"])
/// label.text = localizer.table(in: "Checkout").string(forKey: "cart.title")
/// ```
///
/// ``setPreferredLanguages(_:)`` and ``applyPendingUpdates(_:)`` publish a new snapshot and notify observers;
/// handles already handed out keep theirs (strings never change under a user's eyes).
public final class Localizer: Sendable {
    /// What a total miss shows.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// A loud sentinel `⟦Module/Table:key⟧`, so a missing key is seen in development.
        case development
        /// The caller's default, else the key.
        case production
    }

    /// The shipped catalog's source hash: only store snapshots with this hash are loaded.
    public let sourceHash: String
    /// What a total miss shows.
    public let mode: Mode
    /// The device a device-specific rule picks (`iphone`, `ipad`, `mac`, …); `other` by default.
    public let device: String

    package let catalog: Catalog
    private let counters = LocalizerCounters()
    private let current: Guarded<LocalizerSnapshot>
    private let observers = Guarded<ObserverList>(ObserverList())
    /// The launch store snapshot when ignored for another source hash, for `explain`.
    private let ignored: Guarded<StoreSnapshot?>
    /// Nil until the first ``bundle(for:)``: nothing is made at launch.
    private let bundles = Guarded<BundleMemo?>(nil)

    /// `catalog` is the shipped catalog (`BuiltCatalogLoader.load(bundles:)`); `store` is ignored (and counted) when
    /// its source hash is not the catalog's; `sourceHash` spares computing it when the build knows it.
    public init(
        catalog: Catalog, store: StoreSnapshot? = nil, preferredLanguages: [String], mode: Mode = .production,
        device: String = "other", sourceHash: String? = nil
    ) {
        self.catalog = catalog
        self.mode = mode
        self.device = device
        let hash = sourceHash ?? catalog.sourceHash
        self.sourceHash = hash
        let accepted = Self.overlays(from: store, sourceHash: hash, counters: counters)
        ignored = Guarded(accepted == nil && store?.modules.isEmpty == false ? store : nil)
        let overlays = accepted ?? OverlayModules(revisions: [:], counters: counters)
        current = Guarded(
            LocalizerSnapshot(
                catalog: catalog, overlays: overlays, preferredLanguages: preferredLanguages, mode: mode,
                device: device, counters: counters))
    }

    /// The pre-merged handle for one table of one module. Cheap after the first call per snapshot.
    public func table(_ table: String = "Localizable", in module: String) -> LocalizedTable {
        snapshot.table(table, in: module)
    }

    /// Where `key` comes from (layer, locale, revision, chain), for tracing and `overlay resolve --trace`.
    public func resolve(_ key: String, table: String = "Localizable", module: String) -> Resolution {
        self.table(table, in: module).resolve(key)
    }

    /// The preferred languages of the current snapshot.
    public var preferredLanguages: [String] { snapshot.preferredLanguages }

    /// The overlay revisions the current snapshot serves, by module.
    package var activeRevisions: [String: ActiveRevision] { snapshot.overlays.revisions }

    /// Counters since the Localizer was built.
    public var stats: LocalizerStats { counters.stats }

    /// The distinct keys no layer had, by module; kept in ``Mode/development`` only, bounded.
    public func missedKeys() -> MissedKeys { counters.missed }

    /// Switches languages at runtime: publishes a new snapshot, then notifies observers.
    public func setPreferredLanguages(_ languages: [String]) {
        publish { old in
            LocalizerSnapshot(
                catalog: catalog, overlays: old.overlays, preferredLanguages: languages, mode: mode, device: device,
                counters: counters)
        }
    }

    /// Switches to the store's newly activated revisions now rather than at the next cold launch, and notifies
    /// observers. False, changing nothing, when `store` belongs to another source hash (counted as ignored).
    @discardableResult
    public func applyPendingUpdates(_ store: StoreSnapshot) -> Bool {
        guard let overlays = Self.overlays(from: store, sourceHash: sourceHash, counters: counters) else {
            return false
        }
        ignored.withLock { $0 = nil }
        publish { old in
            LocalizerSnapshot(
                catalog: catalog, overlays: overlays, preferredLanguages: old.preferredLanguages, mode: mode,
                device: device, counters: counters)
        }
        return true
    }

    /// Calls `callback` after every published snapshot, on the publishing thread, until the token is cancelled or
    /// released.
    public func addObserver(_ callback: @escaping @Sendable () -> Void) -> ObservationToken {
        let id = observers.withLock { list in list.add(callback) }
        return ObservationToken { [weak self] in
            self?.observers.withLock { list in list.remove(id) }
        }
    }

    /// What this Localizer serves for `module` as a `Bundle`, for code that keeps `NSLocalizedString`: every key
    /// answers as ``table(_:in:)`` answers it. Ask again after observers are told of a change. Nil when the module is
    /// unknown or the bundle cannot be written: fall back to the shipped bundle.
    public func bundle(for module: String) -> Bundle? {
        guard let cache = OverlayBundles.defaultCacheDirectory else { return nil }
        return bundle(for: module, cacheDirectory: cache)
    }

    /// ``bundle(for:)`` written under `cacheDirectory` (an app group's caches), never a folder of the store: the store
    /// removes what it does not own.
    public func bundle(for module: String, cacheDirectory: URL) -> Bundle? {
        bundle(for: module, cacheDirectory: cacheDirectory, syscalls: .live)
    }

    package func bundle(for module: String, cacheDirectory: URL, syscalls: Syscalls) -> Bundle? {
        let current = snapshot
        let key = "\(cacheDirectory.path)\n\(module)"
        if let known = bundles.withLock({ $0?.entry(key, for: current) }),
            (try? syscalls.status(known.directory))?.isDirectory == true
        {
            return known.bundle
        }
        guard let contents = OverlayBundles.contents(of: module, in: current) else { return nil }
        let inUse = bundles.withLock { $0?.directories ?? [] }
        guard let made = OverlayBundles.bundle(
            for: module, contents: contents, cache: cacheDirectory, syscalls: syscalls, keeping: inUse)
        else { return nil }
        bundles.withLock { memo in
            var updated = memo ?? BundleMemo()
            updated.store(key, BundleMemo.Entry(bundle: made.bundle, directory: made.directory), for: current)
            memo = updated
        }
        return made.bundle
    }

    var snapshot: LocalizerSnapshot { current.withLock { $0 } }

    var ignoredStore: StoreSnapshot? { ignored.withLock { $0 } }

    private func publish(_ make: (LocalizerSnapshot) -> LocalizerSnapshot) {
        current.withLock { snapshot in snapshot = make(snapshot) }
        let callbacks = observers.withLock { $0.callbacks }
        for callback in callbacks { callback() }
    }

    /// The store's revisions when its source hash is the build's; nil (and counted) otherwise.
    private static func overlays(
        from store: StoreSnapshot?, sourceHash: String, counters: LocalizerCounters
    ) -> OverlayModules? {
        guard let store else { return nil }
        guard store.sourceHash == sourceHash else {
            counters.countIgnoredRevisions(store.modules.count)
            return nil
        }
        return OverlayModules(
            revisions: store.modules, fallbacks: store.fallbacks, checksRevisions: store.isUnhealed,
            sourceHash: store.sourceHash, counters: counters)
    }
}

/// The bundles handed out for the current snapshot, and every folder ever handed out: a `Bundle` reads files lazily,
/// so they are never pruned while the Localizer lives. `@unchecked Sendable`: only touched under the Localizer's lock.
struct BundleMemo: @unchecked Sendable {
    struct Entry {
        var bundle: Bundle
        var directory: String
    }

    private var snapshot: LocalizerSnapshot?
    private var entries: [String: Entry] = [:]
    private(set) var directories: Set<String> = []

    func entry(_ key: String, for current: LocalizerSnapshot) -> Entry? {
        snapshot === current ? entries[key] : nil
    }

    mutating func store(_ key: String, _ entry: Entry, for current: LocalizerSnapshot) {
        if snapshot !== current {
            snapshot = current
            entries = [:]
        }
        entries[key] = entry
        directories.insert(entry.directory)
    }
}

/// Keeps a ``Localizer`` observer registered; cancelling or releasing it ends the observation.
public final class ObservationToken: Sendable {
    private let onCancel: LockedValue<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = LockedValue(onCancel)
    }

    /// Stops the observation; later calls do nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}

struct ObserverList: Sendable {
    private var nextID = 0
    private var entries: [(id: Int, callback: @Sendable () -> Void)] = []

    mutating func add(_ callback: @escaping @Sendable () -> Void) -> Int {
        nextID += 1
        entries.append((nextID, callback))
        return nextID
    }

    mutating func remove(_ id: Int) { entries.removeAll { $0.id == id } }

    var callbacks: [@Sendable () -> Void] { entries.map(\.callback) }
}
