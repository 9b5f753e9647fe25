import Foundation
import OverlayCore

/// Every key the build ships, looked up through a real ``Localizer`` the way an app would: per locale the catalog
/// ships, each module and table of that locale, each key.
struct LookupSurvey: Sendable, Equatable {
    struct Answer: Sendable, Equatable {
        var text: String?
        var layer: ResolutionLayer
        var locale: String?
        var revision: Int?
    }

    /// `module/table/locale/key` → the answer.
    var answers: [String: Answer] = [:]

    var count: Int { answers.count }
    func count(_ layer: ResolutionLayer) -> Int { answers.values.filter { $0.layer == layer }.count }
    var misses: [String] { answers.filter { $0.value.layer == .miss }.map(\.key).sorted() }

    /// The locales the catalog ships (Base excluded: it is reached through the development region).
    static func locales(_ catalog: Catalog) -> [String] {
        Set(catalog.modules.values.flatMap(\.localeIdentifiers)).filter { $0 != "Base" }.sorted()
    }

    /// Surveys `catalog`'s keys over `store` (nil: no Overlay at all).
    static func run(catalog: Catalog, store: StoreSnapshot?, locales: [String]? = nil) -> LookupSurvey {
        var survey = LookupSurvey()
        for locale in locales ?? Self.locales(catalog) {
            let localizer = Localizer(catalog: catalog, store: store, preferredLanguages: [locale])
            survey.add(localizer, catalog: catalog, locale: locale)
        }
        return survey
    }

    /// Adds every key of `catalog` in `locale`, as `localizer` answers it now.
    mutating func add(_ localizer: Localizer, catalog: Catalog, locale: String) {
        for (name, module) in catalog.modules {
            for (tableName, keys) in Self.tables(module, locale: locale) {
                let table = localizer.table(tableName, in: name)
                for key in keys {
                    answers["\(name)/\(tableName)/\(locale)/\(key)"] = Self.answer(table.value(forKey: key))
                }
            }
        }
    }

    static func answer(_ value: ResolvedValue?) -> Answer {
        guard let value else { return Answer(text: nil, layer: .miss, locale: nil, revision: nil) }
        return Answer(text: value.text, layer: value.layer, locale: value.locale, revision: value.revision)
    }

    /// The tables and keys the module ships for `locale` plus its development tables (what a user of that locale
    /// reaches by fallback).
    static func tables(_ module: CatalogModule, locale: String) -> [String: Set<String>] {
        var tables: [String: Set<String>] = [:]
        for (name, table) in module.developmentTables { tables[name, default: []].formUnion(table.keySet) }
        for (name, table) in module.localizations[locale]?.tables ?? [:] { tables[name, default: []].formUnion(table.keySet) }
        return tables
    }

    /// Keys whose answers differ between two surveys, first few.
    static func differences(_ a: LookupSurvey, _ b: LookupSurvey, limit: Int = 3) -> [String] {
        Array(Set(a.answers.keys).union(b.answers.keys).filter { a.answers[$0] != b.answers[$0] }.sorted().prefix(limit))
    }
}
