import Foundation

/// Overlay revision directories of one store snapshot, read as lookups need them: a module's localizations are
/// listed on first use, and each table of a localization is read only when a handle's fallback chain reaches it,
/// so a launch reads the few tables it shows, not every locale.
final class OverlayModules: Sendable {
    /// What a revision directory holds, before any table is read.
    struct Listing: Sendable {
        var revision: ActiveRevision
        /// The revision's `CFBundleDevelopmentRegion` (else `en`): read from its `Info.plist` when first asked, which
        /// a launch with a shipped module and no `Base.lproj` never does.
        var developmentRegion: String { region.value }
        let region: DevelopmentRegion
        /// Normalized identifier → `.lproj` directory name.
        var locales: [String: String]
        /// String Catalogs beside the `.lproj` folders (a published revision has none): the module's tables are then
        /// read the catalog loader's way, which compiles them into every localization.
        var hasStringCatalogs: Bool
        /// Whether the store wrote the revision's compiled table index (an older store's revision has none).
        var hasStringsIndex: Bool
    }

    /// One table of one overlay localization.
    enum Table: Sendable {
        /// Read for lookups: the `.strings` entries as byte ranges, the `.stringsdict` entries parsed.
        case text(strings: OverlayStrings?, plurals: [String: StringsdictEntry])
        /// Read by the catalog loader: a module with String Catalogs, or the development region merged with
        /// `Base.lproj` key by key.
        case catalog(CatalogTable)
    }

    /// Cache keys are `String`s, not structs of their parts: the first dictionary keyed by a new `Hashable` type
    /// makes the runtime search every protocol conformance of the process, about 0.1 M instructions of a launch each.
    private typealias LocaleID = String
    private typealias TableID = String

    /// Length-prefixed, so no two (module, locale) pairs give one key.
    private static func localeID(module: String, locale: String) -> LocaleID { "\(module.utf8.count):\(module)\(locale)" }

    private static func tableID(module: String, locale: String, table: String) -> TableID {
        "\(module.utf8.count):\(module)\(locale.utf8.count):\(locale)\(table)"
    }

    /// The revisions of a snapshot whose source hash matched the build.
    let revisions: [String: ActiveRevision]
    /// Each module's previous revision, served when the active one is found damaged.
    let fallbacks: [String: ActiveRevision]
    /// Whether revisions are checked before they serve (a snapshot read without the store's heal).
    let checksRevisions: Bool
    /// The source hash of the store the revisions come from (the build's); nil without a store.
    let sourceHash: String?
    private let counters: LocalizerCounters
    /// What was read so far, a miss remembered as nil, in one table: each dictionary of a new value type makes the
    /// runtime build its storage's metadata on the first insert (about 30,000 instructions of a launch each).
    private enum Cached {
        /// A module's listing (key `L` + module).
        case listing(Listing?)
        /// The file names of an `.lproj`, in UTF-8 order (key `F` + locale ID); nil when it could not be listed.
        case folder([String]?)
        /// A table (key `T` + table ID).
        case table(Table?)
        /// A localization read by the catalog loader, `Base` included (key `C` + locale ID; see ``Table/catalog(_:)``).
        case localization(CatalogLocalization?)
    }

    private struct Caches {
        var entries: [String: Cached] = [:]
        var tablesRead = 0
    }

    private let caches = Guarded(Caches())
    /// Modules whose revision stopped being readable after it was listed: counted once each.
    private let unreadable = Guarded<Set<String>>([])

    /// How many overlay tables were asked for so far (for the tests: the ones no key needs are not).
    var tablesRead: Int { caches.withLock { $0.tablesRead } }

    init(
        revisions: [String: ActiveRevision], fallbacks: [String: ActiveRevision] = [:], checksRevisions: Bool = false,
        sourceHash: String? = nil, counters: LocalizerCounters
    ) {
        self.revisions = revisions
        self.sourceHash = sourceHash
        self.fallbacks = fallbacks
        self.checksRevisions = checksRevisions
        self.counters = counters
    }

