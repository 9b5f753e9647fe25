/// A plural variable without `other` (FORMATS.md §2.4, §5.5). CLDR gives `other` to the numbers no other category
/// takes; in Polish, Russian, Ukrainian and Belarusian no whole number is one of them (`other` is for fractions),
/// and translators leave it out ("one, few, many" is the whole of their grammar). Such a variable renders every count
/// a device can pass when its value type is a whole number and it has every category whole numbers select: a warning,
/// and the entry is served. Otherwise some number finds no variant — a fraction for a `%f` value type, 2 in Czech
/// (`other`), 5 in Russian without `many` — and the entry is refused, as before.
package enum MissingOtherRule {
    package enum Verdict: Equatable, Sendable {
        /// Every number the value type passes selects a variant the variable has.
        case renders
        /// Some number finds no variant; the clause says which and why.
        case blocks(String)
    }

    /// The verdict for `variable` in `locale`'s CLDR cardinal rules; `.renders` when it has `other`.
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

    /// The warning for a variable that renders without `other`.
    package static func warningMessage(_ name: String, locale: String) -> String {
        "variable '\(name)' has no 'other' variant; \(locale) selects 'other' only for fractions, which its whole-number value type never passes, and every category whole numbers select is here, so devices render every count — add 'other' (the fraction form) all the same: Xcode and Apple's documentation expect it"
    }
}

extension MissingOtherRule {
    /// Screens the `.stringsdict` entries a String Catalog compiled to for `locale` (the `.stringsdict` reader does the
    /// same for its files): an entry with a variable that goes without `other` stays, with a warning, when it renders
    /// every count; otherwise it is taken out and returned as rejected, for this language only — the key's other
    /// languages, and its source text, still serve.
    package static func screen(
        _ entries: inout [String: StringsdictEntry], locale: String, file: String, line: (String) -> Int?
    ) -> (warnings: [Finding], rejected: [String: StringsdictFile.Rejection]) {
        var warnings: [Finding] = []
        var rejected: [String: StringsdictFile.Rejection] = [:]
        for key in entries.keys.sorted(by: String.utf8Precedes) {
            guard let entry = entries[key] else { continue }
            let variables = PluralCategoryRule.formats(in: entry).flatMap { $0.variables }
                .filter { $0.value.forms[.other] == nil }.sorted { $0.key < $1.key }
            guard !variables.isEmpty else { continue }
            var blocking: [String] = []
            for (name, variable) in variables {
                switch verdict(variable, locale: locale) {
                case .renders:
                    warnings.append(Finding(
                        code: "plural.missing-other", severity: .warning, message: warningMessage(name, locale: locale),
                        location: .init(file: file, line: line(key), locale: locale, key: key)))
                case .blocks(let why):
                    blocking.append("the plural variation \(name) has no \"other\" form, and \(why); add it")
                }
            }
            guard !blocking.isEmpty else { continue }
            entries[key] = nil
            rejected[key] = StringsdictFile.Rejection(
                key: key,
                error: StringsdictError(
                    code: .missingOther, message: blocking.joined(separator: "; "),
                    location: line(key).map { SourceLocation(line: $0, column: 1) }, key: key),
                canonical: PropertyListWriter.xml(entry.propertyList))
        }
        return (warnings, rejected)
    }
}

extension StringsdictEntry {
    /// The entry as a property list with every dictionary in key order: equal entries give equal bytes.
    var propertyList: PropertyListValue {
        func dictionary(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
            .dictionary(pairs.sorted { $0.0 < $1.0 }.map { PropertyListEntry(key: $0.0, keyLocation: nil, value: $0.1) }, nil)
        }
        switch self {
        case .text(let text):
            return .string(text, nil)
        case .width(let variants):
            return dictionary([("NSStringVariableWidthRuleType", dictionary(variants.map { ("\($0.key)", .string($0.value, nil)) }))])
        case .device(let variants):
            return dictionary([("NSStringDeviceSpecificRuleType", dictionary(variants.map { ($0.key, $0.value.propertyList) }))])
        case .format(let plural):
            return dictionary([("NSStringLocalizedFormatKey", .string(plural.format, nil))] + plural.variables.map { name, variable in
                (name, dictionary([("NSStringFormatValueTypeKey", .string(variable.valueType, nil))]
                    + variable.forms.map { ($0.key.rawValue, .string($0.value, nil)) }))
            })
        }
    }
}
