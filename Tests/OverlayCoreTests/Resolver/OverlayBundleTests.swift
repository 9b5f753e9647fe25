import Foundation
import OverlayTestSupport
import Testing
@testable import OverlayCore

/// `Localizer.bundle(for:)` read through Foundation's own `Bundle` (issue 24): per-key fallback to the shipped value,
/// the Localizer's languages, a new path per content, an atomic write, nil on any failure.
@Suite struct OverlayBundleTests {
    /// Shipped en + fr + fr-CA (partial) and plurals; the overlay (revision 7) has fr `subtitle` only.
    static let shipped = ResolverFixtures.catalog(
        [
            "en": ["title": "Title", "subtitle": "Subtitle", "devOnly": "Dev only"],
            "fr": ["title": "Titre", "subtitle": "Sous-titre"],
            "fr-CA": ["title": "Titre (CA)"],
        ],
        plurals: [
            "en": ["items": ResolverFixtures.plural([.one: "%ld item", .other: "%ld items"])],
            "fr": ["items": ResolverFixtures.plural([.one: "%ld article", .many: "%ld d’articles", .other: "%ld articles"])],
        ])

    struct Fixture {
        let root: URL
        let store: StoreSnapshot
        var cache: URL { root.appendingPathComponent("caches") }

        init(revision: Int = 7, subtitle: String = "Sous-titre (overlay)") throws {
            root = try ResolverFixtures.temporaryDirectory()
            let active = try ResolverFixtures.revision(
                in: root, module: "M", sha256: "rev\(revision)", revision: revision, tables: ["fr": ["subtitle": subtitle]])
            store = StoreSnapshot(appVersion: "1.0", sourceHash: OverlayBundleTests.shipped.sourceHash, modules: ["M": active])
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// A Localizer over this store's snapshot.
        func localizer(_ languages: [String]) -> Localizer {
            Localizer(catalog: OverlayBundleTests.shipped, store: store, preferredLanguages: languages)
        }

        /// `localizer`'s bundle of module `M`, written under this fixture's caches.
        func bundle(_ localizer: Localizer) -> Bundle? { localizer.bundle(for: "M", cacheDirectory: cache) }
    }

    static func text(_ bundle: Bundle?, _ key: String) -> String? {
        bundle?.localizedString(forKey: key, value: "«missing»", table: nil)
    }

