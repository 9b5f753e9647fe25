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
    /// In the order added; an ID is one more than the last one's (reused only after its token cancelled, which runs
    /// once).
    private let observers = Guarded<[(id: Int, callback: @Sendable () -> Void)]>([])
    /// The launch store's source hash when it was ignored for another build's, for `explain`.
    let ignoredSourceHash: Guarded<String?>
    /// Empty until the first ``bundle(for:cacheDirectory:)``: nothing is made at launch.
    private let bundles = Guarded(BundleMemo())

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
        ignoredSourceHash = Guarded(accepted == nil && store?.modules.isEmpty == false ? store?.sourceHash : nil)
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
        publish(preferredLanguages: languages)
    }

    /// Switches to the store's newly activated revisions now rather than at the next cold launch, and notifies
    /// observers. False, changing nothing, when `store` belongs to another source hash (counted as ignored).
    @discardableResult
    public func applyPendingUpdates(_ store: StoreSnapshot) -> Bool {
        guard let overlays = Self.overlays(from: store, sourceHash: sourceHash, counters: counters) else {
            return false
        }
        ignoredSourceHash.withLock { $0 = nil }
        publish(overlays: overlays)
        return true
    }

    /// Calls `callback` after every published snapshot, on the publishing thread, until the token is cancelled or
    /// released.
    public func addObserver(_ callback: @escaping @Sendable () -> Void) -> ObservationToken {
        let id = observers.withLock { list in
            let id = (list.last?.id ?? 0) + 1
            list.append((id, callback))
            return id
        }
        return ObservationToken { [weak self] in
            self?.observers.withLock { list in list.removeAll { $0.id == id } }
        }
    }

    /// What this Localizer serves for `module` as a `Bundle`, for code that keeps `NSLocalizedString`: every key
    /// answers as ``table(_:in:)`` answers it. Ask again after observers are told of a change. Nil when the module is
    /// unknown or the bundle cannot be written: fall back to the shipped bundle.
    ///
    /// - Parameter cacheDirectory: where it is written (an app group's caches), never a folder of the store: the store
    ///   removes what it does not own. By default ``OverlayBundles/defaultCacheDirectory``.
    public func bundle(for module: String, cacheDirectory: URL? = nil) -> Bundle? {
        guard let cache = cacheDirectory ?? OverlayBundles.defaultCacheDirectory else { return nil }
        return bundle(for: module, cacheDirectory: cache, syscalls: .live)
    }

    package func bundle(for module: String, cacheDirectory: URL, syscalls: Syscalls) -> Bundle? {
        let current = snapshot
        let key = "\(cacheDirectory.path)\n\(module)"
        if let known = bundles.withLock({ $0.snapshot === current ? $0.entries[key] : nil }),
            (try? syscalls.status(known.directory))?.isDirectory == true
        {
            return known.bundle
        }
        guard let contents = OverlayBundles.contents(of: module, in: current) else { return nil }
        let inUse = bundles.withLock { $0.directories }
        guard let made = OverlayBundles.bundle(
            for: module, contents: contents, cache: cacheDirectory, syscalls: syscalls, keeping: inUse)
        else { return nil }
        bundles.withLock { memo in
            if memo.snapshot !== current { memo = BundleMemo(snapshot: current, directories: memo.directories) }
            memo.entries[key] = made
            memo.directories.insert(made.directory)
        }
        return made.bundle
    }

    var snapshot: LocalizerSnapshot { current.withLock { $0 } }

    /// The next snapshot: the current one with `overlays` or `preferredLanguages` replaced.
    private func publish(overlays: OverlayModules? = nil, preferredLanguages: [String]? = nil) {
        current.withLock { old in
            old = LocalizerSnapshot(
                catalog: catalog, overlays: overlays ?? old.overlays,
                preferredLanguages: preferredLanguages ?? old.preferredLanguages, mode: mode, device: device,
                counters: counters)
        }
        let callbacks = observers.withLock { $0.map(\.callback) }
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
            revisions: store.modules, fallbacks: store.fallbacks, checksRevisions: store.isUnhealed, counters: counters)
    }
}

/// The bundles handed out for the current snapshot, and every folder ever handed out: a `Bundle` reads files lazily,
/// so they are never pruned while the Localizer lives.
struct BundleMemo {
    var snapshot: LocalizerSnapshot?
    var entries: [String: (bundle: Bundle, directory: String)] = [:]
    var directories: Set<String> = []
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
