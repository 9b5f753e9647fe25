import Foundation
@testable import OverlayCore

extension LocalizerSnapshot {
    /// The straightforward merge — every table of the chain read by the catalog loader, every value built — that a
    /// handle's lazy answers must equal; the tests compare the two.
    func referenceValues(_ tableName: String, in moduleName: String) -> [String: ResolvedValue] {
        let shipped = catalog.modules[moduleName]
        let listing = overlays.listing(moduleName)
        let chain = self.chain(for: moduleName)
        let overlay = catalogLoaderModule(moduleName, locales: chain)
        let developmentRegion = shipped?.developmentRegion ?? "en"
        let developmentTable = shipped.flatMap { $0.table(tableName, locale: developmentRegion) }
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
                    overlay.table(tableName, locale: locale), layer: .overlay, locale: locale,
                    revision: listing.revision.revision, onlyKnown: true)
            }
            if let shipped {
                add(shipped.table(tableName, locale: locale), layer: .shipped, locale: locale, revision: nil,
                    onlyKnown: false)
            }
        }
        return values
    }

    /// The overlay's localizations of `locales` (with `Base.lproj` for the development region) read by the catalog
    /// loader, leniently, as Apple reads the bundle.
    func catalogLoaderModule(_ name: String, locales: [String]) -> CatalogModule? {
        guard let listing = overlays.listing(name) else { return nil }
        var folders = Set(locales.compactMap { listing.locales[$0] })
        if let base = listing.locales["Base"], locales.contains(listing.developmentRegion) { folders.insert(base) }
        var files: [String: Data] = [:]
        for path in listing.files.list.files.keys where path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") {
            guard let slash = path.firstIndex(of: "/"), folders.contains(String(path[..<slash])) else { continue }
            files[path] = listing.files.open(path)?.data
        }
        return CatalogLoader.module(
            named: name, developmentRegion: listing.developmentRegion, files: files, mode: .lenient).module
    }
}
