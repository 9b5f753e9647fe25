/// Checks an overlay module's tables against the build's shipped catalog: key syntax and size, placeholders
/// against the shipped development-language value, CLDR plural categories, and table coverage.
public enum OverlayContentValidator {
    public static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits = .default, strictFormats: Bool = false
    ) -> [Finding] {
        validate(overlay, shipped: shipped, limits: limits, strictFormats: strictFormats, fastPaths: true)
    }

    /// `fastPaths` lets an entry that is provably clean (a plain string, a well-formed shipped key, specifiers byte
    /// for byte the shipped value's) skip the rules; with it off every rule runs on every entry, which the
    /// equivalence tests compare against.
    static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits, strictFormats: Bool,
        fastPaths: Bool
    ) -> [Finding] {
        let development = shipped?.developmentTables ?? [:]
        var findings: [Finding] = []
        // Shipped values by table and key, prepared once and shared by every locale.
        let sequences = SequenceVerdicts(strict: strictFormats)
        var shippedTables: [String: ShippedTable] = [:]
        for identifier in overlay.localeIdentifiers {
            guard let localization = overlay.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() {
                guard let table = localization.tables[tableName] else { continue }
                let source = development[tableName]
                let shippedTable = shippedTables[tableName] ?? ShippedTable(source, sequences: sequences)
                shippedTables[tableName] = shippedTable
                let entries = shippedTable.entries(of: table, reusingOrder: fastPaths)
                for index in entries.keys.indices {
                    let key = entries.keys[index]
                    let value = entries.values[index]
                    let shippedValue = entries.shipped[index]
                    if fastPaths, let shippedValue, case .string(let text) = value,
                        KeySyntaxRule.isClean(key: key, text: text, limits: limits),
                        PlaceholderRule.isClean(text, shipped: shippedValue)
                    {
                        continue
                    }
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
}

/// One shipped development table as the overlay's tables of that name meet it, locale after locale.
final class ShippedTable {
    /// An overlay table's entries in byte order of keys, with the shipped value of each key.
    struct Entries {
        var keys: [String]
        var values: [CatalogValue]
        var shipped: [ShippedValue?]
    }

    private let table: CatalogTable?
    private let sequences: SequenceVerdicts
    private var values: [String: ShippedValue?] = [:]
    /// The previous locale's order: locales of a module usually have the same keys, and sorting them was a fifth of
    /// validation's time.
    private var last = Entries(keys: [], values: [], shipped: [])

    init(_ table: CatalogTable?, sequences: SequenceVerdicts) {
        self.table = table
        self.sequences = sequences
        values.reserveCapacity(table?.keyCount ?? 0)
    }

    /// `overlay`'s entries in byte order of keys; the previous table's order when `reusingOrder` and it has the
    /// same keys, byte for byte.
    func entries(of overlay: CatalogTable, reusingOrder: Bool) -> Entries {
        if reusingOrder, !last.keys.isEmpty, last.keys.count == overlay.keyCount,
            let values = overlay.values(forKeysSpelledAs: last.keys)
        {
            last.values = values
            return last
        }
        let keys = overlay.keys
        last = Entries(keys: keys, values: keys.map { overlay.value(forKey: $0)! }, shipped: keys.map(value(forKey:)))
        return last
    }

    /// The shipped value of `key`, or nil when the build does not ship it.
    func value(forKey key: String) -> ShippedValue? {
        if let known = values[key] { return known }
        let value = table?.value(forKey: key).map { ShippedValue($0, sequences: sequences) }
        values[key] = .some(value)
        return value
    }
}
