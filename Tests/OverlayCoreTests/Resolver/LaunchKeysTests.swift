import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// The keys a store merges at activation (`LaunchKeys`): a handle built from them answers exactly as one merged by
/// hashing, and a section that does not fit — another build, another table, answers that name other keys, a damaged
/// index — is ignored, never trusted.
@Suite struct LaunchKeysTests {
    static let shipped = ResolverFixtures.catalog([
        "en": ["a": "A", "b": "B", "c": "C", "q;": "Q"],
        "fr": ["a": "A (fr)", "extra": "only shipped in fr"],
    ])

    static let overlayText = "\"c\" = \"cc\";\n\"b\" = \"bb\";\n\"a\" = \"aa\";\n\"b\" = \"bb, last\";\n\"q\u{37E}\" = \"qq\";\n"

    /// A revision of M with `fr` overlaid by `text`, its index file made from `indexed` (the same files by default)
    /// with the launch keys of `sectionsFrom` for the build `sourceHash`.
    static func store(
        in root: URL, text: String = overlayText, sectionsFrom: [String: Data]? = nil,
        sourceHash: String = shipped.sourceHash, catalog: Catalog = shipped
    ) throws -> StoreSnapshot {
        let files = ["fr.lproj/Localizable.strings": Data(text.utf8)]
        let directory = root.appendingPathComponent("modules/M/ff")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        try files.values.first!.write(to: directory.appendingPathComponent("fr.lproj/Localizable.strings"))
        let sections = LaunchKeys.sections(of: sectionsFrom ?? files, shipped: catalog.modules["M"]!, sourceHash: sourceHash)
        try #require(OverlayStrings.revisionIndex(of: files, sections: sections))
            .write(to: directory.appendingPathComponent(OverlayStrings.revisionIndexFile))
        let revision = ActiveRevision(module: "M", sha256: "ff", revision: 3, directory: directory)
        return StoreSnapshot(appVersion: "1", sourceHash: catalog.sourceHash, modules: ["M": revision])
    }

    static func handle(_ store: StoreSnapshot, _ preferences: [String] = ["fr"]) -> (LocalizedTable, [String: ResolvedValue]) {
        let localizer = Localizer(catalog: shipped, store: store, preferredLanguages: preferences)
        return (localizer.table(in: "M"), localizer.snapshot.referenceValues("Localizable", in: "M"))
    }

