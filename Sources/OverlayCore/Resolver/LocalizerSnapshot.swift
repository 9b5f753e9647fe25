import Foundation

/// Overlay revision directories of one store snapshot. A module's localizations are listed on first use and each
/// one is parsed only when a fallback chain needs it, so a launch reads the few tables it shows, not every locale.
final class OverlayModules: Sendable {
    /// A loaded revision: its metadata and the tables of the localizations asked for.
    struct Loaded: Sendable {
        var revision: ActiveRevision
        var module: CatalogModule
    }

    /// What a revision directory holds, before any table is parsed.
    struct Listing: Sendable {
        var revision: ActiveRevision
        var developmentRegion: String
        /// Normalized identifier → `.lproj` directory name.
        var locales: [String: String]
    }

    private struct LocaleID: Hashable {
        var module: String
        var locale: String
    }

    /// The revisions of a snapshot whose source hash matched the build.
    let revisions: [String: ActiveRevision]
    private let counters: LocalizerCounters
    private let listings = LockedValue<[String: Listing?]>([:])
    private let localizations = LockedValue<[LocaleID: CatalogLocalization?]>([:])

    init(revisions: [String: ActiveRevision], counters: LocalizerCounters) {
        self.revisions = revisions
        self.counters = counters
    }

    /// The module's localizations and development region; nil when there is no revision or its directory cannot be
    /// read (counted as an ignored revision: the shipped strings serve).
    func listing(_ name: String) -> Listing? {
        if let cached = listings.withLock({ $0[name] }) { return cached }
        guard let revision = revisions[name] else { return nil }
        let locales = CatalogLoader.localizationIdentifiers(at: revision.directory)
        var result: Listing?
        if !locales.isEmpty {
            let info = try? PropertyListSerialization.propertyList(
                from: Data(contentsOf: revision.directory.appendingPathComponent("Info.plist")), format: nil)
            let region = ((info as? [String: Any])?["CFBundleDevelopmentRegion"] as? String).map(normalizedLocale) ?? "en"
            result = Listing(revision: revision, developmentRegion: region, locales: locales)
        }
        return listings.withLock { cache in
            if let existing = cache[name] { return existing }  // another thread listed it first
            if result == nil { counters.countIgnoredRevisions(1) }
            cache[name] = result
            return result
        }
    }

    /// The module's overlay with the tables of `locales` parsed (leniently, as Apple would read the bundle).
    func module(_ name: String, locales: [String]) -> Loaded? {
        guard let listing = listing(name) else { return nil }
        var wanted = Set(locales.filter { listing.locales[$0] != nil })
        if wanted.contains(listing.developmentRegion), listing.locales["Base"] != nil { wanted.insert("Base") }
        let missing = localizations.withLock { cache in wanted.filter { cache[LocaleID(module: name, locale: $0)] == nil } }
        if !missing.isEmpty {
            // A revision whose folder cannot be listed any more serves nothing: counted, the shipped strings serve.
            let read = try? CatalogLoader.loadModule(
                named: name, at: listing.revision.directory, mode: .lenient, locales: Set(missing))
            if read == nil { counters.countIgnoredRevisions(1) }
            localizations.withLock { cache in
                for locale in missing {
                    let loaded = locale == "Base" ? read?.module?.base : read?.module?.localizations[locale]
                    let id = LocaleID(module: name, locale: locale)
                    // A miss is remembered too (as nil), so an unreadable table is not re-read on every handle.
                    if cache[id] == nil { cache[id] = .some(loaded) }
                }
            }
        }
        var module = CatalogModule(name: name, developmentRegion: listing.developmentRegion)
        localizations.withLock { cache in
            for locale in wanted {
                guard let localization = cache[LocaleID(module: name, locale: locale)] ?? nil else { continue }
                if locale == "Base" { module.base = localization } else { module.localizations[locale] = localization }
            }
        }
        return Loaded(revision: listing.revision, module: module)
    }
}

/// What one Localizer generation serves: the shipped catalog, the overlays, the preferences. Immutable;
/// handles are built once per (module, table) and cached.
final class LocalizerSnapshot: Sendable {
    let catalog: Catalog
    let overlays: OverlayModules
    let preferredLanguages: [String]
    let mode: Localizer.Mode
    let device: String
    let counters: LocalizerCounters
    private let handles = LockedValue<[TableID: LocalizedTable]>([:])

