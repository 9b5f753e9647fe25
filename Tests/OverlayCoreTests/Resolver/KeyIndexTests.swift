import Foundation
import Testing
@testable import OverlayCore

/// The handle's key index answers exactly as a `[String: Int]` would, canonical equivalence included.
@Suite struct KeyIndexTests {
    /// The three scalars `asciiSpelling` maps are exactly the non-ASCII scalars Swift calls equal to an ASCII one.
    @Test func asciiSpellingCoversEveryScalarEqualToASCII() {
        var ascii: [String: UInt8] = [:]
        for byte in UInt8(0)..<0x80 { ascii[String(UnicodeScalar(byte))] = byte }
        var equalToASCII: [UInt32: UInt8] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if let byte = ascii[String(scalar)] { equalToASCII[value] = byte }
        }
        #expect(equalToASCII == [0x037E: UInt8(ascii: ";"), 0x1FEF: UInt8(ascii: "`"), 0x212A: UInt8(ascii: "K")])
        for (value, byte) in equalToASCII {
            #expect(KeyIndex.asciiSpelling(String(Unicode.Scalar(value)!)) == [byte])
        }
        #expect(KeyIndex.asciiSpelling("caf\u{E9}") == nil)
        #expect(KeyIndex.asciiSpelling("a\u{212A}b") == Array("aKb".utf8))
    }

    static let keys: [String] = {
        var keys = ["", "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "screen1.label1", "screen1.label10",
                    "caf\u{E9}", "cafe\u{301}", "\u{212A}elvin", "Kelvin", "q\u{37E}", "q;", "\u{1FEF}x", "`x",
                    "日本語のキー", "emoji 👍🏽", "e\u{301}\u{323}", "e\u{323}\u{301}", String(repeating: "long key ", count: 40)]
        for index in 0..<3_000 { keys.append("screen\(index % 40).element\(index).title") }
        return keys
    }()

    /// Entries looked up by every spelling: the same answers as a dictionary that keeps the first insertion of each
    /// key.
    @Test func answersAsADictionary() {
        let index = KeyIndex()
        var expected: [String: Int] = [:]
        for key in Self.keys {
            let (entry, inserted) = index.insert(key)
            #expect(inserted == (expected[key] == nil), "\(key)")
            if expected[key] == nil { expected[key] = entry }
            #expect(expected[key] == entry, "\(key)")
        }
        #expect(index.count == Set(Self.keys).count)
        for key in Self.keys + ["absent", "screen1.label2", "Kelvin2", "cafe", "caf", "\u{212A}", "K"] {
            #expect(index.entry(for: key) == expected[key], "\(key)")
            if let entry = index.entry(for: key) { #expect(index.key(at: entry) == key) }
        }
    }
}