    @Test("a fitting section is used, and answers as the hashed merge does", arguments: [["fr"], ["en"], ["fr-CA", "de"]])
    func fittingSectionAnswers(_ preferences: [String]) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (handle, reference) = Self.handle(try Self.store(in: root), preferences)
        #expect(handle.usesLaunchKeys)
        #expect(LazyValuesTests.differences(handle.values, reference).isEmpty)
        if preferences != ["en"] {  // fr-CA falls back to fr
            #expect(handle.string(forKey: "b") == "bb, last")  // the last duplicate wins
            #expect(handle.string(forKey: "q;") == "qq")  // a canonically equal spelling answers
            #expect(handle.string(forKey: "extra") == "only shipped in fr")
            #expect(handle.resolve("a").layer == .overlay)
        } else {
            #expect(handle.string(forKey: "b") == "B")
            #expect(handle.value(forKey: "extra") == nil)  // in the index, answered by no table of this chain
        }
    }

    /// Each misfit is ignored: the handle is merged by hashing and answers the same.
    @Test("a section that does not fit is ignored", arguments: [
        "another build", "other overlay locale", "a plural the file lacks", "another development region",
    ])
    func misfitSectionIsIgnored(_ misfit: String) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store: StoreSnapshot
        switch misfit {
        case "another build":
            store = try Self.store(in: root, sourceHash: "sha256:" + String(repeating: "0", count: 64))
        case "other overlay locale":
            store = try Self.store(in: root, sectionsFrom: ["de.lproj/Localizable.strings": Data(Self.overlayText.utf8)])
        case "a plural the file lacks":
            let plural = StringsdictWriter.write(["a": ResolverFixtures.plural([.one: "%ld a", .other: "%ld as"])])
            store = try Self.store(in: root, sectionsFrom: [
                "fr.lproj/Localizable.strings": Data(Self.overlayText.utf8), "fr.lproj/Localizable.stringsdict": plural,
            ])
        default:
            var other = Self.shipped
            other.modules["M"]!.developmentRegion = "fr"
            store = try Self.store(in: root, catalog: other)
        }
        let (handle, reference) = Self.handle(store)
        #expect(!handle.usesLaunchKeys)
        #expect(LazyValuesTests.differences(handle.values, reference).isEmpty)
        // With French as the development language only its keys (a, extra) may take an overlay's answer.
        #expect(handle.string(forKey: "b") == (misfit == "another development region" ? "B" : "bb, last"))
    }

    /// Answers made for a table with the same keys in another order name other keys' entries: the handle still takes
    /// the section (checking every key at launch read the whole table), and each key's first lookup finds the
    /// misfit and takes the hashed merge's value instead, so every key answers as the hashed merge does.
    @Test func answersNamingOtherKeysAreCaughtOnLookup() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let swapped = "\"a\" = \"aa\";\n\"b\" = \"bb\";\n\"c\" = \"cc\";\n\"b\" = \"bb, last\";\n\"q\u{37E}\" = \"qq\";\n"
        let store = try Self.store(in: root, sectionsFrom: ["fr.lproj/Localizable.strings": Data(swapped.utf8)])
        let (handle, reference) = Self.handle(store)
        #expect(handle.usesLaunchKeys)
        #expect(handle.string(forKey: "a") == "aa")
        #expect(handle.string(forKey: "b") == "bb, last")
        #expect(handle.string(forKey: "c") == "cc")
        #expect(handle.resolve("c").layer == .overlay)
        #expect(LazyValuesTests.differences(handle.values, reference).isEmpty)
    }

    /// Every truncation and every single-byte change of a section: reading it never traps or hangs, and a handle
    /// built from it never gives a key another key's text (a change the fit checks cannot see may only drop or keep
    /// an answer).
    @Test func damagedSectionsNeverGiveAKeyAnotherKeysText() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["fr.lproj/Localizable.strings": Data(Self.overlayText.utf8)]
        let section = try #require(LaunchKeys.sections(of: files, shipped: Self.shipped.modules["M"]!, sourceHash: Self.shipped.sourceHash).first)
        #expect(LaunchKeys.read(section.data) != nil)
        for length in 0..<section.data.count { #expect(LaunchKeys.read(section.data.prefix(length)) == nil) }
        let indexFile = root.appendingPathComponent("modules/M/ff/\(OverlayStrings.revisionIndexFile)")
        let store = try Self.store(in: root)
        let allowed: [String: Set<String>] = [
            "a": ["aa", "A (fr)", "A"], "b": ["bb, last", "bb", "B"], "c": ["cc", "C"], "q;": ["qq", "Q"],
            "extra": ["only shipped in fr"],
        ]
        var used = 0
        // Every bit of every byte, and every byte inverted.
        for (offset, flip) in (0..<section.data.count).flatMap({ offset in [1, 2, 4, 8, 16, 32, 64, 128, 255].map { (offset, UInt8($0)) } }) {
            var damaged = section.data
            damaged[offset] ^= flip
            if let read = LaunchKeys.read(damaged) {
                for key in allowed.keys { _ = read.index.entry(for: key) }  // every probe ends
            }
            try #require(OverlayStrings.revisionIndex(of: files, sections: [(section.path, damaged)])).write(to: indexFile)
            let handle = Localizer(catalog: Self.shipped, store: store, preferredLanguages: ["fr"]).table(in: "M")
            if handle.usesLaunchKeys { used += 1 }
            for (key, texts) in allowed {
                let text = handle.string(forKey: key)
                #expect(texts.contains(text) || text == key, "byte \(offset) ^ \(flip): \(key) → \(text)")
            }
        }
        #expect(used > 0)
    }

    /// The persisted index finds every key at the entry the builder gave it: ASCII keys, keys outside ASCII, and
    /// spellings canonically equal to an ASCII key; parts that could make a probe run forever or read outside the
    /// arena are refused.
    @Test func persistedIndexRoundTripsAndRefusesWhatCannotFinish() throws {
        let keys = ["a", "longer.key.with.many.bytes", "é", "日本", "q;", "K", "x\u{301}"]
        let builder = KeyIndex.Builder(capacity: keys.count, seed: 42)
        for key in keys { _ = builder.insert(key) }
        let parts = KeyIndex.parts(of: builder)
        func index(slots: [UInt64], bounds: [UInt32], arena: [UInt8], count: Int? = nil) -> KeyIndex? {
            slots.withUnsafeBytes { slotBytes in
                bounds.withUnsafeBytes { boundBytes in
                    arena.withUnsafeBytes { arenaBytes in
                        KeyIndex(seed: parts.seed, entryCount: count ?? parts.entryCount, slots: slotBytes, bounds: boundBytes,
                                 arena: arenaBytes, stringKeys: parts.stringKeys)
                    }
                }
            }
        }
        let read = try #require(index(slots: parts.slots, bounds: parts.bounds, arena: parts.arena))
        for key in keys {
            #expect(read.entry(for: key) == builder.entry(for: key), "\(key)")
            #expect(read.key(at: try #require(read.entry(for: key))) == key)
        }
        #expect(read.entry(for: "q\u{37E}") == read.entry(for: "q;"))
        #expect(read.entry(for: "\u{212A}") == read.entry(for: "K"))
        #expect(read.entry(for: "\u{1E8B}\u{301}".decomposedStringWithCanonicalMapping) == nil)
        #expect(read.entry(for: "absent") == nil)
        #expect(index(slots: parts.slots.map { $0 == 0 ? 1 : $0 }, bounds: parts.bounds, arena: parts.arena) == nil)
        #expect(index(slots: parts.slots.map { $0 == 0 ? 0 : $0 | 0xFFFF }, bounds: parts.bounds, arena: parts.arena) == nil)
        #expect(index(slots: parts.slots, bounds: parts.bounds.map { $0 == UInt32.max ? $0 : $0 + 1_000 }, arena: parts.arena) == nil)
        #expect(index(slots: Array(parts.slots.dropLast()), bounds: parts.bounds, arena: parts.arena) == nil)
        #expect(index(slots: parts.slots, bounds: parts.bounds, arena: parts.arena, count: parts.slots.count) == nil)
    }

    /// What the store writes: launch keys with the shipped module, none without it (an older caller), and a launch
    /// through `readSnapshot` uses them.
    @Test func activationWritesLaunchKeysWhenItKnowsTheShippedModule() throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let files = ["fr.lproj/Localizable.strings": Data(Self.overlayText.utf8)]
        for withShipped in [false, true] {
            let url = root.appendingPathComponent("store-\(withShipped)")
            let store = try OverlayStore.open(at: url, appVersion: "1", sourceHash: Self.shipped.sourceHash)
            try store.activate(module: "M", sha256: String(repeating: "ab", count: 32), revision: 1, files: files,
                               shipped: withShipped ? Self.shipped.modules["M"] : nil)
            let revision = try #require(store.snapshot().modules["M"])
            let section = OverlayStrings.parts(
                [LaunchKeys.sectionPath(table: "Localizable"), "fr.lproj/Localizable.strings"],
                inRevisionIndexAt: revision.directory.appendingPathComponent(OverlayStrings.revisionIndexFile).path)
            #expect((section[0] != nil) == withShipped)
            #expect(section[1] != nil)
            let snapshot = try OverlayStore.readSnapshot(at: url, appVersion: "1", sourceHash: Self.shipped.sourceHash)
            let (handle, reference) = Self.handle(snapshot)
            #expect(handle.usesLaunchKeys == withShipped)
            #expect(LazyValuesTests.differences(handle.values, reference).isEmpty)
        }
    }
}

