/// Word-at-a-time byte searches (SWAR): eight bytes per step where the text has nothing of interest.
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// True exactly when some byte of `word` is zero.
    @inline(__always)
    static func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }

    /// True exactly when some byte of `word` is below `bound` (`bound` ≤ 128).
    @inline(__always)
    static func hasByte(below bound: UInt8, in word: UInt64) -> Bool { (word &- broadcast(bound)) & ~word & highBits != 0 }

    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        // Only called with index + 8 <= bytes.count, so baseAddress is non-nil.
        UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + index).loadUnaligned(as: UInt64.self)
    }

    /// The first index at or after `start` holding `first` or `second`, or `bytes.count`.
    static func firstIndex(of first: UInt8, or second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let a = broadcast(first), b = broadcast(second)
        var index = start
        while index + 8 <= bytes.count {
            let word = word(bytes, at: index)
            if hasZeroByte(word ^ a) || hasZeroByte(word ^ b) { break }
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
            if hasZeroByte(word ^ a) || hasZeroByte(word ^ b) || hasZeroByte(word ^ c) { break }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == first || byte == second || byte == third { break }
            index += 1
        }
        return index
    }
}
