/// Plural variants against the CLDR categories of the locale (FORMATS.md §2.4, §5): a category the locale requires but
/// the entry lacks, or one it never selects, is a warning. `zero` is exempt from the latter: Apple uses a present
/// `zero` for 0 in every language. A missing `other` is ``MissingOtherRule``'s.
package enum PluralCategoryRule {
    package static func check(_ value: CatalogValue, locale: String, location: Finding.Location) -> [Finding] {
        guard case .plural(let entry) = value else { return [] }
        let rules = PluralRules.cardinal(for: locale)
        var findings: [Finding] = []
        for (name, variable) in formats(in: entry).flatMap({ $0.variables }).sorted(by: { $0.key < $1.key }) {
            let present = Set(variable.forms.keys)
            let missing = onlyConsumesItsArgument(variable)
                ? [] : rules.categories.subtracting(present).subtracting([.other]).sorted()
            if !missing.isEmpty {
                findings.append(Finding(
                    code: "plural.missing-category", severity: .warning,
                    message: "variable '\(name)' lacks \(list(missing)), which CLDR plural rules for \(locale) use (rules of \(PluralRules.ruleLocaleID(.cardinal, for: locale))); add \(missing.count == 1 ? "it" : "them") or those numbers show the 'other' text",
                    location: location))
            }
            let extra = present.subtracting(rules.categories).subtracting([.zero]).sorted()
            if !extra.isEmpty {
                findings.append(Finding(
                    code: "plural.extra-category", severity: .warning,
                    message: "variable '\(name)' has \(list(extra)), which \(locale) never selects (its categories: \(list(rules.categories.sorted()))); remove \(extra.count == 1 ? "it" : "them")",
                    location: location))
            }
        }
        return findings
    }

    /// All variants empty, or several copies of one text: no category can be missing (a lone `other` is usually one
    /// language's plural).
    static func onlyConsumesItsArgument(_ variable: PluralVariable) -> Bool {
        let texts = Set(variable.forms.values)
        return texts == [""] || (variable.forms.count > 1 && texts.count == 1)
    }

    /// Including those nested in device variants.
    package static func formats(in entry: StringsdictEntry) -> [PluralFormat] {
        switch entry {
        case .format(let format): [format]
        case .device(let variants): variants.keys.sorted().flatMap { formats(in: variants[$0]!) }
        case .width, .text: []
        }
    }

    private static func list(_ categories: [PluralCategory]) -> String {
        categories.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
}
