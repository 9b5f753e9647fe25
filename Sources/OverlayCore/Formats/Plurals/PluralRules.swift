/// The plural rules of one locale: conditions for zero, one, two, few and many; `other` otherwise.
package struct PluralRules: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case cardinal, ordinal
    }

    package struct Rule: Sendable, Hashable {
        package var category: PluralCategory
        package var condition: PluralCondition

        /// A rule for a category other than `other`, which applies when no rule matches.
        package init(_ category: PluralCategory, _ alternatives: [[PluralRelation]]) {
            self.category = category
            self.condition = PluralCondition(alternatives: alternatives)
        }
    }

    let rules: [Rule]

    package let categories: Set<PluralCategory>

    package static let otherOnly = PluralRules(rules: [])

    package init(rules: [Rule]) {
        self.rules = rules.sorted { $0.category < $1.category }
        self.categories = Set(rules.map(\.category) + [.other])
    }

    package func category(for operands: PluralOperands) -> PluralCategory {
        rules.first { $0.condition.matches(operands) }?.category ?? .other
    }
}
