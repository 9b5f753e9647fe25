/// Word-at-a-time byte searches (SWAR): eight bytes per step where the text has nothing of interest.
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// The high bit set in each byte of `word` that is zero, and maybe in bytes after one (a borrow runs upward), so
    /// the lowest bit set marks exactly the first zero byte.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highBits }

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

    /// The first index at or after `start` holding `first` or `second`, or `bytes.count`.
    static func firstIndex(of first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let a = broadcast(first), b = broadcast(second)
        var index = start
        while index + 8 <= bytes.count {
            let word = word(bytes, at: index)
            let found = zeroBytes(word ^ a) | zeroBytes(word ^ b)
            if found != 0 { return index + firstMarked(found) }
            index += 8
        }
        while index < bytes.count && bytes[index] != first && bytes[index] != second { index += 1 }
        return index
    }

    /// The first index at or after `start` holding `first`, `second` or `third`, or `bytes.count`.
    static func firstIndex(
        of first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        let a = broadcast(first), b = broadcast(second), c = broadcast(third)
        var index = start
        while index + 8 <= bytes.count {
            let word = word(bytes, at: index)
            let found = zeroBytes(word ^ a) | zeroBytes(word ^ b) | zeroBytes(word ^ c)
            if found != 0 { return index + firstMarked(found) }
            index += 8
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
        var index = start
        while index + 8 <= bytes.count {
            if jsonSpecialBytes(in: word(bytes, at: index)) != 0 { break }
            index += 8
        }
        return index
    }

    /// Non-zero when any byte of `word` is below 0x20, at or above 0x80, `"` or `\`. Exact per byte: each test
    /// looks at a byte already known to be below 0x80, so no borrow crosses into the next byte.
    @inline(__always)
    static func jsonSpecialBytes(in word: UInt64) -> UInt64 {
        let low7 = word & ~highBits
        // Per byte b < 0x80: (b + 0x60) has its high bit set iff b >= 0x20; likewise b ^ c + 0x7F iff b != c.
        let atLeastSpace = low7 &+ broadcast(0x60)
        let notQuote = (low7 ^ broadcast(0x22)) &+ broadcast(0x7F)
        let notBackslash = (low7 ^ broadcast(0x5C)) &+ broadcast(0x7F)
        return (word | ~atLeastSpace | ~notQuote | ~notBackslash) & highBits
    }
}
