/// Key → entry number for one handle's keys: open addressing over UTF-8 bytes for ASCII keys, a `[String: Int]` for
/// the others. Swift hashes a `String` over its normalized form, which costs as much as the rest of a lookup; equal
/// ASCII bytes are equal strings, so they take a cheap word hash. The three scalars canonically equal to ASCII
/// (U+037E, U+1FEF, U+212A) are mapped to that spelling on both sides, so keys Swift calls equal still meet.
///
/// `@unchecked Sendable`: written only while its handle is built (``insert(_:)``), before any other thread sees it; a
/// class over buffers, not a struct of arrays: a probe retained and released the arrays, more than it cost.
final class KeyIndex: @unchecked Sendable {
    /// `(tag << 32) | entry`, 0 for an empty slot; the tag is the hash's high half with its lowest bit set.
    private var slots: UnsafeMutableBufferPointer<UInt64>
    private var arena: UnsafeMutablePointer<UInt8>
    private var arenaCount = 0
    private var arenaCapacity: Int
    /// Entry `i` is `arena[bounds[2i]..<bounds[2i+1]]`; a string-keyed entry has `UInt32.max`, then its `stringKeys`
    /// index.
    private var bounds: UnsafeMutablePointer<UInt32>
    private var boundsCount = 0
    private var boundsCapacity: Int
    private var stringEntries: [String: Int] = [:]
    private var stringKeys: [String] = []
    /// Read once per index, not through the global's lazy initializer on every probe.
    private let seed = KeyIndex.processSeed
    /// Entries are numbered in insertion order.
    var count: Int { boundsCount / 2 }

    /// Room for `keys` keys of about `bytesPerKey` bytes, so building a table of a known size never rehashes.
    init(capacity keys: Int = 0, bytesPerKey: Int = 24) {
        var count = 64
        while count < keys * 2 + 2 { count *= 2 }
        slots = .allocate(capacity: count)
        slots.initialize(repeating: 0)
        arenaCapacity = max(keys * bytesPerKey, 64)
        arena = .allocate(capacity: arenaCapacity)
        boundsCapacity = max(keys * 2, 16)
        bounds = .allocate(capacity: boundsCapacity)
    }

    deinit {
        slots.deallocate()
        arena.deallocate()
        bounds.deallocate()
    }

    @inline(__always)
    func entry(for key: String) -> Int? {
        let found = key.utf8.withContiguousStorageIfAvailable { lookUp($0, inserting: false) } ?? .notASCII
        switch found {
        case .found(let entry, _): return entry
        case .absent: return nil
        case .notASCII: return entryOutsideASCII(key)
        }
    }

