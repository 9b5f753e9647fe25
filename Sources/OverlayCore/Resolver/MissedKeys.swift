/// The distinct keys that lookups asked for and no layer had, by module: what code asks for and no catalog has.
///
/// Kept only by a Localizer in ``Localizer/Mode/development`` mode (a production build pays nothing), and only on a
/// miss, so the hit path is untouched. Bounded: at most ``perModuleLimit`` keys per module, ``moduleLimit``
/// modules and keys of at most ``maxKeyBytes`` UTF-8 bytes; misses past a bound are counted, not kept.
///
/// ```swift
/// for (module, keys) in localizer.missedKeys().modules {
///     print(module, keys.map(\.key))            // Checkout ["cart.titel"]
/// }
/// ```
public struct MissedKeys: Sendable, Hashable {
    /// One missed key and the table it was asked in.
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

    /// The most distinct keys kept per module.
    public static let perModuleLimit = 1_000
    /// The most modules keys are kept for.
    public static let moduleLimit = 256
    /// The longest key kept, in UTF-8 bytes.
    public static let maxKeyBytes = 1_024

    /// Module → its distinct missed keys, sorted.
    public var modules: [String: [Key]] = [:]
    /// Module → misses of keys not kept (the module was full, or the key too long). Counted per lookup: telling
    /// them apart would need the very set the bound keeps small.
    public var overflow: [String: Int] = [:]
    /// Misses in modules past ``moduleLimit``, per lookup.
    public var unrecordedModuleMisses = 0

    public init() {}
}

/// The mutable side of ``MissedKeys``, behind the counters' lock.
struct MissRecorder: Sendable {
    private var keys: [String: Set<MissedKeys.Key>] = [:]
    private var overflow: [String: Int] = [:]
    private var unrecordedModuleMisses = 0

    mutating func record(module: String, table: String, key: String) {
        guard keys[module] != nil || keys.count < MissedKeys.moduleLimit else {
            unrecordedModuleMisses += 1
            return
        }
        let missed = MissedKeys.Key(table: table, key: key)
        if keys[module]?.contains(missed) == true { return }
        guard key.utf8.count <= MissedKeys.maxKeyBytes, table.utf8.count <= MissedKeys.maxKeyBytes,
            (keys[module]?.count ?? 0) < MissedKeys.perModuleLimit
        else {
            overflow[module, default: 0] += 1
            return
        }
        keys[module, default: []].insert(missed)
    }

    var snapshot: MissedKeys {
        var result = MissedKeys()
        result.modules = keys.mapValues { $0.sorted() }
        result.overflow = overflow
        result.unrecordedModuleMisses = unrecordedModuleMisses
        return result
    }
}
