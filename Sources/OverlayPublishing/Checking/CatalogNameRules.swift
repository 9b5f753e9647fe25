package import OverlayCore

/// What a client refuses in a catalog's names and sizes, found before anything is published: module folders,
/// locale (`.lproj`) names, table names and the development region by ``NameGrammar``; keys and values by
/// ``KeySyntaxRule`` under the client's ``ValidationLimits``. Every finding is an error, because every client would
/// reject the manifest or the module archive that carried it.
///
/// ```swift
/// let findings = CatalogNameRules.check(catalog)   // [] for a catalog every client accepts
/// ```
package enum CatalogNameRules {
    /// ``NameGrammar``'s locale and table names in words (only the publisher's findings spell them out).
    static let localeNameRule =
        "Base, or an ASCII letter then up to 34 letters, digits, - and _ (e.g. fr-CA, zh-Hans, pt_BR)"
    static let tableNameRule = "1–128 ASCII letters, digits and _ - . +, starting with a letter or digit"

    /// Checks every module of `catalog` (in byte order). `InfoPlist` tables are skipped: they are never published.
    package static func check(_ catalog: Catalog, limits: ValidationLimits = .default) -> [Finding] {
        // Per module, on every core (every key and value is measured); findings stay in module order.
        let names = catalog.moduleNames
        return ConcurrentMap.map(names.count) { index in
            catalog.modules[names[index]].map { check($0, limits: limits) } ?? []
        }.flatMap { $0 }
    }

    static func check(_ module: CatalogModule, limits: ValidationLimits) -> [Finding] {
        var findings: [Finding] = []
        if !NameGrammar.isModuleName(module.name) {
            findings.append(Finding(
                code: "name.module", severity: .error,
                message: "module folder \(module.name.debugDescription) is not a module name (\(NameGrammar.moduleNameRule)); rename the folder: every client refuses a manifest listing it",
                location: .init(file: module.name, module: module.name)))
        }
        if !NameGrammar.isLocaleName(module.developmentRegion) {
            findings.append(Finding(
                code: "name.development-region", severity: .error,
                message: "development region \(module.developmentRegion.debugDescription) is not a locale name (\(localeNameRule)); fix CFBundleDevelopmentRegion in \(module.name)/Info.plist or the String Catalog's sourceLanguage",
                location: .init(file: "\(module.name)/Info.plist", module: module.name)))
        }
        let localizations = [module.base].compactMap { $0 } + module.localeIdentifiers.compactMap { module.localizations[$0] }
        for localization in localizations {
            let folder = "\(module.name)/\(localization.directoryName)"
            // Base.lproj is published merged into the development language; every other identifier names a folder.
            if localization.identifier != "Base" && !NameGrammar.isLocaleName(localization.identifier) {
                findings.append(Finding(
                    code: "name.locale", severity: .error,
                    message: "\(localization.directoryName.debugDescription) gives locale \(localization.identifier.debugDescription), which is not a locale name (\(localeNameRule)); rename the folder, e.g. fr-CA.lproj: every client refuses an archive holding it",
                    location: .init(file: folder, module: module.name, locale: localization.identifier)))
            }
            for tableName in localization.tables.keys.sorted(by: String.utf8Precedes)
            where tableName != CatalogTable.infoPlistTableName {
                guard let table = localization.tables[tableName] else { continue }
                if !NameGrammar.isTableName(tableName) {
                    findings.append(Finding(
                        code: "name.table", severity: .error,
                        message: "table name \(tableName.debugDescription) is not a table name (\(tableNameRule)); rename its file: every client refuses an archive holding it",
                        location: .init(
                            file: table.files.first ?? folder, module: module.name, locale: localization.identifier,
                            table: tableName)))
                }
                findings += keyFindings(
                    table, module: module.name, locale: localization.identifier, limits: limits)
            }
        }
        return findings
    }

    /// Keys and values of one table: a byte scan for plain strings that pass, the full rule for the others.
    static func keyFindings(_ table: CatalogTable, module: String, locale: String, limits: ValidationLimits) -> [Finding] {
        var suspects: [String] = Array(table.plurals.keys)
        for (key, text) in table.strings where table.plurals[key] == nil {
            if !KeySyntaxRule.isClean(key: key, text: text, limits: limits) { suspects.append(key) }
        }
        var findings: [Finding] = []
        for key in suspects.sorted(by: String.utf8Precedes) {
            guard let value = table.value(forKey: key) else { continue }
            let origin = table.origins[key]
            let location = Finding.Location(
                file: origin?.file ?? table.files.first, line: origin?.line, module: module, locale: locale,
                table: table.name, key: key)
            findings += KeySyntaxRule.check(
                key: key, value: value, knownToShipped: true, limits: limits, location: location)
        }
        return findings
    }
}
