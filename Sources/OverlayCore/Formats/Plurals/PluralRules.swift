/// The plural rules of one locale: conditions for zero, one, two, few and many; `other` otherwise.
///
/// ```swift
/// let rules = PluralRules.cardinal(for: "ru")
/// rules.category(for: 21)        // .one
/// rules.category(for: "1.5")     // .other
/// rules.category(for: "x")       // nil: not a number
/// ```
package struct PluralRules: Sendable, Hashable {
    /// Which CLDR rule set: `plurals.xml` (cardinal) or `ordinals.xml`.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case cardinal, ordinal
    }

    /// One category and its condition, in evaluation order.
    struct Rule: Sendable, Hashable {
        var category: PluralCategory
        var condition: PluralCondition
    }

    let rules: [Rule]

    /// The categories this locale uses, `other` always included.
    package let categories: Set<PluralCategory>

    /// The rules of the CLDR root locale: everything is `other`.
    package static let otherOnly = PluralRules(rules: [])

    private init(rules: [Rule]) {
        self.rules = rules.sorted { $0.category < $1.category }
        self.categories = Set(rules.map(\.category) + [.other])
    }

    /// Builds rules from CLDR condition texts (samples after `@` are ignored).
    ///
    /// - Throws: `PluralRuleError` for a malformed condition, an empty condition on a category other than
    ///   `other`, or a non-empty condition on `other`.
    package init(conditions: [PluralCategory: String]) throws(PluralRuleError) {
        var rules: [Rule] = []
        for category in conditions.keys.sorted() {
            let condition: PluralCondition
            do {
                condition = try PluralCondition(parsing: conditions[category] ?? "")
            } catch {
                throw PluralRuleError(code: error.code, message: "\(category): \(error.message)", location: error.location)
            }
            switch (category, condition.alternatives.isEmpty) {
            case (.other, true):
                continue
            case (.other, false):
                throw PluralRuleError(code: .invalidCategoryCondition,
                                      message: "'other' has a condition; CLDR 'other' applies when nothing else matches, remove it")
            case (_, true):
                throw PluralRuleError(code: .invalidCategoryCondition,
                                      message: "'\(category)' has no condition; give it one or drop the category")
            case (_, false):
                rules.append(Rule(category: category, condition: condition))
            }
        }
        self.init(rules: rules)
    }

    /// The category of the operands: the first of zero, one, two, few, many that matches, else `other`.
    package func category(for operands: PluralOperands) -> PluralCategory {
        rules.first { $0.condition.matches(operands) }?.category ?? .other
    }

    /// The category of a number as written (`"1.0"`, `"-3"`, `"1.2c6"`); nil when the text is not a number.
    package func category(for number: String) -> PluralCategory? {
        PluralOperands(number).map(category(for:))
    }

    /// The category of an integer (v = 0).
    package func category(for number: Int) -> PluralCategory {
        category(for: PluralOperands(number))
    }
}
