import Foundation

/// What one Localizer generation serves; handles are built once per (module, table) and cached.
final class LocalizerSnapshot: Sendable {
    let catalog: Catalog
    let overlays: OverlayModules
    let preferredLanguages: [String]
    let mode: Localizer.Mode
    let device: String
    let counters: LocalizerCounters
    /// Keyed by a length-prefixed `String`, not a struct: see `OverlayModules.tableID`.
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
        let built = LocalizedTable(table, in: module, of: self)
        return handles.withLock { cache in
            if let existing = cache[id] { return existing }
            cache[id] = built
            return built
        }
    }

    func chain(for module: String) -> [String] {
        let shipped = catalog.modules[module]
        let overlay = overlays.listing(module)
        var available = Array(shipped?.localizations.keys ?? [:].keys)
        if shipped?.base != nil { available.append("Base") }
        for locale in overlay?.locales.keys ?? [:].keys where locale != "Base" && !available.contains(locale) {
            available.append(locale)
        }
        available.sort(by: String.utf8Precedes)
        let developmentRegion = shipped?.developmentRegion ?? overlay?.developmentRegion ?? "en"
        return LocaleIdentifier.fallbackChain(
            preferences: preferredLanguages, available: available, developmentRegion: developmentRegion)
    }

    /// For a table the development language does not ship (its text lives in code): every key some shipped
    /// translation has, with placeholder values. Nil when no translation has the table either.
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
}
