import Foundation
import Synchronization
import Testing
@testable import OverlayCore

/// Runtime language switching, pending updates, observers, and concurrent reads while both happen.
@Suite struct LocalizerSnapshotTests {
    static let shipped = ResolverFixtures.catalog([
        "en": ["title": "Title", "count": "%ld items"],
        "fr": ["title": "Titre", "count": "%ld articles"],
        "de": ["title": "Titel"],
    ])

    static func revisions(_ root: URL) throws -> (StoreSnapshot, StoreSnapshot) {
        let first = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "aa", revision: 1, tables: ["fr": ["title": "Titre v1"]])
        let second = try ResolverFixtures.revision(
            in: root, module: "M", sha256: "bb", revision: 2, tables: ["fr": ["title": "Titre v2"]])
        let hash = shipped.sourceHash
        return (
            StoreSnapshot(appVersion: "1", sourceHash: hash, modules: ["M": first]),
            StoreSnapshot(appVersion: "1", sourceHash: hash, modules: ["M": second])
        )
    }

    @Test func languageSwitchPublishesANewSnapshotAndNotifies() {
        let localizer = Localizer(catalog: Self.shipped, preferredLanguages: ["en"])
        let calls = ResolverTestCounter()
        let token = localizer.addObserver { calls.increment() }
        let old = localizer.table(in: "M")
        localizer.setPreferredLanguages(["fr"])
        #expect(calls.value == 1)
        #expect(old.string(forKey: "title") == "Title")  // handles keep their snapshot
        #expect(localizer.table(in: "M").string(forKey: "title") == "Titre")
        #expect(localizer.preferredLanguages == ["fr"])
        token.cancel()
        localizer.setPreferredLanguages(["de"])
        #expect(calls.value == 1)
        #expect(localizer.table(in: "M").string(forKey: "count") == "%ld items")  // de lacks it: en per key
    }

    @Test func releasingTheTokenEndsTheObservation() {
        let localizer = Localizer(catalog: Self.shipped, preferredLanguages: ["en"])
        let calls = ResolverTestCounter()
        do {
            let token = localizer.addObserver { calls.increment() }
            withExtendedLifetime(token) { localizer.setPreferredLanguages(["fr"]) }
        }
        localizer.setPreferredLanguages(["de"])
        #expect(calls.value == 1)
    }

    @Test func pendingUpdatesApplyOnlyWhenAsked() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (first, second) = try Self.revisions(root)
        let localizer = Localizer(catalog: Self.shipped, store: first, preferredLanguages: ["fr"])
        let calls = ResolverTestCounter()
        let token = localizer.addObserver { calls.increment() }
        let before = localizer.table(in: "M")
        #expect(before.string(forKey: "title") == "Titre v1")
        #expect(localizer.applyPendingUpdates(second))
        #expect(calls.value == 1)
        #expect(before.string(forKey: "title") == "Titre v1")
        #expect(localizer.table(in: "M").string(forKey: "title") == "Titre v2")
        #expect(localizer.table(in: "M").resolve("title").revision == 2)
        let bundle = localizer.bundle(for: "M", cacheDirectory: root.appendingPathComponent("caches"))
        #expect(bundle?.localizedString(forKey: "title", value: nil, table: nil) == "Titre v2")
        // languages survive an update, and updates survive a language switch
        localizer.setPreferredLanguages(["fr-CA"])
        #expect(localizer.table(in: "M").string(forKey: "title") == "Titre v2")
        withExtendedLifetime(token) {}
    }

    @Test func pendingUpdateForAnotherBuildIsRefused() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (first, second) = try Self.revisions(root)
        let localizer = Localizer(catalog: Self.shipped, store: first, preferredLanguages: ["fr"])
        var foreign = second
        foreign.sourceHash = "sha256:" + String(repeating: "f", count: 64)
        #expect(!localizer.applyPendingUpdates(foreign))
        #expect(localizer.table(in: "M").string(forKey: "title") == "Titre v1")
        #expect(localizer.stats.ignoredRevisions == 1)
    }

    @Test func handlesAreCachedPerSnapshot() {
        let localizer = Localizer(catalog: Self.shipped, preferredLanguages: ["en"])
        #expect(localizer.table(in: "M") === localizer.table(in: "M"))
        let before = localizer.table(in: "M")
        localizer.setPreferredLanguages(["en"])
        #expect(localizer.table(in: "M") !== before)
    }

    /// Many readers while a writer switches languages and applies updates; run under
    /// `swift test --sanitize=thread --filter Localizer`. Every read must be one of the published answers.
    @Test func concurrentReadsWhileSwitching() async throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (first, second) = try Self.revisions(root)
        let localizer = Localizer(catalog: Self.shipped, store: first, preferredLanguages: ["en"])
        let notifications = ResolverTestCounter()
        let token = localizer.addObserver { notifications.increment() }
        let allowed: Set<String> = ["Title", "Titre", "Titel", "Titre v1", "Titre v2"]
        let unexpected = ResolverTestCounter()
        await withTaskGroup(of: Void.self) { group in
            for reader in 0..<6 {
                group.addTask {
                    var handle = localizer.table(in: "M")
                    for iteration in 0..<2_000 {
                        if iteration % 50 == 0 { handle = localizer.table(in: "M") }
                        if !allowed.contains(handle.string(forKey: "title")) { unexpected.increment() }
                        let count = handle.format("count", [.int(Int64(iteration))])
                        if !count.hasPrefix("\(iteration) ") { unexpected.increment() }
                        _ = localizer.table(in: "M").resolve("title")
                        _ = localizer.stats
                        if reader == 0, iteration % 100 == 0 {
                            _ = localizer.bundle(for: "M", cacheDirectory: root.appendingPathComponent("caches"))
                        }
                    }
                }
            }
            group.addTask {
                let languages = [["fr"], ["de"], ["en"], ["fr-CA"]]
                for step in 0..<200 {
                    localizer.setPreferredLanguages(languages[step % languages.count])
                    localizer.applyPendingUpdates(step % 2 == 0 ? second : first)
                }
            }
        }
        #expect(unexpected.value == 0)
        #expect(notifications.value == 400)
        #expect(localizer.stats.renderErrors == 0)
        withExtendedLifetime(token) {}
    }
}

