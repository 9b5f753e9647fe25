/// Checks an overlay module's tables against the build's shipped catalog: key syntax and size, placeholders
/// against the shipped development-language value, CLDR plural categories, and table coverage.
public enum OverlayContentValidator {
    public static func validate(
        _ overlay: CatalogModule, shipped: CatalogModule?, limits: ValidationLimits = .default, strictFormats: Bool = false
    ) -> [Finding] {
        let development = shipped?.developmentTables ?? [:]
        var findings: [Finding] = []
        // Source slot maps, built once per key and shared by every locale.
        var sourceSlots: [String: [String: SlotMap]] = [:]
        for identifier in overlay.localeIdentifiers {
            guard let localization = overlay.localizations[identifier] else { continue }
            for tableName in localization.tables.keys.sorted() {
                guard let table = localization.tables[tableName] else { continue }
                let source = development[tableName]
                for key in table.keys {
                    guard let value = table.value(forKey: key) else { continue }
                    let origin = table.origins[key]
                    let location = Finding.Location(
                        file: origin?.file, line: origin?.line, module: overlay.name, locale: identifier,
                        table: tableName, key: key)
                    let shippedValue = source?.value(forKey: key)
                    findings += KeySyntaxRule.check(
                        key: key, value: value, knownToShipped: shippedValue != nil, limits: limits, location: location)
                    if let shippedValue {
                        let slots = sourceSlots[tableName]?[key] ?? ValueRules.slotMap(shippedValue)
                        sourceSlots[tableName, default: [:]][key] = slots
                        findings += PlaceholderRule.check(value, shippedSource: slots, strict: strictFormats, location: location)
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
