import Foundation

/// Overlay revisions of one store snapshot, read as lookups need them: a module is listed on first use and a table
/// read when a handle's chain reaches it. Files are read through ``RevisionFiles`` (only what the digest list names).
final class OverlayModules: Sendable {
    /// What a revision directory holds, before any table is read.
    struct Listing: Sendable {
        var revision: ActiveRevision
        var files: RevisionFiles
        /// `CFBundleDevelopmentRegion` (else `en`), read from `Info.plist` only when asked.
        var developmentRegion: String { region.value }
        let region: DevelopmentRegion
        /// Normalized identifier → `.lproj` directory name.
        var locales: [String: String]
    }

    /// One table of one `.lproj` folder: `.strings` and `.stringsdict` read apart, the `.stringsdict` winning.
    struct Table: Sendable {
        var strings: OverlayStrings?
        var plurals: [String: StringsdictEntry] = [:]
        /// The `.stringsdict` entries that break a rule, for ``Localizer/explain(_:table:module:)``.
        var rejected: [String: StringsdictFile.Rejection] = [:]

        /// The value of `key` (the last `.strings` duplicate), found by a scan: for diagnostics, not lookups.
        func value(forKey key: String) -> CatalogValue? {
            if let plural = plurals[key] { return .plural(plural) }
            guard let strings else { return nil }
            return strings.entries.last { strings.string($0.key) == key }.map { .string(strings.string($0.value)) }
        }
    }

    /// Cache keys are length-prefixed `String`s, not structs: the first dictionary keyed by a new `Hashable` type makes
    /// the runtime search every protocol conformance of the process at launch.
    private static func tableID(module: String, locale: String, table: String) -> String {
        "\(module.utf8.count):\(module)\(locale.utf8.count):\(locale)\(table)"
    }

    let revisions: [String: ActiveRevision]
    /// Each module's previous revision, served when the active one is found damaged.
    let fallbacks: [String: ActiveRevision]
    /// A snapshot read without the store's heal: revisions are checked before they serve.
    let checksRevisions: Bool
    private let counters: LocalizerCounters
    private let syscalls: Syscalls
    /// Everything read, a miss as nil, in one dictionary (each new value type's dictionary costs runtime metadata at
    /// launch). Keys: `L` + module, `T` + table ID.
    private enum Cached {
        case listing(Listing?)
        case table(Table?)
    }

    private struct Caches {
        var entries: [String: Cached] = [:]
        var tablesRead = 0
    }

    private let caches = Guarded(Caches())
    /// Counted once each.
    private let unreadable = Guarded<Set<String>>([])

    /// For the tests: tables no key needs are never read.
    var tablesRead: Int { caches.withLock { $0.tablesRead } }

    init(
        revisions: [String: ActiveRevision], fallbacks: [String: ActiveRevision] = [:], checksRevisions: Bool = false,
        counters: LocalizerCounters, syscalls: Syscalls = .live
    ) {
        self.syscalls = syscalls
        self.revisions = revisions
        self.fallbacks = fallbacks
        self.checksRevisions = checksRevisions
        self.counters = counters
    }

    /// The active revision if its digest list reads. Without the store's heal, it is also checked (sizes, no hashing)
    /// and the previous one serves when it is damaged.
    private func servableRevision(_ name: String) -> (ActiveRevision, RevisionFiles)? {
        // Tried in turn, not from an array of optionals: one more generic type for the runtime to build at launch.
        func servable(_ candidate: ActiveRevision?) -> (ActiveRevision, RevisionFiles)? {
            guard let candidate, let files = RevisionFiles(path: candidate.path, syscalls: syscalls) else { return nil }
            return !checksRevisions || files.damage() == nil ? (candidate, files) : nil
        }
        return servable(revisions[name]) ?? (checksRevisions ? servable(fallbacks[name]) : nil)
    }

