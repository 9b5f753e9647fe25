import Testing
@testable import OverlayCore

/// The byte-level `pairs` parser against a plain Character-level one (what it replaced), over every generated
/// table and the shapes a hand-edited table could take.
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
        let parsed = CLDRLocaleTables.pairs(table)
        #expect(parsed.count > 10)
        #expect(parsed == Self.reference(table))
    }

    @Test(arguments: [
        "", "\n\n", "a b", "a b\n", "  a   b  \n", "a b c\nd e", "a\nb c", "a b\na c", "x y\n\nz w\n", "é ü\nß ẞ",
    ])
    func edgeShapes(_ text: String) {
        #expect(CLDRLocaleTables.pairs(text) == Self.reference(text))
    }

    @Test func knownEntries() {
        #expect(CLDRLocaleTables.parents["en-IN"] == "en-001")
        #expect(CLDRLocaleTables.likelySubtags["zh-TW"] == "zh-Hant-TW")
        #expect(CLDRLocaleTables.languageAliases["iw"] == "he")
        #expect(CLDRLocaleTables.legacyNames["English"] == "en")
    }
}
