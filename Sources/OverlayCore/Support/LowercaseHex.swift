extension StringProtocol {
    /// Whether the text is exactly `count` lowercase hex digits: a SHA-256 is 64, a store's id 32.
    package func isLowercaseHex(count: Int) -> Bool {
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        // The bytes in place where they are contiguous: a launch checks every revision's digest, and the UTF-8 view's
        // iterator cost several times more a byte.
        return utf8.count == count
            && (utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isDigit) } ?? utf8.allSatisfy(isDigit))
    }
}
