import Foundation

/// What one Localizer generation serves: the shipped catalog, the overlays, the preferences. Immutable;
/// handles are built once per (module, table) and cached.
final class LocalizerSnapshot: Sendable {
    let catalog: Catalog
    let overlays: OverlayModules
    let preferredLanguages: [String]
    let mode: Localizer.Mode
    let device: String
    let counters: LocalizerCounters
    /// Keyed by a `String` (module and table, length-prefixed), not a struct: see `OverlayModules.LocaleID`.
    private let handles = Guarded<[String: LocalizedTable]>([:])

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
        let id = "\(module.utf8.count):\(module)\(table)"
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
        let developmentRegion = shipped?.developmentRegion ?? "en"
        let developmentTable = shipped.flatMap { Self.table(tableName, of: $0, locale: developmentRegion) }
        let values = MergedTableValues.merge(
            table: tableName, chain: chain, shipped: shipped, developmentTable: developmentTable,
            translatedKeys: shipped.flatMap { Self.translatedKeys(tableName, of: $0) },
            overlays: overlays, overlayModule: moduleName, device: device)
        return LocalizedTable(
            module: moduleName, table: tableName, chain: chain, developmentRegion: developmentRegion, values: values,
            developmentValues: developmentTable, mode: mode, device: device, counters: counters)
    }

    /// The straightforward merge — every table of the chain read by the catalog loader, every value built — that a
    /// handle's lazy answers must equal; the tests compare the two.
    func referenceValues(_ tableName: String, in moduleName: String) -> [String: ResolvedValue] {
        let shipped = catalog.modules[moduleName]
        let listing = overlays.listing(moduleName)
        let chain = Self.chain(preferences: preferredLanguages, shipped: shipped, overlay: listing)
        let overlay = overlays.module(moduleName, locales: chain)
        let developmentRegion = shipped?.developmentRegion ?? "en"
        let developmentTable = shipped.flatMap { Self.table(tableName, of: $0, locale: developmentRegion) }
        let knownKeys = (developmentTable ?? shipped.flatMap { Self.translatedKeys(tableName, of: $0) })?.keySet ?? []

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
            if let overlay, let listing {
                add(
                    Self.table(tableName, of: overlay, locale: locale), layer: .overlay, locale: locale,
                    revision: listing.revision.revision, onlyKnown: true)
            }
            if let shipped {
                add(Self.table(tableName, of: shipped, locale: locale), layer: .shipped, locale: locale, revision: nil,
                    onlyKnown: false)
            }
        }
        return values
    }

    /// The keys an overlay may answer in a table the development language does not ship (its text lives in code or a
    /// storyboard): every key some shipped translation has, as a table of placeholder values. Nil when no
    /// translation has the table either.
    static func translatedKeys(_ name: String, of module: CatalogModule) -> CatalogTable? {
        var keys: CatalogTable?
        for (_, localization) in module.localizations {
            guard let table = localization.tables[name] else { continue }
            var merged = keys ?? CatalogTable(name: name)
            for key in table.strings.keys { merged.strings[key] = "" }
            for key in table.plurals.keys { merged.strings[key] = "" }
            keys = merged
        }
        return keys
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
