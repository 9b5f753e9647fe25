public import Foundation
public import Observation

/// The ``Localizer`` as SwiftUI reads it: an `@Observable` object whose ``revision`` moves whenever the Localizer
/// publishes a new snapshot (a language switch, pending updates applied), so every view that read a string through it
/// renders again, without a restart.
///
/// Read strings through ``table(_:in:)`` or ``bundle(for:)`` in a view's `body`: the read is tracked. Switch languages
/// and apply updates through the manager, or through the Localizer itself (from any thread: the manager hears its
/// observer and moves ``revision`` on the main actor). UIKit code keeps ``Localizer/addObserver(_:)``.
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
    /// The Localizer this manager publishes.
    public let localizer: Localizer
    /// The current preferred languages, most preferred first.
    public private(set) var preferredLanguages: [String]
    /// Moves by one each time the Localizer publishes a new snapshot; reading it makes a view depend on the strings.
    public private(set) var revision = 0

    /// The snapshot the manager last published, so the Localizer's own notification of a change made here does
    /// not count twice (held, not identified by address: a freed snapshot's address can come back).
    @ObservationIgnored private var published: LocalizerSnapshot
    @ObservationIgnored private var observation: ObservationToken?

    /// Publishes `localizer`; keep the manager as long as views read it (an app keeps one for its lifetime).
    public init(localizer: Localizer) {
        self.localizer = localizer
        preferredLanguages = localizer.preferredLanguages
        published = localizer.snapshot
        observation = localizer.addObserver { [weak self] in
            Task { @MainActor in self?.refresh() }
        }
    }

    /// The handle for one table of the current snapshot; a tracked read.
    public func table(_ table: String = "Localizable", in module: String) -> LocalizedTable {
        _ = revision
        return localizer.table(table, in: module)
    }

    /// ``Localizer/bundle(for:)`` for the current snapshot (under `cacheDirectory` when given); a tracked read.
    public func bundle(for module: String, cacheDirectory: URL? = nil) -> Bundle? {
        _ = revision
        guard let cacheDirectory else { return localizer.bundle(for: module) }
        return localizer.bundle(for: module, cacheDirectory: cacheDirectory)
    }

    /// Switches languages (an in-app language picker): views that read strings render again.
    public func setPreferredLanguages(_ languages: [String]) {
        localizer.setPreferredLanguages(languages)
        refresh()
    }

    /// Applies the store's newly activated revisions now: views that read strings render again. False, changing
    /// nothing, when the snapshot belongs to another build.
    @discardableResult
    public func applyPendingUpdates(_ store: StoreSnapshot) -> Bool {
        let applied = localizer.applyPendingUpdates(store)
        if applied { refresh() }
        return applied
    }

    /// Moves ``revision`` when the Localizer's snapshot is not the one last published.
    private func refresh() {
        let current = localizer.snapshot
        guard current !== published else { return }
        published = current
        preferredLanguages = localizer.preferredLanguages
        revision &+= 1
    }
}