    /// The module's active revision if it looks intact on disk, else its previous one if that does, else nil. The
    /// launch path reads the store without healing it, so there a revision is checked (sizes against its digest list,
    /// no hashing) where it is first served, one module at a time.
    private func servableRevision(_ name: String) -> ActiveRevision? {
        guard checksRevisions else { return revisions[name] }
        for candidate in [revisions[name], fallbacks[name]] {
            guard let candidate else { continue }
            if (try? Syscalls.live.damage(ofRevisionAt: candidate.path)) == .some(nil) { return candidate }
        }
        return nil
    }

    /// The module's localizations and development region; nil when there is no revision or its directory cannot be
    /// read (counted as an ignored revision: the shipped strings serve).
    func listing(_ name: String) -> Listing? {
        let key = "L" + name
        if case .listing(let cached)? = caches.withLock({ $0.entries[key] }) { return cached }
        guard revisions[name] != nil else { return nil }
        // Damaged with nothing intact to fall back to: counted below as ignored, the shipped strings serve.
        let revision = servableRevision(name)
        // As CatalogLoader.localizationIdentifiers, from the same listing that finds String Catalogs (readdir, not
        // FileManager: a launch lists one revision, and FileManager's first call was a tenth of the table phase).
        let entries = revision.flatMap { Self.sortedEntries(of: $0.path) } ?? []
        var locales: [String: String] = [:]
        for entry in entries where entry.hasSuffix(".lproj") {
            let rawName = String(entry.dropLast(".lproj".count))
            locales[rawName == "Base" ? "Base" : normalizedLocale(rawName)] = entry
        }
        var result: Listing?
        if let revision, !locales.isEmpty {
            result = Listing(
                revision: revision, region: DevelopmentRegion(revision: revision.path), locales: locales,
                hasStringCatalogs: entries.contains { $0.hasSuffix(".xcstrings") },
                hasStringsIndex: entries.contains(OverlayStrings.revisionIndexFile))
        }
        return caches.withLock { cache in
            if case .listing(let existing)? = cache.entries[key] { return existing }  // another thread listed it first
            if result == nil { counters.countIgnoredRevisions(1) }
            cache.entries[key] = .listing(result)
            return result
        }
    }

    /// `table` of the module's `locale` localization; nil when the overlay does not have it.
    func table(_ table: String, module name: String, locale: String) -> Table? {
        guard let listing = listing(name), let directory = listing.locales[locale], locale != "Base" else { return nil }
        let id = "T" + Self.tableID(module: name, locale: locale, table: table)
        if case .table(let cached)? = caches.withLock({ $0.entries[id] }) { return cached }
        let read: Table?
        if listing.hasStringCatalogs || (listing.locales["Base"] != nil && locale == listing.developmentRegion) {
            read = catalogTable(table, module: name, locale: locale, listing: listing)
        } else {
            read = textTable(table, module: name, locale: locale, directory: directory, listing: listing)
        }
        return caches.withLock { cache in
            if case .table(let existing)? = cache.entries[id] { return existing }
            cache.entries[id] = .table(read)
            cache.tablesRead += 1
            return read
        }
    }

