import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// The store's index file is derived, not downloaded, and is checked like a downloaded file: whatever damage it takes,
/// every key shows what the merge over the revision's verified tables gives (or, at worst, the shipped value) — never
/// the key, never another entry's bytes or raw `.strings` syntax — and the next open rewrites it.
///
/// The revisions are written by the store itself from the sample catalog's tables with changed values (some escaped,
/// some keys dropped, a duplicate), so the index holds ranges of the tables and decoded text.
@Suite struct DerivedIndexDamageTests {
    static let catalog = ResolverFixtures.sampleCatalog
    static let indexName = "overlay-strings.index"
    static let randomRounds = 150

    /// What an archive of `module` carries: its `.lproj` tables (`.strings` rewritten) and `Info.plist`.
    static func files(_ module: String) throws -> [String: Data] {
        let source = Fixtures.url("catalog").appendingPathComponent(module)
        var files: [String: Data] = ["Info.plist": try Data(contentsOf: source.appendingPathComponent("Info.plist"))]
        for folder in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where folder.hasSuffix(".lproj") && folder != "Base.lproj" {
            for file in try FileManager.default.contentsOfDirectory(atPath: source.appendingPathComponent(folder).path) {
                let data = try Data(contentsOf: source.appendingPathComponent("\(folder)/\(file)"))
                files["\(folder)/\(file)"] = file.hasSuffix(".strings")
                    ? Data(LazyValuesTests.rewritten(try StringsReader.read(data).dictionary).utf8) : data
            }
        }
        return files
    }

    /// A store holding `module`'s revision, and the path of the revision's index file.
    static func activated(_ module: String, in root: URL) throws -> (snapshot: StoreSnapshot, index: URL) {
        let store = try OverlayStore.open(at: root.appendingPathComponent("store"), appVersion: "1",
                                          sourceHash: catalog.sourceHash)
        try store.activate(module: module, sha256: SHA256.hash(Data(module.utf8)).hex, revision: 7, files: files(module))
        let snapshot = store.snapshot()
        let revision = try #require(snapshot.modules[module])
        return (snapshot, revision.directory.appendingPathComponent(indexName))
    }

    /// Every key the merge over the verified tables answers in each table of `module`, as `Table:key`.
    static func keys(_ snapshot: StoreSnapshot, _ module: String, _ locale: String) -> [(table: String, key: String)] {
        let localizer = Localizer(catalog: catalog, store: snapshot, preferredLanguages: [locale])
        return LazyValuesTests.tableNames(of: catalog.modules[module]!).flatMap { table in
            localizer.snapshot.referenceValues(table, in: module).keys.sorted().map { (table, $0) }
        }
    }

    /// Each of `keys`' text in `module`, as `Table:key`, for a user whose language is `locale`.
    static func texts(_ snapshot: StoreSnapshot?, _ module: String, _ locale: String,
                      _ keys: [(table: String, key: String)]) -> [String: String] {
        let localizer = Localizer(catalog: catalog, store: snapshot, preferredLanguages: [locale])
        var texts: [String: String] = [:]
        for (table, key) in keys { texts["\(table):\(key)"] = localizer.table(table, in: module).string(forKey: key) }
        return texts
    }

    /// Per `.strings` table of `files`, the byte ranges of the index file that concern it: its part and its directory
    /// entry (a path, then an offset and a count, read the same in every version of the file). Bytes no range holds
    /// (the header, padding) concern every table.
    static func regions(of bytes: Data, files: [String: Data]) -> [String: [Range<Int>]] {
        let data = Array(bytes)
        var entries: [(path: String, pathStart: Int, part: Range<Int>)] = []
        for path in files.keys where path.hasSuffix(".strings") {
            let name = Array(path.utf8)
            guard let start = data.indices.first(where: { data[$0...].starts(with: name) && $0 >= 2
                && Int(data[$0 - 2]) | Int(data[$0 - 1]) << 8 == name.count })
            else { continue }
            let fields = start + name.count
            let offset = (0..<8).reduce(0) { $0 | Int(data[fields + $1]) << (8 * $1) }
            let count = (0..<4).reduce(0) { $0 | Int(data[fields + 8 + $1]) << (8 * $1) }
            entries.append((path, start - 2, offset..<(offset + count)))
        }
        entries.sort { $0.pathStart < $1.pathStart }
        let directoryEnd = entries.map(\.part.lowerBound).min() ?? data.count
        var regions: [String: [Range<Int>]] = [:]
        for (position, entry) in entries.enumerated() {
            let entryEnd = position + 1 < entries.count ? entries[position + 1].pathStart : directoryEnd
            regions[entry.path] = [entry.pathStart..<entryEnd, entry.part]
        }
        return regions
    }

    /// The locale of a table path (`fr-CA.lproj/Localizable.strings` → `fr-CA`).
    static func locale(_ path: String) -> String { normalizedLocale(String(path.prefix { $0 != "." })) }

    /// A revision of `module` as the store wrote it, and what each key shows with its intact index file.
    struct Fixture {
        var snapshot: StoreSnapshot
        var index: URL
        var intact: Data
        var locales: [String]
        var keys: [String: [(table: String, key: String)]]
        /// Per locale, `Table:key` → its text: the merge of the verified tables.
        var expected: [String: [String: String]]

