import Foundation
import Testing
@testable import OverlayCore

/// Which layer and locale answer: overlay ▸ shipped per locale of the chain, per key.
@Suite struct LocalizerChainTests {
    /// Shipped en + fr + fr-CA (partial) with a dev-only key; the overlay has fr and a locale the build lacks (it).
    static let shipped = ResolverFixtures.catalog([
        "en": ["title": "Title", "subtitle": "Subtitle", "greet": "Hello, %@!", "devOnly": "Dev only"],
        "fr": ["title": "Titre", "subtitle": "Sous-titre", "greet": "Bonjour, %@ !"],
        "fr-CA": ["title": "Titre (CA)"],
    ])

    struct Store {
        let root: URL
        let snapshot: StoreSnapshot
    }

    static func store(sourceHash: String = shipped.sourceHash) throws -> Store {
        let root = try ResolverFixtures.temporaryDirectory()
        let revision = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "aa11", revision: 7,
            tables: [
                "fr": ["subtitle": "Sous-titre (overlay)", "unknownToShipped": "ignored"],
                "it": ["title": "Titolo"],
            ])
        return Store(root: root, snapshot: StoreSnapshot(appVersion: "1.0", sourceHash: sourceHash, modules: ["M": revision]))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var preferences: [String]
        var key: String
        var text: String
        var layer: ResolutionLayer
        var locale: String?
        var revision: Int?
        var testDescription: String { "\(preferences) \(key) → \(layer) \(locale ?? "-")" }
    }

    static let cases: [Case] = [
        // overlay fr over shipped fr over shipped en
        Case(preferences: ["fr"], key: "subtitle", text: "Sous-titre (overlay)", layer: .overlay, locale: "fr", revision: 7),
        Case(preferences: ["fr"], key: "title", text: "Titre", layer: .shipped, locale: "fr"),
        Case(preferences: ["fr"], key: "devOnly", text: "Dev only", layer: .shipped, locale: "en"),
        // fr-CA → fr per key, the overlay's fr beating the shipped fr
        Case(preferences: ["fr-CA"], key: "title", text: "Titre (CA)", layer: .shipped, locale: "fr-CA"),
        Case(preferences: ["fr-CA"], key: "subtitle", text: "Sous-titre (overlay)", layer: .overlay, locale: "fr", revision: 7),
        Case(preferences: ["fr-CA"], key: "greet", text: "Bonjour, %@ !", layer: .shipped, locale: "fr"),
        // a locale only the overlay has
        Case(preferences: ["it-IT", "fr"], key: "title", text: "Titolo", layer: .overlay, locale: "it", revision: 7),
        Case(preferences: ["it"], key: "subtitle", text: "Subtitle", layer: .shipped, locale: "en"),
        // a key the shipped development catalog lacks is never loaded from the overlay
        Case(preferences: ["fr"], key: "unknownToShipped", text: "unknownToShipped", layer: .miss, locale: nil),
        // an unmatched preference falls to the development region
        Case(preferences: ["ja"], key: "title", text: "Title", layer: .shipped, locale: "en"),
    ]

    @Test("per-key chain", arguments: cases)
    func chain(_ test: Case) throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store.root) }
        let localizer = Localizer(catalog: Self.shipped, store: store.snapshot, preferredLanguages: test.preferences)
        let handle = localizer.table(in: "M")
        #expect(handle.string(forKey: test.key) == test.text)
        let resolution = localizer.table(in: "M").resolve(test.key)
        #expect(resolution.layer == test.layer)
        #expect(resolution.locale == test.locale)
        #expect(resolution.revision == test.revision)
    }

    @Test func chainListsEveryLocaleSearched() throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store.root) }
        let localizer = Localizer(catalog: Self.shipped, store: store.snapshot, preferredLanguages: ["fr-CA"])
        #expect(localizer.table(in: "M").resolve("title").chain == ["fr-CA", "fr", "en"])
        #expect(localizer.table(in: "M").chain == ["fr-CA", "fr", "en"])
    }

    @Test func snapshotForAnotherSourceHashIsIgnoredAndCounted() throws {
        let store = try Self.store(sourceHash: "sha256:" + String(repeating: "0", count: 64))
        defer { try? FileManager.default.removeItem(at: store.root) }
        let localizer = Localizer(catalog: Self.shipped, store: store.snapshot, preferredLanguages: ["fr"])
        #expect(localizer.table(in: "M").string(forKey: "subtitle") == "Sous-titre")
        #expect(localizer.table(in: "M").resolve("subtitle").layer == .shipped)
        #expect(localizer.stats.ignoredRevisions == 1)
        #expect(localizer.activeRevisions.isEmpty)
        let bundle = localizer.bundle(for: "M", cacheDirectory: store.root.appendingPathComponent("caches"))
        #expect(bundle?.localizedString(forKey: "subtitle", value: nil, table: nil) == "Sous-titre")
    }

    @Test func unreadableRevisionDirectoryFallsBackToShippedAndIsCounted() {
        let missing = ActiveRevision(
            module: "M", sha256: "bb22", revision: 3, path: "/nonexistent/overlay/M/bb22")
        let store = StoreSnapshot(appVersion: "1.0", sourceHash: Self.shipped.sourceHash, modules: ["M": missing])
        let localizer = Localizer(catalog: Self.shipped, store: store, preferredLanguages: ["fr"])
        #expect(localizer.table(in: "M").string(forKey: "subtitle") == "Sous-titre")
        #expect(localizer.stats.ignoredRevisions == 1)
    }

    @Test func noStoreMeansShippedOnly() {
        let localizer = Localizer(catalog: Self.shipped, preferredLanguages: ["fr"])
        #expect(localizer.table(in: "M").resolve("subtitle").layer == .shipped)
        #expect(localizer.stats == LocalizerStats())
    }

    @Test func baseLprojServesTheDevelopmentRegion() {
        let localizer = Localizer(catalog: ResolverFixtures.sampleCatalog, preferredLanguages: ["fr-CA"])
        let main = localizer.table("Main", in: "App")
        let resolution = localizer.table("Main", in: "App").resolve("Xa3-bc-1.title")
        #expect(resolution.layer == .shipped)
        #expect(main.chain.last == "en")
        let english = Localizer(catalog: ResolverFixtures.sampleCatalog, preferredLanguages: ["en"])
        #expect(english.table("Main", in: "App").resolve("Xa3-bc-1.title").locale == "en")
    }

    @Test func anUnknownModuleHasNoBundle() throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store.root) }
        let localizer = Localizer(catalog: Self.shipped, store: store.snapshot, preferredLanguages: ["fr"])
        #expect(localizer.bundle(for: "Other", cacheDirectory: store.root.appendingPathComponent("caches")) == nil)
    }
}

