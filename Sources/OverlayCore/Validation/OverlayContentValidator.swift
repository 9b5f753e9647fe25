/// Checks an overlay module's tables against the build's shipped catalog: key syntax and size, placeholders
/// against the shipped reference (the development-language value, or what the translations agree on for a table the
/// development language lacks: ``ReferenceTable``), CLDR plural categories, and table coverage.
///
/// A value byte-identical to the one the build ships in the same locale cannot change what the app shows: its
/// findings are kept but marked ``Finding/isAlreadyShipped``, so they never reject the archive.
package enum OverlayContentValidator {
    package static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits = .default, strictFormats: Bool = false
    ) -> [Finding] {
        validate(overlay, shipped: shipped, limits: limits, strictFormats: strictFormats, fastPaths: true)
    }

    /// `fastPaths` lets an entry that is provably clean (a plain string, a well-formed shipped key, specifiers that
    /// pass against the shipped value's) skip the rules; only the others are sorted and checked, which gives the same
    /// findings in the same order since a clean entry has none. With it off every rule runs on every entry, which
    /// the equivalence tests compare against.
    static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits, strictFormats: Bool,
        fastPaths: Bool
    ) -> [Finding] {
        let development = shipped?.developmentTables ?? [:]
        var findings: [Finding] = []
        // References by table, prepared once and shared by every locale.
        let verdicts = PlaceholderVerdicts(strict: strictFormats)
        var references: [String: ReferenceTable] = [:]
        for identifier in overlay.localeIdentifiers {
            guard let localization = overlay.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() {
                guard let table = localization.tables[tableName] else { continue }
                let reference = references[tableName] ?? ReferenceTable(module: shipped, table: tableName)
                references[tableName] = reference
                let shippedHere = shipped?.localizations[identifier]?.tables[tableName]
                    ?? (identifier == overlay.developmentRegion ? development[tableName] : nil)
                findings += table.rejectionFindings(module: overlay.name, locale: identifier, shipped: shippedHere)
                let keys = fastPaths
                    ? uncleanKeys(of: table, reference: reference, verdicts: verdicts, limits: limits) : table.keys
                for key in keys {
                    guard let value = table.value(forKey: key) else { continue }
                    let shippedValue = reference.value(forKey: key)
                    let origin = table.origins[key]
                    let location = Finding.Location(
                        file: origin?.file, line: origin?.line, module: overlay.name, locale: identifier,
                        table: tableName, key: key)
                    var entry = KeySyntaxRule.check(
                        key: key, value: value, knownToShipped: shippedValue != nil, limits: limits, location: location)
                    if let shippedValue {
                        // A text without arguments the app shows as written: its `%` is text (FORMATS.md §4.6).
                        if !(shippedValue.acceptsPlainText && ValueRules.takesNoArguments(value)) {
                            entry += PlaceholderRule.check(
                                value, shippedSource: shippedValue.slots, strict: strictFormats, location: location)
                        }
                    } else {
                        entry += ValueRules.ownFormatIssues(value).map { $0.finding(at: location) }
                    }
                    entry += PluralCategoryRule.check(value, locale: identifier, location: location)
                    findings += entry.markingShipped(
                        if: !entry.isEmpty && shippedHere?.value(forKey: key)?.isIdentical(to: value) == true)
                }
                findings += TableCoverageRule.check(
                    overlay: table, shipped: shippedHere, module: overlay.name, locale: identifier)
            }
        }
        return findings
    }

    /// The keys of `table` the rules must look at, in byte order: plurals, keys the build does not ship, and plain
    /// strings the fast checks cannot clear. Walks the dictionary as it is stored (no sort, no lookup into it).
    private static func uncleanKeys(
        of table: CatalogTable, reference: ReferenceTable, verdicts: PlaceholderVerdicts, limits: ValidationLimits
    ) -> [String] {
        var unclean = Array(table.plurals.keys)
        for (key, text) in table.strings where table.plurals.isEmpty || table.plurals[key] == nil {
            if let shippedValue = reference.value(forKey: key),
                KeySyntaxRule.isClean(key: key, text: text, limits: limits),
                PlaceholderRule.isClean(text, shipped: shippedValue, verdicts: verdicts)
            {
                continue
            }
            unclean.append(key)
        }
        return unclean.sorted(by: String.utf8Precedes)
    }
}

extension Array where Element == Finding {
    /// These findings, marked as being about a value the build already ships when `shipped` holds.
    func markingShipped(if shipped: Bool) -> [Finding] {
        guard shipped else { return self }
        return map { finding in
            var marked = finding
            marked.isAlreadyShipped = true
            return marked
        }
    }
}
