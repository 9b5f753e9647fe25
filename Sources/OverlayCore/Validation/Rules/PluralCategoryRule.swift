/// Plural variants against the CLDR categories of the locale (FORMATS.md §2.4, §5): a category the locale requires
/// but the entry lacks, or one the locale never selects, is a warning. `zero` is exempt from "never selects" because
/// Apple uses a present `zero` for the value 0 in every language. A missing `other` is a structural error found by
/// the `.stringsdict` reader.
package enum PluralCategoryRule {
    package static func check(_ value: CatalogValue, locale: String, location: Finding.Location) -> [Finding] {
        guard case .plural(let entry) = value else { return [] }
        let rules = PluralRules.cardinal(for: locale)
        var findings: [Finding] = []
        for (name, variable) in formats(in: entry).flatMap({ $0.variables }).sorted(by: { $0.key < $1.key }) {
            let present = Set(variable.forms.keys)
            // A missing `other` is its own finding (``MissingOtherRule``).
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

    /// A variable whose variants are all empty, or several copies of one text, shows the same for every number: no
    /// category can be missing (a lone `other` is not such a case: its text is usually the plural of one language).
    static func onlyConsumesItsArgument(_ variable: PluralVariable) -> Bool {
        let texts = Set(variable.forms.values)
        return texts == [""] || (variable.forms.count > 1 && texts.count == 1)
    }

    /// Every plural format in an entry, including those nested in device variants.
    static func formats(in entry: StringsdictEntry) -> [PluralFormat] {
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