    func entry(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        switch lookUp(bytes, inserting: false) {
        case .found(let entry, _): return entry
        case .absent: return nil
        case .notASCII: return entryOutsideASCII(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// An ASCII-equivalent key in its ASCII spelling.
    func key(at entry: Int) -> String {
        let end = bounds[2 * entry + 1]
        let start = Int(bounds[2 * entry])
        if end == UInt32.max { return stringKeys[start] }
        return String(decoding: UnsafeBufferPointer(start: arena + start, count: Int(end) - start), as: UTF8.self)
    }

    func insert(_ key: String) -> (entry: Int, inserted: Bool) {
        // Not `withUTF8` on a copy: the copy costs a retain and release per key. A bridged string without contiguous
        // UTF-8 takes the spelling path below.
        let found = key.utf8.withContiguousStorageIfAvailable { lookUp($0, inserting: true) } ?? .notASCII
        if case .found(let entry, let inserted) = found { return (entry, inserted) }
        if let ascii = Self.asciiSpelling(key),
            case .found(let entry, let inserted) = ascii.withUnsafeBufferPointer({ lookUp($0, inserting: true) })
        {
            return (entry, inserted)
        }
        if let entry = stringEntries[key] { return (entry, false) }
        let entry = count
        stringEntries[key] = entry
        appendBounds(UInt32(stringKeys.count), UInt32.max)
        stringKeys.append(key)
        return (entry, true)
    }

    private func entryOutsideASCII(_ key: String) -> Int? {
        guard let ascii = Self.asciiSpelling(key) else { return stringEntries[key] }
        if case .found(let entry, _) = ascii.withUnsafeBufferPointer({ lookUp($0, inserting: false) }) { return entry }
        return nil
    }

    private enum Found {
        case found(Int, inserted: Bool)
        case absent
        case notASCII
    }

    /// Linear probing over ASCII keys; inserting takes the empty slot that ends the probe.
    @inline(__always)
    private func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, inserting: Bool) -> Found {
        let (hash, isASCII) = Self.hash(bytes, seed: seed)
        guard isASCII else { return .notASCII }
        let tag = UInt64(Self.tag(hash)) << 32
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { break }
            if value & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: value & 0xFFFF_FFFF)
                let start = Int(bounds[2 * entry])
                let end = Int(bounds[2 * entry + 1])
                if end - start == bytes.count, Self.equal(arena + start, bytes.baseAddress, count: bytes.count) {
                    return .found(entry, inserted: false)
                }
            }
            slot = (slot + 1) & mask
        }
        guard inserting else { return .absent }
        let entry = count
        let start = UInt32(arenaCount)
        appendArena(bytes)
        appendBounds(start, UInt32(arenaCount))
        slots[slot] = tag | UInt64(entry)
        if count * 2 > slots.count { grow() }  // load ≤ ½: probes stay short
        return .found(entry, inserted: true)
    }

    private func grow() {
        let larger = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: slots.count * 2)
        larger.initialize(repeating: 0)
        let mask = larger.count - 1
        for entry in 0..<count where bounds[2 * entry + 1] != UInt32.max {
            let start = Int(bounds[2 * entry])
            let bytes = UnsafeBufferPointer(start: arena + start, count: Int(bounds[2 * entry + 1]) - start)
            let hash = Self.hash(bytes, seed: seed).hash
            var slot = Int(truncatingIfNeeded: hash) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt64(Self.tag(hash)) << 32 | UInt64(entry)
        }
        slots.deallocate()
        slots = larger
    }

    @inline(__always)
    private func appendArena(_ bytes: UnsafeBufferPointer<UInt8>) {
        if arenaCount + bytes.count > arenaCapacity { growArena(toHold: arenaCount + bytes.count) }
        if let base = bytes.baseAddress { (arena + arenaCount).initialize(from: base, count: bytes.count) }
        arenaCount += bytes.count
    }

    private func growArena(toHold count: Int) {
        let capacity = max(arenaCapacity * 2, count)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.initialize(from: arena, count: arenaCount)
        arena.deallocate()
        arena = larger
        arenaCapacity = capacity
    }

    @inline(__always)
    private func appendBounds(_ start: UInt32, _ end: UInt32) {
        if boundsCount + 2 > boundsCapacity { growBounds() }
        bounds[boundsCount] = start
        bounds[boundsCount + 1] = end
        boundsCount += 2
    }

    private func growBounds() {
        let capacity = boundsCapacity * 2
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        larger.initialize(from: bounds, count: boundsCount)
        bounds.deallocate()
        bounds = larger
        boundsCapacity = capacity
    }

    // MARK: Hashing and comparing

    /// Keys come from signed tables, but a fixed hash would still let a table be built to collide.
    static let processSeed = UInt64.random(in: .min ... .max)

    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) | 1 }

    /// The hash and whether every byte is ASCII.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (hash: UInt64, isASCII: Bool) {
        let count = bytes.count
        var hash = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, count > 0 else { return (mix(hash), true) }
        var high: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            let word = load64(base + index)
            high |= word
            hash = mix(hash ^ word)
            index += 8
        }
        if index < count {
            let word = count >= 8 ? load64(base + count - 8) : tail(base, count: count)  // overlapping: still every byte
            high |= word
            hash = mix(hash ^ word)
        }
        return (mix(hash), high & 0x8080_8080_8080_8080 == 0)
    }

    @inline(__always)
    private static func load64(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
    }

    @inline(__always)
    private static func load32(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
    }

    /// 1 to 7 bytes in one word without reading past them.
    @inline(__always)
    private static func tail(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        if count >= 4 { return load32(base) | load32(base + count - 4) << 32 }
        return UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xA076_1D64_78BD_642F)
        return product.high ^ product.low
    }

    @inline(__always)
    private static func equal(_ left: UnsafePointer<UInt8>?, _ right: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard let left, let right, count > 0 else { return count == 0 }
        if count < 8 { return tail(left, count: count) == tail(right, count: count) }
        var index = 0
        while index + 8 <= count {
            if load64(left + index) != load64(right + index) { return false }
            index += 8
        }
        return index == count || load64(left + count - 8) == load64(right + count - 8)
    }

    /// The ASCII spelling `key` is canonically equal to, or nil: NFD works scalar by scalar, and only these three
    /// non-ASCII scalars decompose to ASCII (the tests check every scalar).
    static func asciiSpelling(_ key: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            case 0x037E: bytes.append(UInt8(ascii: ";"))
            case 0x1FEF: bytes.append(UInt8(ascii: "`"))
            case 0x212A: bytes.append(UInt8(ascii: "K"))
            default: return nil
            }
        }
        return bytes
    }
}
