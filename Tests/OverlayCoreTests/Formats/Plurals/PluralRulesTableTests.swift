import OverlayCore
import OverlayTestSupport
import Testing

@Suite("Plural rules of tricky locales (FORMATS.md §5.3)")
struct PluralRulesTableTests {
    static let cardinalCases: [(locale: String, number: String, expected: PluralCategory)] = [
        ("ru", "1", .one), ("ru", "21", .one), ("ru", "2", .few), ("ru", "22", .few),
        ("ru", "0", .many), ("ru", "5", .many), ("ru", "11", .many), ("ru", "111", .many), ("ru", "1.5", .other),
        ("pl", "1", .one), ("pl", "21", .many), ("pl", "2", .few), ("pl", "22", .few),
        ("pl", "0", .many), ("pl", "5", .many), ("pl", "12", .many), ("pl", "1.5", .other),
        ("ar", "0", .zero), ("ar", "1", .one), ("ar", "2", .two), ("ar", "3", .few), ("ar", "10", .few),
        ("ar", "103", .few), ("ar", "11", .many), ("ar", "99", .many),
        ("ar", "100", .other), ("ar", "101", .other), ("ar", "102", .other),
        ("cy", "0", .zero), ("cy", "1", .one), ("cy", "2", .two), ("cy", "3", .few), ("cy", "6", .many),
        ("cy", "4", .other), ("cy", "5", .other), ("cy", "7", .other),
        ("lv", "0", .zero), ("lv", "10", .zero), ("lv", "20", .zero), ("lv", "30", .zero), ("lv", "15", .zero),
        ("lv", "1", .one), ("lv", "21", .one), ("lv", "0.1", .one), ("lv", "1.0", .one),
        ("lv", "2", .other), ("lv", "9", .other),
        ("fr", "0", .one), ("fr", "1", .one), ("fr", "1.5", .one), ("fr", "1000000", .many), ("fr", "1c6", .many),
        ("fr", "1000000.0", .other), ("fr", "1c3", .other), ("fr", "2", .other),
        ("pt", "0", .one), ("pt", "1", .one), ("pt", "1000000", .many),
        ("pt-PT", "0", .other), ("pt-PT", "1", .one), ("pt-PT", "1000000", .many),
        ("pt-AO", "0", .other), ("pt_AO", "0", .other), ("pt-BR", "0", .one),
        ("he", "1", .one), ("he", "2", .two), ("he", "20", .many), ("he", "100", .many),
        ("he", "10", .other), ("he", "21", .other), ("he", "1.0", .other),
        ("ga", "1", .one), ("ga", "2", .two), ("ga", "3", .few), ("ga", "6", .few), ("ga", "7", .many),
        ("ga", "10", .many), ("ga", "0", .other), ("ga", "11", .other),
        ("sl", "1", .one), ("sl", "101", .one), ("sl", "2", .two), ("sl", "102", .two), ("sl", "3", .few),
        ("sl", "4", .few), ("sl", "1.5", .few), ("sl", "0", .other), ("sl", "5", .other), ("sl", "19", .other),
        ("sl", "100", .other),
        ("br", "1", .one), ("br", "21", .one), ("br", "11", .other), ("br", "71", .other), ("br", "91", .other),
        ("br", "2", .two), ("br", "12", .other), ("br", "3", .few), ("br", "9", .few), ("br", "19", .other),
        ("br", "79", .other), ("br", "1000000", .many), ("br", "2000000", .many), ("br", "0", .other),
        ("en", "1", .one), ("en", "1.0", .other), ("en", "-1", .one),
        // Huge and decimal values: `%` is exact on digit strings.
        ("ru", "100000000000000000000001", .one), ("ru", "12345678901234567890.0", .other),
        ("lv", "21.0", .one), ("lv", "0.11", .zero),
    ]

    @Test("cardinal categories", arguments: cardinalCases)
    func cardinal(locale: String, number: String, expected: PluralCategory) {
        #expect(PluralRules.cardinal(for: locale).category(for: number) == expected)
    }

    static let ordinalCases: [(locale: String, number: Int, expected: PluralCategory)] = [
        ("en", 1, .one), ("en", 2, .two), ("en", 3, .few), ("en", 4, .other), ("en", 11, .other),
        ("en", 12, .other), ("en", 13, .other), ("en", 21, .one), ("en", 22, .two), ("en", 23, .few),
        ("fr", 1, .one), ("fr", 2, .other), ("ru", 1, .other),
    ]

    @Test("ordinal categories", arguments: ordinalCases)
    func ordinal(locale: String, number: Int, expected: PluralCategory) {
        #expect(PluralRules.ordinal(for: locale).category(for: number) == expected)
    }

    static let categoryCases: [(locale: String, expected: Set<PluralCategory>)] = [
        ("ja", [.other]), ("en", [.one, .other]), ("ru", [.one, .few, .many, .other]),
        ("ar", [.zero, .one, .two, .few, .many, .other]), ("fr", [.one, .many, .other]),
        ("xx-unknown", [.other]),
    ]

    @Test("categories the locale uses", arguments: categoryCases)
    func categories(locale: String, expected: Set<PluralCategory>) {
        #expect(PluralRules.cardinal(for: locale).categories == expected)
    }

    @Test("invalid numbers give nil, not a crash", arguments: ["", "-", "abc", "1.", ".5", "1..2", "1,5", "1e", "1c-3", "+1", "1 ", "١", "1.2.3"])
    func invalidNumber(text: String) {
        #expect(PluralRules.cardinal(for: "en").category(for: text) == nil)
    }
}
