extension PluralRules {
    /// The category of a non-negative integer (v = w = f = t = c = 0), evaluated on the number rather than its digit
    /// strings; the same answer as `category(for: PluralOperands(String(value)))`.
    func category(forInteger value: UInt64) -> PluralCategory {
        let rule = rules.first { rule in
            rule.condition.alternatives.contains { relations in relations.allSatisfy { $0.matches(integer: value) } }
        }
        return rule?.category ?? .other
    }
}

extension PluralRelation {
    /// Whether the relation holds for an integer: `n` and `i` are the value, every fraction operand is 0.
    func matches(integer value: UInt64) -> Bool {
        var operand: UInt64
        switch self.operand {
        case .n, .i: operand = value
        case .v, .w, .f, .t, .c, .e: operand = 0
        }
        if let modulus { operand %= modulus }
        let inRange = ranges.contains { $0.contains(operand) }
        return isNegated ? !inRange : inRange
    }
}
