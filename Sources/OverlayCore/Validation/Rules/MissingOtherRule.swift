/// A plural variable without `other` (FORMATS.md §2.4, §5.5). In Polish or Russian no whole number selects `other`, and
/// translators leave it out: with a whole-number value type and every category whole numbers select, every count
/// renders (a warning, the entry served). Otherwise some number finds no variant and the entry is refused.
package enum MissingOtherRule {
    package enum Verdict: Equatable, Sendable {
        case renders
        /// The clause says which number finds no variant, and why.
        case blocks(String)
    }

    package static func verdict(_ variable: PluralVariable, locale: String) -> Verdict {
        guard variable.forms[.other] == nil else { return .renders }
        guard let type = FormatParser.valueType(variable.valueType),
            [.int32, .int64, .uint32, .uint64].contains(type.argumentClass)
        else {
            return .blocks("its value type \(variable.valueType) passes fractions such as 1.5, which select 'other' in every language")
        }
        let rules = PluralRules.cardinal(for: locale)
        let reach = rules.integerReach(stopAtOther: true)
        if let number = reach[.other] {
            return .blocks("\(number) selects 'other' in \(locale)")
        }
        let missing = reach.filter { variable.forms[$0.key] == nil }.sorted { $0.key < $1.key }
        if let first = missing.first {
            let list = missing.map { "'\($0.key.rawValue)' (\($0.value))" }.joined(separator: ", ")
            return .blocks("it also lacks \(list), and \(first.value) then finds no variant in \(locale)")
        }
        return .renders
    }

    package static func warningMessage(_ name: String, locale: String) -> String {
        "variable '\(name)' has no 'other' variant; \(locale) selects 'other' only for fractions, which its whole-number value type never passes, and every category whole numbers select is here, so devices render every count — add 'other' (the fraction form) all the same: Xcode and Apple's documentation expect it"
    }
}
