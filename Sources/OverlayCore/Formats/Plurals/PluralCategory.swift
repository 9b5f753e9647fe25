/// A CLDR plural category. `zero` doubles as Apple's "exactly 0" variant in `.stringsdict`.
package enum PluralCategory: String, Sendable, CaseIterable, Hashable, Comparable, Codable {
    case zero, one, two, few, many, other

    /// CLDR evaluation order.
    package var order: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    package static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.order < rhs.order }
}
