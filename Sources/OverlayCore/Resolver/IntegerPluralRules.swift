/// The category of every count below ``tableLimit`` for one locale's CLDR rules, read from a table built once per
/// rule set on its first plural render: a UI's counts nearly always fall in it (larger ones are evaluated).
///
/// `@unchecked Sendable`: immutable; the table is written in `init` and freed in `deinit`.
final class IntegerPluralRules: @unchecked Sendable {
    static let tableLimit = 1_024

    /// ``PluralCategory/order`` per count, valid while this object lives.
    let table: UnsafePointer<UInt8>

    init(_ rules: PluralRules) {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.tableLimit)
        for count in 0..<Self.tableLimit { table[count] = UInt8(rules.category(forInteger: UInt64(count)).order) }
        self.table = UnsafePointer(table)
    }

    deinit {
        table.deallocate()
    }

    /// The table for `rules`, built on first use. Rule sets come from the CLDR data, so the cache is small; it is
    /// capped all the same.
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