    private func textTable(
        _ table: String, module name: String, locale: String, directory: String, listing: Listing
    ) -> Table? {
        // Paths are joined as strings: Foundation's URL.appendingPathComponent cost 22,000 instructions a call.
        let folder = listing.revision.path + "/" + directory
        let id = Self.localeID(module: name, locale: locale)
        guard let files = files(in: folder, id: id, module: name, revision: listing.revision.path) else { return nil }
        let hasStrings = files.contains(table + ".strings")
        let hasPlurals = files.contains(table + ".stringsdict")
        guard hasStrings || hasPlurals else { return nil }
        // A file that does not read adds nothing, as in the catalog loader. The store's compiled index, when it fits
        // the file, spares validating and scanning it.
        var strings: OverlayStrings?
        if hasStrings, let data = MappedFile.open(folder + "/" + table + ".strings", limit: Int(Int32.max))?.data {
            let indexFile = listing.revision.path + "/" + OverlayStrings.revisionIndexFile
            strings = listing.hasStringsIndex
                ? OverlayStrings.index(ofTable: "\(directory)/\(table).strings", inRevisionIndexAt: indexFile)
                    .flatMap { OverlayStrings.read(data, index: $0) }
                : nil
            strings = strings ?? OverlayStrings.read(data)
        }
        var plurals: [String: StringsdictEntry] = [:]
        if hasPlurals, let data = try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + table + ".stringsdict")),
            let file = try? StringsdictReader.readFile(data, locale: locale)
        {
            for entry in file.entries { plurals[entry.key] = entry.entry }
        }
        return .text(strings: strings, plurals: plurals)
    }

    /// The `.lproj`'s file names; nil (the revision counted once as ignored) when it or the revision folder cannot
    /// be listed any more, as the catalog loader fails then. An `.lproj` that is not a folder holds no table.
    /// An array, not a `Set`: a folder holds a few files, and a launch makes no `Set<String>` otherwise.
    private func files(in folder: String, id: LocaleID, module: String, revision: String) -> [String]? {
        let key = "F" + id
        if case .folder(let cached)? = caches.withLock({ $0.entries[key] }) { return cached }
        var files: [String]?
        if BoundedFile.kind(of: folder) == .directory {
            files = Self.sortedEntries(of: folder)
        } else if Self.sortedEntries(of: revision) != nil {
            files = []
        }
        if files == nil { countUnreadable(module) }
        caches.withLock { cache in
            if cache.entries[key] == nil { cache.entries[key] = .folder(files) }
        }
        return files
    }

    private func countUnreadable(_ module: String) {
        if unreadable.withLock({ $0.insert(module).inserted }) { counters.countIgnoredRevisions(1) }
    }

    /// The names in a directory in UTF-8 order, as `CatalogLoader.sortedEntries`; nil when it cannot be listed.
    static func sortedEntries(of path: String) -> [String]? {
        (try? Syscalls.live.listDirectory(path))?.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A revision's development region, read from its `Info.plist` once, when first asked.
    final class DevelopmentRegion: Sendable {
        private let revision: String
        private let read = LockedValue<String?>(nil)

        init(revision: String) { self.revision = revision }

        var value: String {
            if let known = read.withLock({ $0 }) { return known }
            let info = try? PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: revision).appendingPathComponent("Info.plist")), format: nil)
            let region = ((info as? [String: Any])?["CFBundleDevelopmentRegion"] as? String).map(normalizedLocale) ?? "en"
            return read.withLock { cached in
                if cached == nil { cached = region }
                return cached ?? region
            }
        }
    }

    // MARK: Through the catalog loader

    private func catalogTable(_ table: String, module name: String, locale: String, listing: Listing) -> Table? {
        guard let module = module(name, locales: [locale]) else { return nil }
        return LocalizerSnapshot.table(table, of: module, locale: locale).map(Table.catalog)
    }

    /// The module's overlay with the localizations of `locales` read by the catalog loader (leniently, as Apple
    /// would read the bundle), `Base.lproj` with the development region.
    func module(_ name: String, locales: [String]) -> CatalogModule? {
        guard let listing = listing(name) else { return nil }
        var wanted = Set(locales.filter { listing.locales[$0] != nil })
        if listing.locales["Base"] != nil, wanted.contains(listing.developmentRegion) { wanted.insert("Base") }
        func key(_ locale: String) -> String { "C" + Self.localeID(module: name, locale: locale) }
        let missing = caches.withLock { cache in wanted.filter { cache.entries[key($0)] == nil } }
        if !missing.isEmpty {
            // A revision whose folder cannot be listed any more serves nothing: counted, the shipped strings serve.
            let read = try? CatalogLoader.loadModule(
                named: name, at: listing.revision.directory, mode: .lenient, locales: Set(missing))
            if read == nil { countUnreadable(name) }
            caches.withLock { cache in
                for locale in missing {
                    let loaded = locale == "Base" ? read?.module?.base : read?.module?.localizations[locale]
                    // A miss is remembered too (as nil), so an unreadable table is not re-read on every handle.
                    if cache.entries[key(locale)] == nil { cache.entries[key(locale)] = .localization(loaded) }
                }
            }
        }
        var module = CatalogModule(name: name, developmentRegion: listing.developmentRegion)
        caches.withLock { cache in
            for locale in wanted {
                guard case .localization(let localization?)? = cache.entries[key(locale)] else { continue }
                if locale == "Base" { module.base = localization } else { module.localizations[locale] = localization }
            }
        }
        return module
    }
}
