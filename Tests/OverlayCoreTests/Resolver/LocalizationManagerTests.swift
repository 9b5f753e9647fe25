import Foundation
import Observation
import Testing
@testable import OverlayCore

/// A view model as a SwiftUI view would read it: its `title` goes through the manager.
@MainActor @Observable final class CartModel {
    let strings: LocalizationManager
    init(strings: LocalizationManager) { self.strings = strings }
    var title: String { strings.table(in: "M").string(forKey: "title") }
}

/// SwiftUI sees new text after a language switch or applied updates, without a restart: the tracked read of a view
/// model is invalidated (Observation's `withObservationTracking`, what SwiftUI runs a view's `body` in).
@MainActor @Suite struct LocalizationManagerTests {
    static let shipped = ResolverFixtures.catalog([
        "en": ["title": "Title"], "fr": ["title": "Titre"], "de": ["title": "Titel"],
    ])

    /// Reads `model.title` tracked; the counter moves when the read is invalidated.
    static func track(_ model: CartModel, _ changes: ResolverTestCounter) -> String {
        withObservationTracking { model.title } onChange: { changes.increment() }
    }

    @Test func aLanguageSwitchInvalidatesATrackedRead() {
        let manager = LocalizationManager(localizer: Localizer(catalog: Self.shipped, preferredLanguages: ["en"]))
        let model = CartModel(strings: manager)
        let changes = ResolverTestCounter()
        #expect(Self.track(model, changes) == "Title")
        manager.setPreferredLanguages(["fr"])
        #expect(changes.value == 1)
        #expect(model.title == "Titre")
        #expect(manager.preferredLanguages == ["fr"])
        #expect(manager.revision == 1)
    }

    @Test func applyingAPendingUpdateInvalidatesATrackedRead() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let revision = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "dd44", revision: 3, tables: ["fr": ["title": "Titre (corrigé)"]])
        let manager = LocalizationManager(localizer: Localizer(catalog: Self.shipped, preferredLanguages: ["fr"]))
        let model = CartModel(strings: manager)
        let changes = ResolverTestCounter()
        #expect(Self.track(model, changes) == "Titre")
        let foreign = StoreSnapshot(appVersion: "1.0", sourceHash: "sha256:" + String(repeating: "e", count: 64), modules: ["M": revision])
        #expect(!manager.applyPendingUpdates(foreign))
        #expect(changes.value == 0)
        #expect(manager.applyPendingUpdates(StoreSnapshot(appVersion: "1.0", sourceHash: Self.shipped.sourceHash, modules: ["M": revision])))
        #expect(changes.value == 1)
        #expect(model.title == "Titre (corrigé)")
    }

    /// A change made on the Localizer itself, on another thread (the sync's kill switch clears it from its actor),
    /// reaches the view through the Localizer's observer.
    @Test func aChangeMadeOnTheLocalizerElsewhereReachesTheView() async {
        let localizer = Localizer(catalog: Self.shipped, preferredLanguages: ["en"])
        let manager = LocalizationManager(localizer: localizer)
        let model = CartModel(strings: manager)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = withObservationTracking { model.title } onChange: { done.resume() }
            Task.detached { localizer.setPreferredLanguages(["de"]) }
        }
        #expect(model.title == "Titel")
        #expect(manager.revision == 1)
    }

    /// The Localizer also tells the manager of a change the manager made: it must not count twice.
    @Test func aChangeMadeThroughTheManagerCountsOnce() async {
        let manager = LocalizationManager(localizer: Localizer(catalog: Self.shipped, preferredLanguages: ["en"]))
        let model = CartModel(strings: manager)
        manager.setPreferredLanguages(["fr"])
        let changes = ResolverTestCounter()
        #expect(Self.track(model, changes) == "Titre")
        // The observer's hop to the main actor was queued before this yield: it has run when the yield returns.
        for _ in 0..<3 { await Task.yield() }
        #expect(changes.value == 0)
        #expect(manager.revision == 1)
    }

    @Test func theBundleIsATrackedReadToo() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = LocalizationManager(localizer: Localizer(catalog: Self.shipped, preferredLanguages: ["en"]))
        let changes = ResolverTestCounter()
        let english = withObservationTracking { manager.bundle(for: "M", cacheDirectory: root) } onChange: { changes.increment() }
        #expect(english?.localizedString(forKey: "title", value: nil, table: nil) == "Title")
        manager.setPreferredLanguages(["fr"])
        #expect(changes.value == 1)
        #expect(manager.bundle(for: "M", cacheDirectory: root)?.localizedString(forKey: "title", value: nil, table: nil) == "Titre")
    }
}
