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
                let entries = Entries(
                    module: overlay.name, locale: identifier, table: table, reference: reference,
                    shipped: shipped?.localizations[identifier]?.tables[tableName]
                        ?? (identifier == overlay.developmentRegion ? development[tableName] : nil),
                    limits: limits, strictFormats: strictFormats)
                findings += table.rejectionFindings(module: overlay.name, locale: identifier, shipped: entries.shipped)
                for key in uncleanKeys(of: table, reference: reference, verdicts: verdicts, limits: limits) {
                    findings += entries.findings(forKey: key)
                }
                findings += TableCoverageRule.check(
                    overlay: table, shipped: entries.shipped, module: overlay.name, locale: identifier)
            }
        }
        return findings
    }

    struct Entries {
        var module: String
        var locale: String
        var table: CatalogTable
        var reference: ReferenceTable
        var shipped: CatalogTable?
        var limits: ValidationLimits
        var strictFormats: Bool

        /// A key the build does not ship is checked for its value's own format problems.
        func findings(forKey key: String) -> [Finding] {
            guard let value = table.value(forKey: key) else { return [] }
            let shippedValue = reference.value(forKey: key)
            let origin = table.origins[key]
            let location = Finding.Location(
                file: origin?.file, line: origin?.line, module: module, locale: locale, table: table.name, key: key)
            var entry = KeySyntaxRule.check(
                key: key, value: value, knownToShipped: shippedValue != nil, limits: limits, location: location)
            if let shippedValue {
                // A text without arguments the app shows as written: its `%` is text (FORMATS.md §4.6).
                if !(shippedValue.acceptsPlainText && ValueRules.takesNoArguments(value)) {
                    entry += ValueRules.compatibility(source: shippedValue.slots, translation: value, strict: strictFormats)
                        .map { $0.finding(at: location) }
                }
            } else {
                entry += ValueRules.ownFormatIssues(value).map { $0.finding(at: location) }
            }
            entry += PluralCategoryRule.check(value, locale: locale, location: location)
            entry += RenderBoundRule.check(value, limits: limits, location: location)
            return entry.markingShipped(if: !entry.isEmpty && shipped?.value(forKey: key)?.isIdentical(to: value) == true)
        }
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
    package func markingShipped(if shipped: Bool) -> [Finding] {
        guard shipped else { return self }
        return map { finding in
            var marked = finding
            marked.isAlreadyShipped = true
            return marked
        }
    }
}