    @Test func aKeyOnlyTheShippedTableHasIsServedThroughTheBundle() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["fr"])
        let bundle = try #require(fixture.bundle(localizer))
        #expect(Self.text(bundle, "subtitle") == "Sous-titre (overlay)")  // the overlay
        #expect(Self.text(bundle, "title") == "Titre")  // only the shipped fr table has it
        #expect(Self.text(bundle, "devOnly") == "Dev only")  // only the development language has it
        #expect(Self.text(bundle, "nope") == "«missing»")
    }

    @Test func theBundleFollowsSetPreferredLanguages() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["en"])
        let english = try #require(fixture.bundle(localizer))
        #expect(Self.text(english, "title") == "Title")
        localizer.setPreferredLanguages(["fr-CA"])
        let french = try #require(fixture.bundle(localizer))
        #expect(Self.text(french, "title") == "Titre (CA)")
        #expect(Self.text(french, "subtitle") == "Sous-titre (overlay)")  // fr-CA → fr, per key
        #expect(french.bundleURL.lastPathComponent == "fr-CA.lproj")
        #expect(french.bundleURL != english.bundleURL)
        // The bundle handed out before keeps its text: strings never change under a user's eyes.
        #expect(Self.text(english, "title") == "Title")
    }

    @Test func aNewRevisionGetsANewPathAndTheSameContentTheSamePath() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["fr"])
        let first = try #require(fixture.bundle(localizer))
        #expect(fixture.bundle(localizer) === first)
        // Another Localizer with the same content finds the folder already written.
        let twin = fixture.localizer(["fr"])
        #expect(fixture.bundle(twin)?.bundleURL == first.bundleURL)

        let next = try Fixture(revision: 8, subtitle: "Sous-titre (v8)")
        defer { next.remove() }
        #expect(localizer.applyPendingUpdates(next.store))
        let second = try #require(fixture.bundle(localizer))
        #expect(second.bundleURL != first.bundleURL)
        #expect(Self.text(second, "subtitle") == "Sous-titre (v8)")
        #expect(Self.text(first, "subtitle") == "Sous-titre (overlay)")
    }

    /// Bundle on Linux crashes on a `.stringsdict` key (ENVIRONMENT.md): the plural entries are read back from the
    /// written files with Foundation's parser and this project's reader instead.
    @Test func pluralEntriesAreWrittenAsTheLocalizerResolvesThem() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["fr-CA"])
        let bundle = try #require(fixture.bundle(localizer))
        let data = try Data(contentsOf: bundle.bundleURL.appendingPathComponent("Localizable.stringsdict"))
        let entries = try StringsdictReader.read(data)
        #expect(entries == ["items": ResolverFixtures.plural([.one: "%ld article", .many: "%ld d’articles", .other: "%ld articles"])])
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let variable = try #require((foundation["items"] as? [String: Any])?["v"] as? [String: String])
        #expect(variable["many"] == "%ld d’articles")
        #expect(variable["NSStringFormatValueTypeKey"] == "ld")
        let strings = try #require(
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: bundle.bundleURL.appendingPathComponent("Localizable.strings")), format: nil) as? [String: String])
        #expect(strings == ["title": "Titre (CA)", "subtitle": "Sous-titre (overlay)", "devOnly": "Dev only"])
    }

    @Test func aPurgedCacheIsWrittenAgain() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["fr"])
        let first = try #require(fixture.bundle(localizer))
        try FileManager.default.removeItem(at: fixture.cache)
        let again = try #require(fixture.bundle(localizer))
        #expect(again.bundleURL == first.bundleURL)
        #expect(FileManager.default.fileExists(atPath: again.bundleURL.appendingPathComponent("Localizable.strings").path))
    }

    @Test func anUnknownModuleOrAnUnwritableCacheIsNil() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let localizer = fixture.localizer(["fr"])
        #expect(localizer.bundle(for: "Other", cacheDirectory: fixture.cache) == nil)
        try Data("not a folder".utf8).write(to: fixture.cache)
        #expect(fixture.bundle(localizer) == nil)
    }

    /// A failure or a crash at any system call of the write: nil (the app falls back), and what is left is either the
    /// whole folder or none of it; the next call writes it.
    @Test("a fault at any call of the write", arguments: [FaultPlan.Action.fail(errno: EIO), .stop])
    func faultAtEveryCall(_ action: FaultPlan.Action) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let recorder = FaultPlan()
        let reference = fixture.localizer(["fr"])
        let written = try #require(reference.bundle(for: "M", cacheDirectory: fixture.cache, syscalls: .injecting(recorder)))
        let expected = try FileManager.default.contentsOfDirectory(atPath: written.bundleURL.path).sorted()
        let calls = recorder.calls.count
        #expect(calls > 8)
        for occurrence in 1...calls {
            try? FileManager.default.removeItem(at: fixture.cache)
            let plan = FaultPlan([.init(kind: nil, occurrence: occurrence, action: action)])
            let localizer = fixture.localizer(["fr"])
            let bundle = localizer.bundle(for: "M", cacheDirectory: fixture.cache, syscalls: .injecting(plan))
            let complete = FileManager.default.fileExists(atPath: written.bundleURL.path)
            if complete {
                #expect(try FileManager.default.contentsOfDirectory(atPath: written.bundleURL.path).sorted() == expected)
            }
            if bundle != nil { #expect(complete, "call \(occurrence) \(recorder.calls[occurrence - 1])") }
            let recovered = fixture.bundle(localizer)
            #expect(Self.text(recovered, "title") == "Titre", "call \(occurrence)")
        }
    }

    @Test func oldFoldersArePrunedButNoneThisLocalizerHandedOut() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        // Another Localizer (an earlier launch) wrote six folders, one per revision it applied.
        let earlier = fixture.localizer(["fr"])
        var revisions: [Fixture] = []
        defer { revisions.forEach { $0.remove() } }
        for revision in 1...6 {
            revisions.append(try Fixture(revision: revision, subtitle: "Sous-titre v\(revision)"))
            #expect(earlier.applyPendingUpdates(revisions.last!.store))
            _ = try #require(fixture.bundle(earlier))
        }
        let folder = fixture.cache.appendingPathComponent("M")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 6)  // all in use by `earlier`
        let debris = folder.appendingPathComponent(".writing-1-dead")
        try FileManager.default.createDirectory(at: debris, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: debris.path)

        let localizer = fixture.localizer(["fr"])
        let kept = try #require(fixture.bundle(localizer))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == OverlayBundles.keptDirectories)
        #expect(names.contains(kept.bundleURL.deletingLastPathComponent().lastPathComponent))
        #expect(Self.text(kept, "subtitle") == "Sous-titre (overlay)")
    }
}
