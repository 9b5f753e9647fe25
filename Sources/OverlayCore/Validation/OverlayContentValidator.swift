/// Checks an overlay module's tables against the build's shipped catalog: key syntax and size, placeholders against
/// the ``ReferenceTable``, CLDR plural categories, the rendering bounds, and table coverage. Findings on a value
/// byte-identical to the shipped one are marked ``Finding/isAlreadyShipped``: it cannot change what the app shows.
package enum OverlayContentValidator {
    package static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits = .default, strictFormats: Bool = false
    ) -> [Finding] {
        let development = shipped?.developmentTables ?? [:]
        var findings: [Finding] = []
        let verdicts = PlaceholderVerdicts(strict: strictFormats, limits: limits)
        var references: [String: ReferenceTable] = [:]
        for identifier in overlay.localeIdentifiers {
            guard let localization = overlay.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() {
                guard let table = localization.tables[tableName] else { continue }
                let reference = references[tableName] ?? ReferenceTable(module: shipped, table: tableName)
                references[tableName] = reference
                let shippedTable = shipped?.localizations[identifier]?.tables[tableName]
                    ?? (identifier == overlay.developmentRegion ? development[tableName] : nil)
                findings += table.rejectionFindings(module: overlay.name, locale: identifier, shipped: shippedTable)
                for key in uncleanKeys(of: table, reference: reference, verdicts: verdicts, limits: limits) {
                    guard let value = table.value(forKey: key) else { continue }
                    let origin = table.origins[key]
                    let location = Finding.Location(
                        file: origin?.file, line: origin?.line, module: overlay.name, locale: identifier,
                        table: table.name, key: key)
                    let entry = keyFindings(
                        forKey: key, value: value, reference: reference.value(forKey: key), locale: identifier,
                        limits: limits, strictFormats: strictFormats, location: location)
                    findings += entry.markingShipped(
                        if: !entry.isEmpty && shippedTable?.value(forKey: key)?.isIdentical(to: value) == true)
                }
                findings += TableCoverageRule.check(
                    overlay: table, shipped: shippedTable, module: overlay.name, locale: identifier)
            }
        }
        return findings
    }

    /// A key the build does not ship is checked for its value's own format problems.
    static func keyFindings(
        forKey key: String, value: CatalogValue, reference: ShippedValue?, locale: String, limits: ValidationLimits,
        strictFormats: Bool, location: Finding.Location
    ) -> [Finding] {
        var findings = KeySyntaxRule.check(
            key: key, value: value, knownToShipped: reference != nil, limits: limits, location: location)
        if let reference {
            // A text without arguments the app shows as written: its `%` is text (FORMATS.md §4.6).
            if !(reference.acceptsPlainText && ValueRules.takesNoArguments(value)) {
                findings += ValueRules.compatibility(source: reference.slots, translation: value, strict: strictFormats)
                    .map { $0.finding(at: location) }
            }
        } else {
            findings += ValueRules.ownFormatIssues(value).map { $0.finding(at: location) }
        }
        return findings + PluralCategoryRule.check(value, locale: locale, location: location)
            + RenderBoundRule.check(value, location: location)
    }

    /// The keys the rules must look at, in byte order: plurals, keys the build does not ship, and plain strings the
    /// fast checks cannot clear (a clean entry has no finding).
    static func uncleanKeys(
        of table: CatalogTable, reference: ReferenceTable, verdicts: PlaceholderVerdicts, limits: ValidationLimits
    ) -> [String] {
        var unclean = Array(table.plurals.keys)
        for (key, text) in table.strings where table.plurals.isEmpty || table.plurals[key] == nil {
            if let shippedValue = reference.value(forKey: key),
                KeySyntaxRule.isClean(key: key, text: text, limits: limits),
                verdicts.isClean(text, shipped: shippedValue)
            {
                continue
            }
            unclean.append(key)
        }
        return unclean.sorted(by: String.utf8Precedes)
    }
}

extension Array where Element == Finding {
    package func markingShipped(if shipped: Bool) -> [Finding] {
        guard shipped else { return self }
        return map { finding in
            var marked = finding
            marked.isAlreadyShipped = true
            return marked
        }
    }
}
