extension StringProtocol {
    /// Whether the text is exactly `count` lowercase hex digits: a SHA-256 is 64, a store's id 32.
    package func isLowercaseHex(count: Int) -> Bool {
        utf8.count == count && utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
