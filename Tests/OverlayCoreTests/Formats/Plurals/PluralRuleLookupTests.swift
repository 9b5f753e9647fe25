import OverlayCore
import OverlayTestSupport
import Testing

@Suite("Plural rule locale lookup (FORMATS.md §5.4)")
struct PluralRuleLookupTests {
    static let cardinalCases: [(id: String, expected: String)] = [
        ("ru", "ru"), ("root", "root"), ("pt_PT", "pt_PT"), ("pt-PT", "pt_PT"),
        ("pt-AO", "pt_PT"), ("pt-MZ", "pt_PT"), ("pt-BR", "pt"),
        ("in", "in"), ("iw", "iw"), ("mo", "mo"), ("tl", "tl"), ("sh", "sh"),
        ("sr-Latn", "sr"), ("bs-Cyrl", "bs"), ("az-Cyrl", "az"), ("zh-Hant-HK", "zh"), ("zh-Hant", "zh"),
        ("en-IN", "en"), ("es-MX", "es"), ("fr-CA", "fr"), ("fr_CA.lproj", "fr"), ("French", "fr"),
        ("nb", "nb"), ("sr-Latn-ME", "sr"),
        // parentLocales gives hi-Latn → en-IN → en-001 → en, so Hinglish takes English rules (§5.4 step 2).
        ("hi-Latn", "en"),
        ("xx", "root"), ("Base", "root"), ("not a locale", "root"), ("", "root"),
    ]

    @Test("cardinal rule locale", arguments: cardinalCases)
    func cardinal(id: String, expected: String) {
        #expect(PluralRules.ruleLocaleID(.cardinal, for: id) == expected)
    }

    @Test("ordinal lookup canonicalises ids not listed in ordinals.xml")
    func ordinalAlias() {
        // `ji` is not listed in ordinals.xml: it canonicalises to `yi`, unlisted too, so root applies.
        #expect(PluralRules.ruleLocaleID(.ordinal, for: "iw") == "iw")
        #expect(PluralRules.ruleLocaleID(.ordinal, for: "en-GB") == "en")
        #expect(PluralRules.ruleLocaleID(.ordinal, for: "ji") == "root")
    }

    @Test("lookups are stable under concurrent use")
    func concurrentLookups() async {
        let ids = ["ru", "pt-AO", "sr-Latn", "ar", "zh-Hant-HK", "en-IN"]
        let results = await withTaskGroup(of: (String, PluralCategory).self) { group in
            for index in 0..<200 {
                let id = ids[index % ids.count]
                group.addTask { (id, PluralRules.cardinal(for: id).category(for: 2)) }
            }
            var results: [String: Set<PluralCategory>] = [:]
            for await (id, category) in group { results[id, default: []].insert(category) }
            return results
        }
        #expect(results["ru"] == [.few])
        #expect(results["ar"] == [.two])
        #expect(results.values.allSatisfy { $0.count == 1 })
    }
}
