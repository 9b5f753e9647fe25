/// Byte searches sixteen or eight bytes per step where the text has nothing of interest.
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// The index of the byte the lowest bit set in `mask` falls in, counted from a word's first byte.
    @inline(__always)
    static func firstMarked(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }

    /// True exactly when some byte of `word` is below `bound` (`bound` ≤ 128).
    @inline(__always)
    static func hasByte(below bound: UInt8, in word: UInt64) -> Bool { (word &- broadcast(bound)) & ~word & highBits != 0 }

    /// Little-endian on every host, so that a byte's significance follows its order in the text.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self))
    }

    /// Sixteen bytes compared at once: the standard library's `SIMD16` becomes one SSE2 or NEON register.
    typealias Chunk = SIMD16<UInt8>

    @inline(__always)
    static func chunk(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Chunk {
        UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: Chunk.self)
    }

    /// The first lane `mask` sets, at `index` + lane, or nil. Read as two words: `any(_:)` is one instruction on a
    /// mask of equalities but a reduction call on others (LLVM).
    @inline(__always)
    static func firstMarked(_ mask: SIMDMask<SIMD16<Int8>>, at index: Int) -> Int? {
        let words = unsafeBitCast(Chunk(repeating: 0).replacing(with: 0xFF, where: mask), to: SIMD2<UInt64>.self)
        if words[0] != 0 { return index + firstMarked(UInt64(littleEndian: words[0])) }
        if words[1] != 0 { return index + 8 + firstMarked(UInt64(littleEndian: words[1])) }
        return nil
    }

    /// The first index at or after `start` holding `first` or `second`, or `bytes.count`.
    static func firstIndex(of first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let a = Chunk(repeating: first), b = Chunk(repeating: second)
        var index = start
        while index + 16 <= bytes.count {
            let chunk = chunk(bytes, at: index)
            let found = (chunk .== a) .| (chunk .== b)
            if any(found) { return firstMarked(found, at: index) ?? index }
            index += 16
        }
        while index < bytes.count && bytes[index] != first && bytes[index] != second { index += 1 }
        return index
    }

    /// The first index at or after `start` holding `first`, `second` or `third`, or `bytes.count`.
    static func firstIndex(
        of first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        let a = Chunk(repeating: first), b = Chunk(repeating: second), c = Chunk(repeating: third)
        var index = start
        while index + 16 <= bytes.count {
            let chunk = chunk(bytes, at: index)
            let found = (chunk .== a) .| (chunk .== b) .| (chunk .== c)
            if any(found) { return firstMarked(found, at: index) ?? index }
            index += 16
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == first || byte == second || byte == third { break }
            index += 1
        }
        return index
    }

    /// The end of the run of printable ASCII other than `"` and `\`: a launch's JSON strings are digests and paths.
    @inline(__always)
    static func jsonPlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let control = Chunk(repeating: 0xE0), high = Chunk(repeating: 0x80), zero = Chunk(repeating: 0)
        let quote = Chunk(repeating: 0x22), backslash = Chunk(repeating: 0x5C)
        var index = start
        while index + 16 <= bytes.count {
            let chunk = chunk(bytes, at: index)
            let special = (chunk & control .== zero) .| (chunk & high .!= zero) .| (chunk .== quote) .| (chunk .== backslash)
            if let found = firstMarked(special, at: index) { return found }
            index += 16
        }
        return index
    }
}