/// A handle's values are built on their keys' first lookups, from whichever thread looks first: racing threads
/// must all get the one value that won, and its renders. Run under ThreadSanitizer by `scripts/tsan.sh Localizer`.
@Suite struct LocalizerFirstLookupTests {
    @Test func concurrentFirstLookupsShareOneValue() async throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var english: [String: String] = [:]
        var french: [String: String] = [:]
        for index in 0..<400 {
            english["key\(index)"] = "%ld item \(index)"
            if index % 2 == 0 { french["key\(index)"] = "%ld article \(index)" }
        }
        let shipped = ResolverFixtures.catalog(["en": english, "fr": ["key1": "%ld article 1 (shipped)"]])
        let revision = try ResolverFixtures.revision(in: root, module: "M", sha256: "ff", revision: 9, tables: ["fr": french])
        let store = StoreSnapshot(appVersion: "1", sourceHash: shipped.sourceHash, modules: ["M": revision])
        let localizer = Localizer(catalog: shipped, store: store, preferredLanguages: ["fr"])
        let handle = localizer.table(in: "M")
        let keys = english.keys.sorted()
        let seen = await withTaskGroup(of: [ObjectIdentifier?].self) { group in
            for reader in 0..<8 {
                group.addTask {
                    var identities = [ObjectIdentifier?](repeating: nil, count: keys.count)
                    for step in keys.indices {
                        let index = (step + reader * 37) % keys.count  // readers start at different keys
                        identities[index] = handle.value(forKey: keys[index]).map(ObjectIdentifier.init)
                        _ = handle.format(keys[index], [.int(Int64(index))])
                    }
                    return identities
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seen.count == 8 && seen.allSatisfy { $0 == seen[0] } && !seen[0].contains(nil))
        let reference = localizer.snapshot.referenceValues("Localizable", in: "M")
        for (index, key) in keys.enumerated() {
            let text = try #require(reference[key]?.text)
            #expect(handle.string(forKey: key) == text)
            #expect(handle.format(key, [.int(Int64(index))]) == text.replacingOccurrences(of: "%ld", with: "\(index)"))
        }
        #expect(localizer.stats == LocalizerStats())
    }
}

/// A thread-safe counter that escaping closures can capture.
final class ResolverTestCounter: Sendable {
    private let storage = Atomic<Int>(0)

    func increment() { storage.wrappingAdd(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}
