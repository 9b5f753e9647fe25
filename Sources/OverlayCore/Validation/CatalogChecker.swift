/// Consistency of a whole catalog: each translation against its module's development language.
///
/// Rules (DESIGN.md "Validation"): placeholders compatible with the development value (errors), plural
/// categories against the locale's CLDR rules (warnings), missing translations and unknown keys (warnings), and
/// the development language's own format problems (`%n`, a stray `%`, mixed positional and sequential: errors).
/// Syntax, encoding and duplicate-key problems are found while loading (`CatalogLoader`).
public enum CatalogChecker {
    /// Checks `catalog`; `strictFormats` applies Apple's stricter rule that numeric styles match (`%d` ≠ `%u`).
    public static func check(_ catalog: Catalog, strictFormats: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name] else { continue }
            findings += check(module, strictFormats: strictFormats)
        }
        return findings
    }

    static func check(_ module: CatalogModule, strictFormats: Bool) -> [Finding] {
        var findings: [Finding] = []
        let development = module.developmentTables
        let developmentRegion = module.developmentRegion

        for tableName in development.keys.sorted() {
            guard let table = development[tableName] else { continue }
            for key in table.keys {
                guard let value = table.value(forKey: key) else { continue }
                let location = location(module: module.name, locale: developmentRegion, table: table, key: key)
                findings += ValueRules.ownFormatIssues(value).map { $0.finding(at: location) }
                findings += PluralCategoryRule.check(value, locale: developmentRegion, location: location)
            }
        }

        findings += infoPlistTables(in: module)
        for identifier in module.localeIdentifiers where identifier != developmentRegion {
            guard let localization = module.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() where tableName != CatalogTable.infoPlistTableName {
                guard let table = localization.tables[tableName] else { continue }
                let source = development[tableName]
                for key in table.keys {
                    guard let value = table.value(forKey: key) else { continue }
                    let here = location(module: module.name, locale: identifier, table: table, key: key)
                    guard let sourceValue = source?.value(forKey: key) else {
                        findings.append(Finding(
                            code: "catalog.unknown-key", severity: .warning,
                            message: "key \"\(key)\" is not in the development language (\(developmentRegion)) table \(tableName); remove it or add it to \(developmentRegion) (an overlay never serves it)",
                            location: here))
                        continue
                    }
                    findings += ValueRules.compatibility(source: sourceValue, translation: value, strict: strictFormats)
                        .map { $0.finding(at: here) }
                    findings += PluralCategoryRule.check(value, locale: identifier, location: here)
                }
            }
            findings += missingTranslations(in: module, locale: identifier, development: development)
        }
        return findings
    }

    /// Keys of the development language that neither this locale nor a locale it falls back to (other than the
    /// development region) translates. Keys marked not to be translated and tables that could not be read are skipped.
    static func missingTranslations(
        in module: CatalogModule, locale: String, development: [String: CatalogTable]
    ) -> [Finding] {
        let chain = LocaleIdentifier.chain(for: locale)
            .filter { $0 != module.developmentRegion }
            .compactMap { module.localizations[$0] }
        guard let localization = module.localizations[locale] else { return [] }
        var findings: [Finding] = []
        for tableName in development.keys.sorted() where tableName != CatalogTable.infoPlistTableName {
            guard let source = development[tableName],
                !chain.contains(where: { $0.unreadableTables.contains(tableName) })
            else { continue }
            let file = localization.tables[tableName]?.files.first
                ?? "\(module.name)/\(localization.directoryName)/\(tableName).strings"
            for key in source.keys where !source.nonTranslatableKeys.contains(key) {
                let translated = chain.contains { $0.tables[tableName]?.value(forKey: key) != nil }
                guard !translated else { continue }
                findings.append(Finding(
                    code: "catalog.missing-translation", severity: .warning,
                    message: "\(locale) has no translation of \"\(key)\" in table \(tableName); users see the \(module.developmentRegion) text",
                    location: .init(file: file, module: module.name, locale: locale, table: tableName, key: key)))
            }
        }
        return findings
    }

    /// `InfoPlist.strings` is read by the OS from the app bundle; an overlay cannot change it, so publish skips it.
    static func infoPlistTables(in module: CatalogModule) -> [Finding] {
        let localizations = [module.base].compactMap { $0 } + module.localeIdentifiers.compactMap { module.localizations[$0] }
        return localizations.flatMap { localization in
            (localization.tables[CatalogTable.infoPlistTableName]?.files ?? []).map { file in
                Finding(
                    code: "catalog.infoplist-skipped", severity: .warning,
                    message: "InfoPlist.strings is read by the OS from the app bundle and cannot be updated over the air; publish leaves it out",
                    location: .init(file: file, module: module.name, locale: localization.identifier, table: CatalogTable.infoPlistTableName))
            }
        }
    }

    static func location(module: String, locale: String, table: CatalogTable, key: String) -> Finding.Location {
        let origin = table.origins[key]
        return Finding.Location(
            file: origin?.file, line: origin?.line, module: module, locale: locale, table: table.name, key: key)
    }
}
