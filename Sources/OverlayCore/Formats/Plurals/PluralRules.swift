/// The plural rules of one locale: conditions for zero, one, two, few and many; `other` otherwise.
package struct PluralRules: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case cardinal, ordinal
    }

    struct Rule: Sendable, Hashable {
        var category: PluralCategory
        var condition: PluralCondition
    }

    let rules: [Rule]

    package let categories: Set<PluralCategory>

    package static let otherOnly = PluralRules(rules: [])

    private init(rules: [Rule]) {
        self.rules = rules.sorted { $0.category < $1.category }
        self.categories = Set(rules.map(\.category) + [.other])
    }

    /// Builds rules from CLDR condition texts (samples after `@` are ignored); only `other` has no condition.
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

    package func category(for operands: PluralOperands) -> PluralCategory {
        rules.first { $0.condition.matches(operands) }?.category ?? .other
    }

    /// A number as written (`"1.0"`, `"1.2c6"`); nil when the text is not a number.
    package func category(for number: String) -> PluralCategory? {
        PluralOperands(number).map(category(for:))
    }

    package func category(for number: Int) -> PluralCategory {
        category(for: PluralOperands(number))
    }
}
