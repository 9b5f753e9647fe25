import Testing
@testable import OverlayCore

/// `SortedPairs` against a plain Character-level dictionary parse, over every generated table and the shapes a
/// sorted table can take; the generator writes each table sorted, so a launch never sorts one.
struct CLDRLocaleTablesTests {
    static func reference(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { continue }
            let key = String(fields[0])
            if result[key] == nil { result[key] = String(fields[1]) }
        }
        return result
    }

    /// The generator's promise the bisection relies on: every line two fields, sorted by key bytes, each key once.
    @Test(arguments: [
        CLDRLocaleData.parentLocales, CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases,
        LegacyLocalizationNames.table,
    ])
    func generatedTablesAreSortedAndReadAsADictionary(_ table: String) {
        let lines = table.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.split(separator: " ").count == 2 })
        let keys = lines.map { Array($0.split(separator: " ")[0].utf8) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let pairs = SortedPairs(table)
        let reference = Self.reference(table)
        for (key, value) in reference {
            #expect(pairs[key] == value)
            #expect(pairs[key + "!"] == nil && pairs[String(key.dropLast())] == reference[String(key.dropLast())])
        }
        #expect(pairs["zz-not-a-key"] == nil && pairs[""] == nil && pairs["\u{0}"] == nil && pairs["~~~"] == nil)
    }

    /// Bisecting over the shapes a generated table can take: empty, one line, no final newline, non-ASCII keys.
    @Test(arguments: [
        "", "\n\n", "a b", "a b\n", "a 1\nb 2\nc 3\nd 4\ne 5", "a 1\nb 2\nc 3\nd 4\n", "x y\nz w\n", "ß ẞ\né ü",
    ])
    func sortedShapes(_ text: String) {
        let pairs = SortedPairs(text)
        let reference = Self.reference(text)
        for (key, value) in reference { #expect(pairs[key] == value, "\(key)") }
        for missing in ["", "0", "aa", "bb", "c", "q", "z"] where reference[missing] == nil {
            #expect(pairs[missing] == nil)
        }
    }

    @Test func knownEntries() {
        #expect(CLDRLocaleTables.parents["en-IN"] == "en-001")
        #expect(CLDRLocaleTables.likelySubtags["zh-TW"] == "zh-Hant-TW")
        #expect(CLDRLocaleTables.languageAliases["iw"] == "he")
        #expect(CLDRLocaleTables.legacyNames["English"] == "en")
    }
}