        /// Writes `damaged` as the index file and records each key of `locales` whose text `accepts` refuses.
        func check(_ damaged: Data, _ locales: [String], _ module: String, _ what: String,
                   accepts: (_ locale: String, _ key: String, _ text: String) -> Bool) throws {
            try damaged.write(to: index)
            for locale in locales {
                for (key, text) in DerivedIndexDamageTests.texts(snapshot, module, locale, keys[locale]!)
                where !accepts(locale, key, text) {
                    Issue.record("\(what): \(locale) \(key) → \(text.debugDescription), not \(expected[locale]![key]!.debugDescription)")
                }
            }
        }
    }

    static func fixture(_ module: String, in root: URL) throws -> (Fixture, regions: [String: [Range<Int>]]) {
        let (snapshot, index) = try activated(module, in: root)
        let intact = try Data(contentsOf: index)
        let regions = Self.regions(of: intact, files: try files(module))
        let locales = Set(regions.keys.map(Self.locale)).sorted()
        #expect(locales.count >= 4)
        let keys = Dictionary(uniqueKeysWithValues: locales.map { ($0, Self.keys(snapshot, module, $0)) })
        var expected: [String: [String: String]] = [:]
        for locale in locales {
            expected[locale] = texts(snapshot, module, locale, keys[locale]!)
            #expect(expected[locale] != texts(nil, module, locale, keys[locale]!), "\(locale): the overlay changes nothing")
        }
        return (Fixture(snapshot: snapshot, index: index, intact: intact, locales: locales, keys: keys, expected: expected),
                regions)
    }

    /// One flipped bit anywhere in the index file: each table reads, as the resolver reads it (``RevisionFiles``, the
    /// part's checksum, the index's fit, else a scan), to exactly the entries a scan of the verified table gives.
    @Test("every bit of the index file", arguments: ["Checkout"])
    func everyBitFlip(_ module: String) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (snapshot, index) = try Self.activated(module, in: root)
        let intact = try Data(contentsOf: index)
        let files = try Self.files(module)
        let active = try #require(snapshot.modules[module])
        let revision = try #require(RevisionFiles(path: active.path))
        let tables = files.keys.filter { $0.hasSuffix(".strings") }.sorted()
        func entries(_ path: String) -> [String: String]? {
            guard let data = revision.open(path)?.data else { return nil }
            var table: OverlayStrings?
            if case .found(let part) = revision.indexPart(path) { table = OverlayStrings.read(data, index: part) }
            guard let read = table ?? OverlayStrings.read(data) else { return nil }
            var entries: [String: String] = [:]
            for entry in read.entries { entries[read.string(entry.key)] = read.string(entry.value) }
            return entries
        }
        let expected = Dictionary(uniqueKeysWithValues: tables.map { ($0, try? StringsReader.read(files[$0]!).dictionary) })
        #expect(tables.count >= 4 && tables.allSatisfy { entries($0) == expected[$0]! })
        let regions = Self.regions(of: intact, files: files)
        for bit in 0..<(intact.count * 8) {
            var damaged = intact
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            try damaged.write(to: index)
            let affected = tables.filter { regions[$0]!.contains { $0.contains(bit / 8) } }
            for table in affected.isEmpty ? tables : affected where entries(table) != expected[table]! {
                Issue.record("bit \(bit): \(table) reads otherwise: \(String(describing: entries(table)))")
            }
        }
    }

    /// One flipped bit in each byte of the index file's header and directory and in every seventh byte of its parts (a
    /// different bit from byte to byte), through a `Localizer` as an app has it: every key shows exactly what it shows
    /// with the intact index — the merge of the verified tables.
    @Test("a bit of many bytes, through a Localizer", arguments: ["Checkout", "Account"])
    func eachByteThroughALocalizer(_ module: String) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (fixture, regions) = try Self.fixture(module, in: root)
        let parts = regions.values.map { $0[1] }
        for byte in 0..<fixture.intact.count where byte % 7 == 0 || !parts.contains(where: { $0.contains(byte) }) {
            var damaged = fixture.intact
            damaged[byte] ^= UInt8(1 << (byte % 8))
            let affected = Set(regions.filter { $0.value.contains { $0.contains(byte) } }.keys.map(Self.locale))
            try fixture.check(damaged, affected.isEmpty ? fixture.locales : affected.sorted(), module, "byte \(byte)") {
                locale, key, text in text == fixture.expected[locale]![key]
            }
        }
    }

    /// Random damages of several bytes (1–32, anywhere, seeded; 300 over the two modules): each key shows the merge's
    /// text or the shipped one.
    @Test("random multi-byte damage", arguments: ["Checkout", "Account"])
    func randomDamage(_ module: String) throws {
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (fixture, _) = try Self.fixture(module, in: root)
        let shipped = Dictionary(uniqueKeysWithValues: fixture.locales.map {
            ($0, Self.texts(nil, module, $0, fixture.keys[$0]!))
        })
        var generator = SplitMix64(seed: 0xDA_4A6E)
        for round in 0..<Self.randomRounds {
            var damaged = fixture.intact
            for _ in 0..<Int.random(in: 1...32, using: &generator) {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            try fixture.check(damaged, fixture.locales, module, "round \(round)") { locale, key, text in
                text == fixture.expected[locale]![key] || text == shipped[locale]![key]
            }
        }
    }
}