    struct TableID: Hashable {
        var module: String
        var table: String
    }

    init(
        catalog: Catalog, overlays: OverlayModules, preferredLanguages: [String], mode: Localizer.Mode,
        device: String, counters: LocalizerCounters
    ) {
        self.catalog = catalog
        self.overlays = overlays
        self.preferredLanguages = preferredLanguages
        self.mode = mode
        self.device = device
        self.counters = counters
    }

    func table(_ table: String, in module: String) -> LocalizedTable {
        let id = TableID(module: module, table: table)
        if let handle = handles.withLock({ $0[id] }) { return handle }
        let built = build(table, in: module)
        return handles.withLock { cache in
            if let existing = cache[id] { return existing }
            cache[id] = built
            return built
        }
    }

    /// The locale chain of a module: the shipped and overlay localizations, ordered for the preferences.
    func chain(for module: String) -> [String] {
        Self.chain(preferences: preferredLanguages, shipped: catalog.modules[module], overlay: overlays.listing(module))
    }

    static func chain(preferences: [String], shipped: CatalogModule?, overlay: OverlayModules.Listing?) -> [String] {
        var available = Array(shipped?.localizations.keys ?? [:].keys)
        if shipped?.base != nil { available.append("Base") }
        for locale in overlay?.locales.keys ?? [:].keys where locale != "Base" && !available.contains(locale) {
            available.append(locale)
        }
        available.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let developmentRegion = shipped?.developmentRegion ?? overlay?.developmentRegion ?? "en"
        return LocaleIdentifier.fallbackChain(
            preferences: preferences, available: available, developmentRegion: developmentRegion)
    }

    private func build(_ tableName: String, in moduleName: String) -> LocalizedTable {
        let shipped = catalog.modules[moduleName]
        let chain = Self.chain(preferences: preferredLanguages, shipped: shipped, overlay: overlays.listing(moduleName))
        let overlay = overlays.module(moduleName, locales: chain)
        let developmentRegion = shipped?.developmentRegion ?? "en"
        let developmentTable = shipped.flatMap { Self.table(tableName, of: $0, locale: developmentRegion) }
        let knownKeys = developmentTable.map { Set($0.strings.keys).union($0.plurals.keys) } ?? []

        var values: [String: ResolvedValue] = [:]
        func add(_ table: CatalogTable?, layer: ResolutionLayer, locale: String, revision: Int?, onlyKnown: Bool) {
            guard let table else { return }
            for (key, entry) in table.plurals where values[key] == nil && (!onlyKnown || knownKeys.contains(key)) {
                values[key] = ResolvedValue(
                    value: .plural(entry), layer: layer, locale: locale, revision: revision, device: device)
            }
            for (key, text) in table.strings where values[key] == nil && (!onlyKnown || knownKeys.contains(key)) {
                values[key] = ResolvedValue(
                    value: .string(text), layer: layer, locale: locale, revision: revision, device: device)
            }
        }
        for locale in chain {
            if let overlay {
                add(
                    Self.table(tableName, of: overlay.module, locale: locale), layer: .overlay, locale: locale,
                    revision: overlay.revision.revision, onlyKnown: true)
            }
            if let shipped {
                add(Self.table(tableName, of: shipped, locale: locale), layer: .shipped, locale: locale, revision: nil,
                    onlyKnown: false)
            }
        }
        return LocalizedTable(
            module: moduleName, table: tableName, chain: chain, developmentRegion: developmentRegion, values: values,
            developmentValues: developmentTable, mode: mode, device: device, counters: counters)
    }

    /// One localization's table; for the development region, `Base.lproj` fills in key by key.
    static func table(_ name: String, of module: CatalogModule, locale: String) -> CatalogTable? {
        var table = module.localizations[locale]?.tables[name]
        if locale == module.developmentRegion, let base = module.base?.tables[name] {
            var merged = table ?? CatalogTable(name: name)
            merged.fill(from: base)
            table = merged
        }
        return table
    }
}
