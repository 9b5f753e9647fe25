import Foundation
@testable import OverlayCore
import OverlayPublishing
import Testing
@testable import OverlayTools

/// `Localizer.explain`: each reason, and the layer outcomes behind it.
@Suite("Localizer.explain: why a key shows what it shows")
struct ExplanationTests {
    /// A store for the fixture catalog with module M at revision `revision` holding `fr` strings.
    static func store(_ workspace: InspectWorkspace, fr: [String: String], revision: Int = 2, sha: Character = "b",
                      sourceHash: String = InspectWorkspace.catalog.sourceHash) throws -> ActiveRevision {
        let store = try OverlayStore.open(at: workspace.store, appVersion: "1.0", sourceHash: sourceHash)
        try store.activate(module: "M", sha256: InspectWorkspace.sha(sha), revision: revision,
                           files: ["fr.lproj/Localizable.strings": InspectWorkspace.strings(fr)])
        return try #require(store.snapshot().modules["M"])
    }

    static func localizer(_ revisions: [String: ActiveRevision], sourceHash: String = InspectWorkspace.catalog.sourceHash,
                          locales: [String] = ["fr"], mode: Localizer.Mode = .production) -> Localizer {
        Localizer(catalog: InspectWorkspace.catalog,
                  store: StoreSnapshot(appVersion: "1.0", sourceHash: sourceHash, modules: revisions),
                  preferredLanguages: locales, mode: mode)
    }

    @Test func anActiveOverlayAnswers() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let revision = try Self.store(workspace, fr: ["greeting": "Coucou"])
        let why = Self.localizer(["M": revision]).explain("greeting", module: "M")
        #expect(why.reason == .overlay)
        #expect(why.shown == "Coucou")
        #expect(why.chain == ["fr", "en"])
        #expect(why.steps.first == .init(locale: "fr", layer: .overlay, outcome: .answered, value: "Coucou", revision: 2))
        #expect(why.steps[1] == .init(locale: "fr", layer: .shipped, outcome: .shadowed, value: "Bonjour", revision: nil))
        #expect(why.sentence.contains("overlay revision 2"))
    }

    @Test func anOverlayWithoutTheKeyFallsToShipped() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let revision = try Self.store(workspace, fr: ["greeting": "Coucou"])
        let why = Self.localizer(["M": revision]).explain("farewell", module: "M")
        #expect(why.reason == .overlayLacksKey)
        #expect(why.shown == "Bye")
        #expect(why.steps.map(\.outcome) == [.keyAbsent, .keyAbsent, .localeAbsent, .answered])
        #expect(why.sentence.contains("has no value for farewell"))
    }

    @Test func aStoreForAnotherCatalogIsIgnored() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let revision = try Self.store(workspace, fr: ["greeting": "Coucou"], sourceHash: InspectWorkspace.sourceHash)
        let why = Self.localizer(["M": revision], sourceHash: InspectWorkspace.sourceHash).explain("greeting", module: "M")
        #expect(why.reason == .overlayIgnoredSourceHash)
        #expect(why.shown == "Bonjour")
        #expect(why.steps.first?.outcome == .noRevision)
        #expect(why.sentence.contains(InspectWorkspace.sourceHash))
    }

    @Test func aPendingRevisionShowsAtTheNextLaunch() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let old = try Self.store(workspace, fr: ["greeting": "Salut"], revision: 1, sha: "a")
        let new = try Self.store(workspace, fr: ["greeting": "Coucou"], revision: 2, sha: "b")
        let localizer = Self.localizer(["M": old])
        let why = localizer.explain("greeting", module: "M", pending: new, withdrawn: nil)
        #expect(why.reason == .pendingNextLaunch)
        #expect(why.shown == "Salut")
        #expect(why.pendingValue == "Coucou")
        #expect(why.sentence.contains("next launch"))
        // The same revision pending and served is not pending.
        #expect(Self.localizer(["M": new]).explain("greeting", module: "M", pending: new, withdrawn: nil).reason == .overlay)
        #expect(localizer.stats.misses == 0)
    }

    @Test func aWithdrawnOverlaySaysWhy() {
        let why = Self.localizer([:]).explain("greeting", module: "M", pending: nil, withdrawn: "revoked in manifest revision 4")
        #expect(why.reason == .overlayWithdrawn)
        #expect(why.sentence.contains("revoked in manifest revision 4"))
        #expect(Self.localizer([:]).explain("greeting", module: "M").reason == .noOverlay)
    }

    @Test func aMissShowsTheSentinelInDevelopment() {
        let why = Self.localizer([:], mode: .development).explain("nowhere", module: "M")
        #expect(why.reason == .miss)
        #expect(why.shown == "⟦M/Localizable:nowhere⟧")
        #expect(why.steps.allSatisfy { $0.outcome != .answered })
    }

    @Test func aKeyOnlyOutsideTheChainIsNamed() throws {
        let catalog = Catalog(modules: ["M": InspectWorkspace.module(["en": ["a": "A"], "de": ["only.de": "Nur"]])])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["fr"], mode: .production)
        let why = localizer.explain("only.de", module: "M")
        #expect(why.reason == .localeNotInChain)
        #expect(why.otherLocales == ["de"])
    }

    /// A Russian plural the client rejects (no `other`, and no `many` for 5): before, the layer read "key-absent" while
    /// publish said devices keep the shipped value.
    @Test func aRejectedEntrySaysSoAndWhatShowsInstead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func plural(_ forms: String) -> String {
            "<plist version=\"1.0\"><dict><key>spaces</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string>\(forms)</dict></dict></dict></plist>"
        }
        for (locale, forms) in [("en", "<key>one</key><string>%d Space</string><key>other</key><string>%d Spaces</string>"),
                                ("ru", "<key>one</key><string>%d пространство</string>")] {
            let folder = root.appendingPathComponent("M/\(locale).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(plural(forms).utf8).write(to: folder.appendingPathComponent("Localizable.stringsdict"))
        }
        let catalog = try CatalogLoader.load(at: root, mode: .lenient).catalog
        let why = Localizer(catalog: catalog, preferredLanguages: ["ru"], mode: .production).explain("spaces", module: "M")
        let rejected = try #require(why.steps.first { $0.locale == "ru" && $0.layer == .shipped })
        #expect(rejected.outcome == .rejected)
        #expect(rejected.rejection == "plural.missing-other")
        #expect(why.reason == .entryRejected)
        #expect(why.resolution.locale == "en")
        #expect(why.sentence.contains("shipped ru entry of M/Localizable:spaces is rejected (plural.missing-other"))
        #expect(why.sentence.contains("the app shows the next layer's value"), "\(why.sentence)")
        #expect(why.sentence.contains("(shipped en)"), "\(why.sentence)")
        #expect(ExplanationText.lines(why).contains("  ru shipped: rejected: plural.missing-other"))
    }

    @Test func anOverlayKeyTheBuildLacksIsNeverLoaded() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let revision = try Self.store(workspace, fr: ["brand.new": "Nouveau"])
        let why = Self.localizer(["M": revision]).explain("brand.new", module: "M")
        #expect(why.reason == .keyUnknownToBuild)
        #expect(why.steps.first?.outcome == .keyUnknownToBuild)
    }
}
