/// Checks an overlay module's tables against the build's shipped catalog: key syntax and size, placeholders
/// against the shipped development-language value, CLDR plural categories, and table coverage.
public enum OverlayContentValidator {
    public static func validate(
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
        // Shipped values by table and key, prepared once and shared by every locale.
        let verdicts = PlaceholderVerdicts(strict: strictFormats)
        var shippedTables: [String: ShippedTable] = [:]
        for identifier in overlay.localeIdentifiers {
            guard let localization = overlay.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() {
                guard let table = localization.tables[tableName] else { continue }
                let source = development[tableName]
                let shippedTable = shippedTables[tableName] ?? ShippedTable(source)
                shippedTables[tableName] = shippedTable
                let keys = fastPaths
                    ? uncleanKeys(of: table, shipped: shippedTable, verdicts: verdicts, limits: limits) : table.keys
                for key in keys {
                    guard let value = table.value(forKey: key) else { continue }
                    let shippedValue = shippedTable.value(forKey: key)
                    let origin = table.origins[key]
                    let location = Finding.Location(
                        file: origin?.file, line: origin?.line, module: overlay.name, locale: identifier,
                        table: tableName, key: key)
                    findings += KeySyntaxRule.check(
                        key: key, value: value, knownToShipped: shippedValue != nil, limits: limits, location: location)
                    if let shippedValue {
                        findings += PlaceholderRule.check(
                            value, shippedSource: shippedValue.slots, strict: strictFormats, location: location)
                    } else {
                        findings += ValueRules.ownFormatIssues(value).map { $0.finding(at: location) }
                    }
                    findings += PluralCategoryRule.check(value, locale: identifier, location: location)
                }
                findings += TableCoverageRule.check(
                    overlay: table, shipped: shipped?.localizations[identifier]?.tables[tableName] ?? (identifier == overlay.developmentRegion ? source : nil),
                    module: overlay.name, locale: identifier)
            }
        }
        return findings
    }

    /// The keys of `table` the rules must look at, in byte order: plurals, keys the build does not ship, and plain
    /// strings the fast checks cannot clear. Walks the dictionary as it is stored (no sort, no lookup into it).
    private static func uncleanKeys(
        of table: CatalogTable, shipped: ShippedTable, verdicts: PlaceholderVerdicts, limits: ValidationLimits
    ) -> [String] {
        var unclean = Array(table.plurals.keys)
        for (key, text) in table.strings where table.plurals.isEmpty || table.plurals[key] == nil {
            if let shippedValue = shipped.value(forKey: key),
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

/// One shipped development table, its values prepared on first use by key.
final class ShippedTable {
    private let table: CatalogTable?
    private var values: [String: ShippedValue?] = [:]

    init(_ table: CatalogTable?) {
        self.table = table
        values.reserveCapacity(table?.keyCount ?? 0)
    }

    /// The shipped value of `key`, or nil when the build does not ship it.
    func value(forKey key: String) -> ShippedValue? {
        if let known = values[key] { return known }
        let value = table?.value(forKey: key).map(ShippedValue.init)
        values[key] = .some(value)
        return value
    }
}