/// What a total miss shows, and what is counted.
@Suite struct LocalizerMissTests {
    static let catalog = ResolverFixtures.catalog(["en": ["title": "Title", "count": "%ld left"]])

    @Test func developmentShowsTheSentinel() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .development)
        let handle = localizer.table(in: "M")
        #expect(handle.string(forKey: "nope") == "⟦M/Localizable:nope⟧")
        #expect(handle.string(forKey: "nope", default: "Fallback") == "⟦M/Localizable:nope⟧")
        #expect(handle.format("nope", [1]) == "⟦M/Localizable:nope⟧")
        #expect(localizer.table("Errors", in: "Other").string(forKey: "k") == "⟦Other/Errors:k⟧")
        #expect(localizer.stats.misses == 4)
    }

    @Test func productionShowsTheDefaultOrTheKey() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"], mode: .production)
        let handle = localizer.table(in: "M")
        #expect(handle.string(forKey: "nope") == "nope")
        #expect(handle.string(forKey: "nope", default: "Fallback") == "Fallback")
        #expect(handle.format("nope", [1], default: "%ld verbatim") == "%ld verbatim")
        let resolution = handle.resolve("nope")
        #expect(resolution.layer == .miss)
        #expect(resolution.value == .string("nope"))
        #expect(localizer.stats.misses == 4)
        #expect(localizer.stats.renderErrors == 0)
    }

    @Test func hitsAreNotCounted() {
        let localizer = Localizer(catalog: Self.catalog, preferredLanguages: ["en"])
        let handle = localizer.table(in: "M")
        #expect(handle.string(forKey: "title") == "Title")
        #expect(handle.format("count", [3]) == "3 left")
        #expect(localizer.stats == LocalizerStats())
    }
}

/// A module that ships only translations (its English lives in code): an overlay still answers its keys.
@Suite struct TranslationsOnlyModuleTests {
    @Test func anOverlayAnswersKeysOnlyTranslationsShip() throws {
        let shipped = ResolverFixtures.catalog([
            "de": ["saved": "%@ gespeichert", "done": "Fertig"],
            "fr": ["saved": "%@ enregistré"],
        ])
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let revision = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "cc33", revision: 2,
            tables: ["de": ["saved": "%@ wurde gespeichert", "neverShipped": "ignored"], "fr": ["done": "Terminé"]])
        let store = StoreSnapshot(appVersion: "1.0", sourceHash: shipped.sourceHash, modules: ["M": revision])
        let german = Localizer(catalog: shipped, store: store, preferredLanguages: ["de"]).table(in: "M")
        #expect(german.format("saved", ["Foto"]) == "Foto wurde gespeichert")
        #expect(german.string(forKey: "neverShipped", default: "-") == "-")
        // A key only de ships may be answered by the fr overlay too: the code asks for it in every language.
        let french = Localizer(catalog: shipped, store: store, preferredLanguages: ["fr"]).table(in: "M")
        #expect(french.string(forKey: "done") == "Terminé")
        #expect(french.resolve("done").layer == .overlay)
    }
}