    /// Nil without a readable revision (counted as ignored: the shipped strings serve).
    func listing(_ name: String) -> Listing? {
        let key = "L" + name
        if case .listing(let cached)? = caches.withLock({ $0.entries[key] }) { return cached }
        guard revisions[name] != nil else { return nil }
        var result: Listing?
        if let (revision, files) = servableRevision(name) {
            var locales: [String: String] = [:]
            for path in files.list.files.keys {
                guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { continue }
                let folder = String(path[..<slash])
                guard folder.hasSuffix(".lproj") else { continue }
                let rawName = String(folder.dropLast(".lproj".count))
                let locale = rawName == "Base" ? "Base" : normalizedLocale(rawName)
                // Two spellings of one locale (`fr_CA`, `fr-CA`): the last in UTF-8 order, as a sorted listing gives.
                if let kept = locales[locale], !String.utf8Precedes(kept, folder) { continue }
                locales[locale] = folder
            }
            if !locales.isEmpty {
                result = Listing(revision: revision, files: files, region: DevelopmentRegion(files: files), locales: locales)
            }
        }
        return caches.withLock { cache in
            if case .listing(let existing)? = cache.entries[key] { return existing }  // another thread listed it first
            if result == nil { counters.countIgnoredRevisions(1) }
            cache.entries[key] = .listing(result)
            return result
        }
    }

    /// The tables a lookup reads for `locale`, in order: the locale's own, then for the development region
    /// `Base.lproj`'s, which fills it in key by key as in the catalog loader. Handed to `body`, not returned: a
    /// `[Table]` would instantiate one more generic class's metadata at launch.
    func forEachTable(_ table: String, module name: String, locale: String, _ body: (Table) -> Void) {
        guard let listing = listing(name), locale != "Base" else { return }
        if let own = self.table(table, module: name, folder: locale, locale: locale, listing: listing) { body(own) }
        if listing.locales["Base"] != nil && locale == listing.developmentRegion,
            let base = self.table(table, module: name, folder: "Base", locale: locale, listing: listing)
        {
            body(base)
        }
    }

    /// `folder`: a locale of the listing, or `Base`; `locale` picks the plural rules.
    private func table(
        _ table: String, module name: String, folder: String, locale: String, listing: Listing
    ) -> Table? {
        guard let directory = listing.locales[folder] else { return nil }
        let id = "T" + Self.tableID(module: name, locale: folder, table: table)
        if case .table(let cached)? = caches.withLock({ $0.entries[id] }) { return cached }
        let files = listing.files
        let stringsPath = directory + "/" + table + ".strings"
        let pluralsPath = directory + "/" + table + ".stringsdict"
        var read: Table?
        if files.lists(stringsPath) || files.lists(pluralsPath) {
            // A file that does not parse adds nothing, as in the catalog loader; one that cannot be opened is counted.
            func data(_ path: String) -> Data? {
                guard files.lists(path) else { return nil }
                if let data = files.open(path)?.data { return data }
                countUnreadable(name)
                return nil
            }
            var found = Table(strings: data(stringsPath).flatMap(OverlayStrings.read))
            let plurals = data(pluralsPath).flatMap { try? StringsdictReader.readFile($0, locale: locale) }
            for entry in plurals?.entries ?? [] { found.plurals[entry.key] = entry.entry }
            for rejection in plurals?.rejected ?? [] { found.rejected[rejection.key] = rejection }
            read = found
        }
        return caches.withLock { cache in
            if case .table(let existing)? = cache.entries[id] { return existing }
            cache.entries[id] = .table(read)
            cache.tablesRead += 1
            return read
        }
    }

    private func countUnreadable(_ module: String) {
        if unreadable.withLock({ $0.insert(module).inserted }) { counters.countIgnoredRevisions(1) }
    }

    final class DevelopmentRegion: Sendable {
        private let files: RevisionFiles
        private let read = Guarded<String?>(nil)  // not a `LockedValue`: its class would be built at launch

        init(files: RevisionFiles) { self.files = files }

        var value: String {
            if let known = read.withLock({ $0 }) { return known }
            // Our strict XML reader, not Foundation's: a download's Info.plist is signed but not validated, and crafted
            // binary lists crash `PropertyListSerialization` (FORMATS.md §2.4); a binary one reads as absent.
            let info = files.open("Info.plist").flatMap { try? PropertyListReader.read($0.data) }
            let declared = info?.dictionaryEntries?.first { $0.key == "CFBundleDevelopmentRegion" }?.value.stringValue
            let region = declared.map(normalizedLocale) ?? "en"
            return read.withLock { cached in
                if cached == nil { cached = region }
                return cached ?? region
            }
        }
    }
}
