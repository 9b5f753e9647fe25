import Testing

@testable import OverlayCore

/// The chunked searches the `.strings` walk runs over quoted strings and comments find the same index as a byte loop,
/// for every start, length and position of the byte sought, across and beside chunk boundaries.
@Suite struct ByteScanningTests {
    static let filler: [UInt8] = [0x00, 0x21, 0x61, 0x7F, 0x80, 0xFF]

    @Test func firstOfTwoMatchesAByteLoop() {
        for length in 0..<40 {
            for filler in Self.filler {
                for target in [nil] + Array(0..<length) as [Int?] {
                    for sought in [UInt8(0x22), 0x5C] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if let target { bytes[target] = sought }
                        for start in 0...length {
                            let found = bytes.withUnsafeBufferPointer {
                                ByteScanning.firstIndex(of: 0x22, or: 0x5C, in: $0, from: start)
                            }
                            let expected = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C } ?? length
                            #expect(found == expected, "length \(length) target \(String(describing: target)) start \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test func firstOfThreeMatchesAByteLoop() {
        let sought: Set<UInt8> = [0x0A, 0x0D, 0xE2]
        for length in 0..<40 {
            for filler in Self.filler {
                for target in [nil] + Array(0..<length) as [Int?] {
                    for byte in sought {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if let target { bytes[target] = byte }
                        for start in stride(from: 0, through: length, by: 3) {
                            let found = bytes.withUnsafeBufferPointer {
                                ByteScanning.firstIndex(of: 0x0A, 0x0D, 0xE2, in: $0, from: start)
                            }
                            #expect(found == bytes[start...].firstIndex(where: sought.contains) ?? length)
                        }
                    }
                }
            }
        }
    }

    /// Two bytes sought in one chunk: the first wins, in either half of it.
    @Test func theEarlierOfTwoMatchesWins() {
        for first in 0..<16 {
            for second in (first + 1)..<17 {
                var bytes = [UInt8](repeating: 0x61, count: 32)
                bytes[first] = 0x5C
                bytes[second] = 0x22
                let found = bytes.withUnsafeBufferPointer { ByteScanning.firstIndex(of: 0x22, or: 0x5C, in: $0, from: 0) }
                #expect(found == first)
            }
        }
    }
}
