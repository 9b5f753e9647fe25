package import OverlayCore

/// Consistency of a whole catalog: each translation against its module's reference.
///
/// Rules (DESIGN.md "Validation"): placeholders compatible with the reference (errors), plural categories against
/// the locale's CLDR rules (warnings), missing translations and unknown keys (warnings), the development
/// language's own format problems (`%n`, a stray `%`, mixed positional and sequential: errors), and the rendering
/// bounds in every language (errors). The reference is the
/// development language's table, or, for a table it lacks, what the translations agree on (``ReferenceTable``):
/// such tables and modules are reported once each, not once per key. Syntax, encoding and duplicate-key problems
/// are found while loading (`CatalogLoader`).
///
/// With the build's shipped catalog, a value byte-identical to the shipped one (same module, table, locale, key)
/// keeps its findings but marks them ``Finding/isAlreadyShipped``: it cannot change what the app shows.
package enum CatalogChecker {
    /// What `check` reports and `publish` refuses on, the same list for both: the loader's findings, then the checks',
    /// each finding once (two checks may report the same one).
    package static func findings(
        _ loaded: CatalogLoadResult, strictFormats: Bool = false, shipped: Catalog? = nil
    ) -> FindingList {
        var findings = FindingList(loaded.findings)
        findings.append(contentsOf: check(loaded.catalog, strictFormats: strictFormats, shipped: shipped))
        findings.removeRepeats()
        return findings
    }

    /// Checks `catalog`; `strictFormats` applies Apple's stricter rule that numeric styles match (`%d` ≠ `%u`);
    /// `shipped` is the catalog the build shipped, whose identical values do not block.
    package static func check(_ catalog: Catalog, strictFormats: Bool = false, shipped: Catalog? = nil) -> FindingList {
        // Modules are checked independently, so on every core; findings stay in module order.
        let names = catalog.moduleNames
        // What every client refuses in names and sizes; a key or value the build already ships is marked as such.
        let nameFindings = CatalogNameRules.check(catalog).map { finding in
            guard let key = finding.location.key, let moduleName = finding.location.module,
                let localeName = finding.location.locale, let tableName = finding.location.table,
                let module = catalog.modules[moduleName], let shippedModule = shipped?.modules[moduleName]
            else { return finding }
            func value(_ module: CatalogModule) -> CatalogValue? {
                (localeName == module.developmentRegion ? module.developmentTables[tableName]
                    : module.localizations[localeName]?.tables[tableName])?.value(forKey: key)
            }
            guard let mine = value(module), let theirs = value(shippedModule), mine.isIdentical(to: theirs) else {
                return finding
            }
            var marked = finding
            marked.isAlreadyShipped = true
            return marked
        }
        let perModule = ConcurrentMap.map(names.count) { index in
            guard let module = catalog.modules[names[index]] else { return FindingList() }
            return check(module, strictFormats: strictFormats, shipped: shipped?.modules[names[index]])
        }
        var findings = FindingList()
        for moduleFindings in perModule { findings.append(contentsOf: moduleFindings) }
        findings.append(contentsOf: nameFindings)
        return findings
    }

    static func check(_ module: CatalogModule, strictFormats: Bool, shipped: CatalogModule? = nil) -> FindingList {
        var findings: [Finding] = []
        let development = module.developmentTables
        let developmentRegion = module.developmentRegion
        let verdicts = PlaceholderVerdicts(strict: strictFormats)

        func isShipped(_ value: CatalogValue, locale: String, table: String, key: String) -> Bool {
            let shippedTable = locale == developmentRegion
                ? shipped?.developmentTables[table] : shipped?.localizations[locale]?.tables[table]
            return shippedTable?.value(forKey: key)?.isIdentical(to: value) == true
        }

        var references: [String: ReferenceTable] = [:]
        func referenceTable(_ tableName: String) -> ReferenceTable {
            if let known = references[tableName] { return known }
            let made = ReferenceTable(module: module, table: tableName)
            references[tableName] = made
            return made
        }
        for tableName in development.keys.sorted() {
            guard let table = development[tableName] else { continue }
            findings += table.rejectionFindings(
                module: module.name, locale: developmentRegion, shipped: shipped?.developmentTables[tableName])
            let sources = referenceTable(tableName)
            // Only plurals and texts with a `%` can have issues of their own: sort just those.
            let candidates = Array(table.plurals.keys)
                + table.strings.lazy.filter { $0.value.utf8.contains(UInt8(ascii: "%")) }.map(\.key)
            for key in Set(candidates).sorted(by: String.utf8Precedes) {
                guard let value = table.value(forKey: key) else { continue }
                let location = location(module: module.name, locale: developmentRegion, table: table, key: key)
                // A text without arguments the app shows as written: its `%` is text, not a specifier.
                let isText = sources.value(forKey: key)?.acceptsPlainText == true
                let own = (isText ? [] : ValueRules.ownFormatIssues(value).map { $0.finding(at: location) })
                    + PluralCategoryRule.check(value, locale: developmentRegion, location: location)
                    + RenderBoundRule.check(value, location: location)
                findings += own.markingShipped(
                    if: !own.isEmpty && isShipped(value, locale: developmentRegion, table: tableName, key: key))
            }
        }

        findings += infoPlistTables(in: module)
        findings += tablesWithoutDevelopmentText(in: module)
        let sortedDevelopmentKeys = development.mapValues(\.keys)
        for identifier in module.localeIdentifiers where identifier != developmentRegion {
            guard let localization = module.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() where tableName != CatalogTable.infoPlistTableName {
                guard let table = localization.tables[tableName] else { continue }
                let reference = referenceTable(tableName)
                findings += table.rejectionFindings(
                    module: module.name, locale: identifier, shipped: shipped?.localizations[identifier]?.tables[tableName])
                for key in uncheckedKeys(of: table, reference: reference, verdicts: verdicts) {
                    guard let value = table.value(forKey: key) else { continue }
                    let here = location(module: module.name, locale: identifier, table: table, key: key)
                    guard let source = reference.value(forKey: key) else {
                        findings.append(Finding(
                            code: "catalog.unknown-key", severity: .warning,
                            message: "key \"\(key)\" is not in the development language (\(developmentRegion)) table \(tableName); remove it or add it to \(developmentRegion) (an overlay never serves it)",
                            location: here))
                        continue
                    }
                    if source.acceptsPlainText && ValueRules.takesNoArguments(value) { continue }  // shown as written
                    let entry = ValueRules.compatibility(source: source.slots, translation: value, strict: strictFormats)
                        .map { $0.finding(at: here) }
                        + PluralCategoryRule.check(value, locale: identifier, location: here)
                        + RenderBoundRule.check(value, location: here)
                    findings += entry.markingShipped(
                        if: !entry.isEmpty && isShipped(value, locale: identifier, table: tableName, key: key))
                }
            }
        }
        // Missing translations are most of a large catalog's findings: kept as keys, one run per locale and table.
        var all = FindingList(findings)
        for identifier in module.localeIdentifiers where identifier != developmentRegion && module.localizations[identifier] != nil {
            missingTranslations(
                in: module, locale: identifier, development: development, sortedKeys: sortedDevelopmentKeys, into: &all)
        }
        return all
    }

    /// The keys of a translated table that need the rules, in byte order: a plain string whose specifiers pass
    /// against its reference's (decided once per pair of specifier sequences) has no finding and is skipped.
    private static func uncheckedKeys(
        of table: CatalogTable, reference: ReferenceTable, verdicts: PlaceholderVerdicts
    ) -> [String] {
        var unchecked = Array(table.plurals.keys)
        for (key, text) in table.strings where table.plurals.isEmpty || table.plurals[key] == nil {
            if let source = reference.value(forKey: key), verdicts.isClean(text, shipped: source) {
                continue
            }
            unchecked.append(key)
        }
        return unchecked.sorted(by: String.utf8Precedes)
    }

    /// One warning per module without development-language tables, and one per table the development language lacks:
    /// their text lives in code or a storyboard, so their translations are checked against each other.
    static func tablesWithoutDevelopmentText(in module: CatalogModule) -> [Finding] {
        let development = module.developmentTables
        var translated: [String: [String]] = [:]
        for identifier in module.localeIdentifiers where identifier != module.developmentRegion {
            for name in module.localizations[identifier]?.tables.keys ?? [:].keys
            where name != CatalogTable.infoPlistTableName && development[name] == nil {
                translated[name, default: []].append(identifier)
            }
        }
        guard !translated.isEmpty else { return [] }
        let region = module.developmentRegion
        if module.localizations[region] == nil && module.base == nil {
            let tables = translated.keys.sorted()
            return [Finding(
                code: "catalog.missing-development-language", severity: .warning,
                message: "module \(module.name) ships no \(region).lproj or Base.lproj, only translations (its \(region) text lives in code, e.g. NSLocalizedString(_:value:comment:)): its \(tables.count) table(s) \(tables.joined(separator: ", ")) are checked against what the translations agree on, and \(region) users see the code's text; add \(region).lproj, or set CFBundleDevelopmentRegion in \(module.name)/Info.plist if the development language is another",
                location: .init(file: module.name, module: module.name, locale: region))]
        }
        return translated.keys.sorted().map { name in
            let locales = translated[name] ?? []
            return Finding(
                code: "catalog.no-development-table", severity: .warning,
                message: "table \(name) has translations in \(locales.count) locale(s) but no \(region) version: its \(region) text lives in a storyboard or in code, so the translations are checked against what they agree on, and an overlay changes it only where the app looks it up through Overlay",
                location: .init(file: "\(module.name)/\(module.localizations[locales[0]]?.directoryName ?? locales[0])/\(name).strings", module: module.name, table: name))
        }
    }

    /// Keys of the development language that neither this locale nor a locale it falls back to (other than the
    /// development region) translates, appended to `findings`, one run per table. Keys marked not to be translated and
    /// tables that could not be read are skipped. `sortedKeys`: each development table's keys in byte order, sorted once
    /// for every locale.
    static func missingTranslations(
        in module: CatalogModule, locale: String, development: [String: CatalogTable],
        sortedKeys: [String: [String]]? = nil, into findings: inout FindingList
    ) {
        let chain = (LocaleIdentifier(locale)?.chain ?? []).map(\.description)
            .filter { $0 != module.developmentRegion }
            .compactMap { module.localizations[$0] }
        guard let localization = module.localizations[locale] else { return }
        for tableName in development.keys.sorted() where tableName != CatalogTable.infoPlistTableName {
            guard let source = development[tableName],
                !chain.contains(where: { $0.unreadableTables.contains(tableName) })
            else { continue }
            let file = localization.tables[tableName]?.files.first
                ?? "\(module.name)/\(localization.directoryName)/\(tableName).strings"
            let translations = chain.compactMap { $0.tables[tableName] }
            let keys = sortedKeys?[tableName] ?? source.keys
            var missing: [UInt32] = []
            // An empty text (a String Catalog's "" key) has nothing to translate.
            for (position, key) in keys.enumerated()
            where !source.nonTranslatableKeys.contains(key) && source.strings[key] != "" {
                // A rejected entry is reported as such, not as missing too.
                let translated = translations.contains {
                    $0.strings[key] != nil || $0.plurals[key] != nil || $0.rejectedEntries[key] != nil
                }
                if !translated { missing.append(UInt32(position)) }
            }
            findings.append(missing: .init(
                module: module.name, developmentRegion: module.developmentRegion, locale: locale, table: tableName,
                file: file, keys: keys, positions: missing))
        }
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
