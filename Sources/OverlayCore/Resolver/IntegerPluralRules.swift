/// The CLDR rules of one locale compiled for non-negative integer counts, where v = w = f = t = c = e = 0: the
/// category of every count below ``tableLimit`` read from a table, larger counts evaluated on the relations that
/// still depend on the count. Same answers as `PluralRules.category(forInteger:)`; shared by every value of the
/// rule set, so the table is built once per locale family, on its first plural render.
///
/// `@unchecked Sendable`: immutable; the table is written in `init` and freed in `deinit`.
final class IntegerPluralRules: @unchecked Sendable {
    /// Counts below this read their category from the table (a UI's counts nearly always do).
    static let tableLimit = 1_024

    /// The table's bytes, valid while this object lives.
    let table: UnsafePointer<UInt8>
    /// The rules in evaluation order with every relation on a fraction operand folded away.
    private let rules: [Rule]

    /// `n` or `i` (equal for an integer), optionally modulo, against ranges.
    struct Relation: Sendable {
        /// 0 when the relation has no modulus.
        var modulus: UInt64
        var ranges: [ClosedRange<UInt64>]
        var isNegated: Bool
    }

    struct Rule: Sendable {
        var order: Int
        /// `or` of `and`s; an empty `and` always holds.
        var alternatives: [[Relation]]
    }

    init(_ rules: PluralRules) {
        var compiled: [Rule] = []
        for rule in rules.rules {
            var alternatives: [[Relation]] = []
            for relations in rule.condition.alternatives {
                var kept: [Relation] = []
                var holds = true
                for relation in relations {
                    switch relation.operand {
                    case .n, .i:
                        kept.append(Relation(
                            modulus: relation.modulus ?? 0, ranges: relation.ranges, isNegated: relation.isNegated))
                    case .v, .w, .f, .t, .c, .e:  // 0 for every integer: the relation is a constant
                        if !relation.matches(integer: 0) { holds = false }
                    }
                }
                if holds { alternatives.append(kept) }
            }
            if !alternatives.isEmpty { compiled.append(Rule(order: rule.category.order, alternatives: alternatives)) }
        }
        self.rules = compiled
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.tableLimit)
        for count in 0..<Self.tableLimit { table[count] = UInt8(rules.category(forInteger: UInt64(count)).order) }
        self.table = UnsafePointer(table)
    }

    deinit {
        table.deallocate()
    }

    /// ``PluralCategory/order`` of the count's category.
    @inline(__always)
    func categoryOrder(_ count: UInt64) -> Int {
        if count < UInt64(Self.tableLimit) { return Int(table[Int(count)]) }
        return evaluate(count)
    }

    /// The category of a count at or past ``tableLimit``.
    func evaluate(_ count: UInt64) -> Int {
        for rule in rules {
            for relations in rule.alternatives where Self.allHold(relations, count) { return rule.order }
        }
        return PluralCategory.other.order
    }

    private static func allHold(_ relations: [Relation], _ count: UInt64) -> Bool {
        for relation in relations {
            let operand = relation.modulus == 0 ? count : count % relation.modulus
            var inRange = false
            for range in relation.ranges where range.contains(operand) {
                inRange = true
                break
            }
            if inRange == relation.isNegated { return false }
        }
        return true
    }

    /// The compiled rules for `rules`, built on first use. Rule sets come from the CLDR data, so the cache is small;
    /// it is capped all the same.
    static func shared(_ rules: PluralRules) -> IntegerPluralRules {
        if let cached = cache.withLock({ $0[rules] }) { return cached }
        let built = IntegerPluralRules(rules)
        return cache.withLock { cache in
            if let existing = cache[rules] { return existing }
            if cache.count < cacheLimit { cache[rules] = built }
            return built
        }
    }

    private static let cache = LockedValue<[PluralRules: IntegerPluralRules]>([:])
    private static let cacheLimit = 256
}
