/// The distinct keys lookups asked for and no layer had, by module. Kept in ``Localizer/Mode/development`` only, on a
/// miss; misses past a bound are counted, not kept.
///
/// ```swift
/// for (module, keys) in localizer.missedKeys().modules {
///     print(module, keys.map(\.key))            // Checkout ["cart.titel"]
/// }
/// ```
public struct MissedKeys: Sendable, Hashable {
    public struct Key: Sendable, Hashable, Comparable {
        public var table: String
        public var key: String

        public init(table: String, key: String) {
            self.table = table
            self.key = key
        }

        /// Table, then key, in byte order.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            lhs.table == rhs.table ? String.utf8Precedes(lhs.key, rhs.key) : String.utf8Precedes(lhs.table, rhs.table)
        }
    }

    public static let perModuleLimit = 1_000
    public static let moduleLimit = 256
    /// In UTF-8 bytes.
    public static let maxKeyBytes = 1_024

    /// Module → its distinct missed keys, sorted.
    public var modules: [String: [Key]] = [:]
    /// Module → misses of keys not kept, per lookup (telling them apart would need the set the bound keeps small).
    public var overflow: [String: Int] = [:]
    /// Misses in modules past ``moduleLimit``, per lookup.
    public var unrecordedModuleMisses = 0

    public init() {}
}

extension MissedKeys {
    /// Behind the counters' lock; only a miss calls it.
    mutating func record(module: String, table: String, key: String) {
        guard modules[module] != nil || modules.count < Self.moduleLimit else {
            unrecordedModuleMisses += 1
            return
        }
        let missed = Key(table: table, key: key)
        let keys = modules[module] ?? []
        if keys.contains(missed) { return }
        guard key.utf8.count <= Self.maxKeyBytes, table.utf8.count <= Self.maxKeyBytes, keys.count < Self.perModuleLimit
        else {
            overflow[module, default: 0] += 1
            return
        }
        modules[module, default: []].insert(missed, at: keys.firstIndex { missed < $0 } ?? keys.count)
    }
}
