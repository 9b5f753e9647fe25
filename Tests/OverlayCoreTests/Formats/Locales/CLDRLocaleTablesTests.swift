import Testing
@testable import OverlayCore

/// `SortedPairs` against a plain Character-level dictionary parse, over every generated table and the shapes a
/// hand-edited table could take; the generator writes each table sorted, so a launch never sorts one.
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

    @Test(arguments: [
        CLDRLocaleData.parentLocales, CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases,
        LegacyLocalizationNames.table,
    ])
    func generatedTablesParseAsBefore(_ table: String) {
        let pairs = SortedPairs(table)
        let reference = Self.reference(table)
        #expect(pairs.count > 10)
        #expect(pairs.isPresorted)
        #expect(pairs.dictionary == reference)
        for (key, value) in reference { #expect(pairs[key] == value) }
        #expect(pairs["zz-not-a-key"] == nil)
        #expect(pairs[""] == nil)
        // What a launch uses: the same answers bisecting the text, for every key and for keys between, before and
        // after them.
        let inPlace = SortedPairs.inPlace(table)
        for (key, value) in reference {
            #expect(inPlace[key] == value)
            #expect(inPlace[key + "!"] == nil && inPlace[String(key.dropLast())] == reference[String(key.dropLast())])
        }
        #expect(inPlace["zz-not-a-key"] == nil && inPlace[""] == nil && inPlace["\u{0}"] == nil && inPlace["~~~"] == nil)
        #expect(inPlace.dictionary == reference)
    }

    /// Bisecting over the shapes a sorted table can take: one line, blank lines, extra spaces, a line that is not a
    /// pair (scanned), no final newline.
    @Test(arguments: ["", "a b", "a b\n", "a 1\nb 2\nc 3\nd 4\ne 5", "a 1\n\nb 2\nc 3 x\nd 4\n", "  a   1  \nb 2\n"])
    func inPlaceShapes(_ text: String) {
        let pairs = SortedPairs.inPlace(text)
        let reference = Self.reference(text)
        for (key, value) in reference { #expect(pairs[key] == value, "\(key)") }
        for missing in ["", "0", "aa", "bb", "c", "z"] where reference[missing] == nil { #expect(pairs[missing] == nil) }
    }

    @Test(arguments: [
        "", "\n\n", "a b", "a b\n", "  a   b  \n", "a b c\nd e", "a\nb c", "a b\na c", "x y\n\nz w\n", "é ü\nß ẞ",
    ])
    func edgeShapes(_ text: String) {
        let pairs = SortedPairs(text)
        let reference = Self.reference(text)
        #expect(pairs.dictionary == reference)
        for (key, value) in reference { #expect(pairs[key] == value) }
        #expect(pairs["q"] == nil)
    }

    /// Unsorted text with repeated keys (a hand edit) reads as the dictionary would: sorted once, first one wins.
    @Test func unsortedTextIsSortedOnceAndTheFirstOccurrenceWins() {
        let pairs = SortedPairs("m 1\nb 2\nz 3\nb 4\na 5\nm 6")
        #expect(!pairs.isPresorted)
        #expect(pairs.count == 4)
        #expect(pairs["b"] == "2")
        #expect(pairs["m"] == "1")
        #expect(pairs["a"] == "5")
        #expect(pairs["z"] == "3")
    }

    @Test func knownEntries() {
        #expect(CLDRLocaleTables.parents["en-IN"] == "en-001")
        #expect(CLDRLocaleTables.likelySubtags["zh-TW"] == "zh-Hant-TW")
        #expect(CLDRLocaleTables.languageAliases["iw"] == "he")
        #expect(CLDRLocaleTables.legacyNames["English"] == "en")
    }
}
