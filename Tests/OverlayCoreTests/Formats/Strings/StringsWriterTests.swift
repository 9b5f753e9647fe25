import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

@Suite struct StringsWriterTests {
    @Test func writesOneQuotedLinePerEntryAfterTheComment() {
        let data = StringsWriter.write([(key: "greeting", value: "Hi \"you\"\n"), (key: "b\\", value: "\t\u{1}\u{2028}")],
            comment: "Generated */ here")
        #expect(String(decoding: data, as: UTF8.self) == """
            /* Generated * / here */

            "greeting" = "Hi \\"you\\"\\n";
            "b\\\\" = "\\t\\U0001\\U2028";

            """)
    }

    @Test func writesEntriesInTheGivenOrderIncludingDuplicates() throws {
        let file = try StringsReader.read(Fixtures.data("formats/strings/duplicate-key.strings"))
        let data = StringsWriter.write(file.entries)
        let written = try StringsReader.read(data)
        #expect(written.entries.map(\.key) == ["title", "other", "title"])
        #expect(written.entries.map(\.value) == ["First", "x", "Second"])
        #expect(data.withUnsafeBytes { StringsTextDecoding.detect($0.assumingMemoryBound(to: UInt8.self)) } == .utf8(bomLength: 0))
    }

    @Test func emptyTableIsAnEmptyFileOrJustTheComment() throws {
        #expect(StringsWriter.write([(key: String, value: String)]()).isEmpty)
        let commented = StringsWriter.write([(key: String, value: String)](), comment: "No entries")
        #expect(try StringsReader.read(commented).entries.isEmpty)
    }

    /// Characters that stress escaping, quoting and the grammar's whitespace and comment rules.
    static let alphabet: [String] = [
        "a", "Z", "0", " ", "\"", "'", "\\", "\n", "\r", "\r\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "e\u{301}", "ß", "Ж", "م", "中", "😀", "👩‍👩‍👧", "🇫🇷", "\u{10FFFF}", "\u{FFFD}",
        "/*", "*/", "//", ";", "=", "{", "}", "(", "<", "%@", "%1$d", "\\U", "\\u00e9", "\\351", "$", "/", ":",
    ]

    /// Random `.strings` content from a seed, so failures reproduce.
    struct Generator {
        var random: SplitMix64
        init(state: UInt64) { random = SplitMix64(state: state) }
        mutating func int(below bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

        mutating func string() -> String {
            var result = ""
            for _ in 0..<int(below: 12) {
                if int(below: 5) == 0 {
                    // Any scalar at all, surrogates excluded by construction.
                    let value = UInt32(int(below: 0x10FFFF - 0x800))
                    result.unicodeScalars.append(Unicode.Scalar(value < 0xD800 ? value : value + 0x800) ?? "?")
                } else {
                    result += StringsWriterTests.alphabet[int(below: StringsWriterTests.alphabet.count)]
                }
            }
            return result
        }
    }

    @Test("read(write(x)) gives back x for generated Unicode tables", arguments: 0..<40)
    func roundTrips(seed: Int) throws {
        var generator = Generator(state: UInt64(seed))
        let pairs = (0..<(1 + generator.int(below: 25))).map { _ in (key: generator.string(), value: generator.string()) }
        let data = StringsWriter.write(pairs, comment: generator.string())
        let file = try StringsReader.read(data)
        #expect(file.entries.map(\.key).elementsEqual(pairs.map(\.key), by: { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }))
        #expect(file.entries.map(\.value).elementsEqual(pairs.map(\.value), by: { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }))
        #expect(file.warnings.isEmpty)
        #expect(StringsWriter.write(file.entries, comment: nil) == StringsWriter.write(pairs, comment: nil))
    }

    @Test("Foundation reads what we write to the same dictionary", arguments: 0..<20)
    func foundationReadsOurOutput(seed: Int) throws {
        var generator = Generator(state: UInt64(1_000 + seed))
        var pairs: [(key: String, value: String)] = []
        var seen = Set<String>()
        for _ in 0..<(1 + generator.int(below: 25)) {
            let key = generator.string()
            // Keys equal as Swift strings (canonically equivalent) would collapse differently once bridged.
            if seen.insert(key).inserted { pairs.append((key, generator.string())) }
        }
        let data = StringsWriter.write(pairs)
        let oracle = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: String])
        #expect(try StringsReader.read(data).dictionary == oracle)
    }
}
