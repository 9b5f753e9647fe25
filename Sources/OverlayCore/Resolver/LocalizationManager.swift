public import Foundation
public import Observation

/// The ``Localizer`` as SwiftUI reads it: an `@Observable` whose ``revision`` moves whenever the Localizer publishes a
/// new snapshot, so every view that read a string through ``table(_:in:)`` or ``bundle(for:cacheDirectory:)`` renders
/// again. Changes made through the Localizer itself, from any thread, move it too. UIKit code keeps
/// ``Localizer/addObserver(_:)``.
///
/// ```swift
/// @MainActor @Observable final class CartModel {
///     let strings: LocalizationManager
///     init(strings: LocalizationManager) { self.strings = strings }
///     var title: String { strings.table(in: "Checkout").string(forKey: "cart.title") }
/// }
/// // SwiftUI (Apple platforms): Text(model.title) re-renders after strings.setPreferredLanguages(["fr"]).
/// ```
@MainActor
@Observable
public final class LocalizationManager {
    public let localizer: Localizer
    /// Most preferred first.
    public private(set) var preferredLanguages: [String]
    /// Reading it makes a view depend on the strings.
    public private(set) var revision = 0

    /// So the Localizer's notification of a change made here does not count twice (held, not compared by address:
    /// a freed snapshot's address can come back).
    @ObservationIgnored private var published: LocalizerSnapshot
    @ObservationIgnored private var observation: ObservationToken?

    /// Keep the manager as long as views read it.
    public init(localizer: Localizer) {
        self.localizer = localizer
        preferredLanguages = localizer.preferredLanguages
        published = localizer.snapshot
        observation = localizer.addObserver { [weak self] in
            Task { @MainActor in self?.refresh() }
        }
    }

    /// A tracked read.
    public func table(_ table: String = "Localizable", in module: String) -> LocalizedTable {
        _ = revision
        return localizer.table(table, in: module)
    }

    /// ``Localizer/bundle(for:cacheDirectory:)`` for the current snapshot; a tracked read.
    public func bundle(for module: String, cacheDirectory: URL? = nil) -> Bundle? {
        _ = revision
        return localizer.bundle(for: module, cacheDirectory: cacheDirectory)
    }

    /// Views that read strings render again.
    public func setPreferredLanguages(_ languages: [String]) {
        localizer.setPreferredLanguages(languages)
        refresh()
    }

    /// Views that read strings render again. False, changing nothing, when the snapshot belongs to another build.
    @discardableResult
    public func applyPendingUpdates(_ store: StoreSnapshot) -> Bool {
        let applied = localizer.applyPendingUpdates(store)
        if applied { refresh() }
        return applied
    }

    private func refresh() {
        let current = localizer.snapshot
        guard current !== published else { return }
        published = current
        preferredLanguages = localizer.preferredLanguages
        revision &+= 1
    }
}
