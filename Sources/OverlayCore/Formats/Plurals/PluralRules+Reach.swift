extension PluralRules {
    /// Each category whole numbers select, with the smallest number found selecting it. Past the largest bound `B`
    /// a number behaves as its remainder modulo the largest modulus `M` (CLDR's divide one another), so the numbers
    /// below `B` and one stretch past `B` meet every category; other moduli walk a whole period.
    package func integerReach(stopAtOther: Bool = false) -> [PluralCategory: UInt64] {
        var bound: UInt64 = 0
        var moduli: Set<UInt64> = []
        var rangeOfModulus: [UInt64: UInt64] = [:]
        for rule in rules {
            for relations in rule.condition.alternatives {
                for relation in relations where relation.operand == .n || relation.operand == .i {
                    let top = (relation.ranges.map(\.upperBound).max() ?? 0) + 1
                    if let modulus = relation.modulus, modulus > 0 {
                        moduli.insert(modulus)
                        rangeOfModulus[modulus] = max(rangeOfModulus[modulus] ?? 0, top)
                    } else {
                        bound = max(bound, top)
                    }
                }
            }
        }
        var candidates: [ClosedRange<UInt64>] = [0...max(bound, 200)]
        if let largest = moduli.max() {
            if moduli.allSatisfy({ largest % $0 == 0 }) {
                let smaller = moduli.filter { $0 != largest }.reduce(UInt64(1)) { Self.leastCommonMultiple($0, $1) }
                let start = max(1, (bound + largest - 1) / largest) * largest
                candidates.append(start...(start + (rangeOfModulus[largest] ?? 0) + smaller))
            } else {
                let period = min(moduli.reduce(UInt64(1)) { Self.leastCommonMultiple($0, $1) }, 10_000_000)
                candidates.append(bound...(bound + period))
            }
        }
        var reached: [PluralCategory: UInt64] = [:]
        for range in candidates {
            for number in range {
                guard reached.count < categories.count else { return reached }
                let category = category(forInteger: number)
                guard reached[category] == nil else { continue }
                reached[category] = number
                if category == .other && stopAtOther { return reached }
            }
        }
        return reached
    }

    private static func leastCommonMultiple(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        return overflow ? UInt64.max : product
    }
}
