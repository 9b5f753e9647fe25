import OverlayCore
import Testing

@Suite("Locale parents and fallback chains (FORMATS.md §6.2, §6.4)")
struct LocaleFallbackTests {
    static let chains: [(tag: String, expected: [String])] = [
        ("en-IN", ["en-IN", "en-001", "en"]),
        ("en-AT", ["en-AT", "en-150", "en-001", "en"]),
        ("es-MX", ["es-MX", "es-419", "es"]),
        ("pt-AO", ["pt-AO", "pt-PT", "pt"]),
        ("zh-Hant-MO", ["zh-Hant-MO", "zh-Hant-HK", "zh-Hant"]),
        ("sr-Latn", ["sr-Latn"]),
        ("fr-CA", ["fr-CA", "fr"]),
        ("nb", ["nb", "no"]),
        ("en_IN.lproj", ["en-IN", "en-001", "en"]),
        ("Base", []),
    ]

    @Test("chain(for:) follows parentLocales, then truncation, stopping before root", arguments: chains)
    func chain(tag: String, expected: [String]) {
        #expect(LocaleIdentifier.chain(for: tag) == expected)
    }

    @Test("parent(of:)", arguments: [("zh-Hant", "root"), ("sr-Latn", "root"), ("fr", "root"), ("fr-CA", "fr"),
                                     ("en-IN", "en-001"), ("hi-Latn", "en-IN"), ("zh-Hant-HK", "zh-Hant")])
    func parent(tag: String, expected: String) {
        #expect(LocaleIdentifier.parent(of: tag) == expected)
    }

    @Test("root has no parent")
    func rootParent() {
        #expect(LocaleIdentifier.parent(of: "root") == nil)
        #expect(LocaleIdentifier.root.parent == nil)
    }

    struct Case: Sendable, CustomStringConvertible {
        var preferences: [String]
        var available: [String]
        var development = "en"
        var expected: [String]
        var description: String { "\(preferences) in \(available) → \(expected)" }
    }

    static let fallbacks: [Case] = [
        Case(preferences: ["en-IN"], available: ["en", "en-001", "fr"], expected: ["en-001", "en"]),
        Case(preferences: ["es-MX"], available: ["en", "es", "es-419"], expected: ["es-419", "es", "en"]),
        Case(preferences: ["pt-AO"], available: ["en", "pt", "pt-PT"], expected: ["pt-PT", "pt", "en"]),
        // zh-TW ≡ zh-Hant; never zh (Simplified).
        Case(preferences: ["zh-TW"], available: ["en", "zh", "zh-Hant"], expected: ["zh-Hant", "en"]),
        Case(preferences: ["zh-Hant"], available: ["en", "zh_TW", "zh_CN"], expected: ["zh_TW", "en"]),
        Case(preferences: ["zh-Hant-MO"], available: ["en", "zh-Hant-HK", "zh-Hant"], expected: ["zh-Hant-HK", "zh-Hant", "en"]),
        Case(preferences: ["zh-Hans"], available: ["en", "zh_CN", "zh-Hant"], expected: ["zh_CN", "en"]),
        Case(preferences: ["zh-HK"], available: ["en", "zh"], expected: ["en"]),
        // sr-Latn's parent is root, not sr.
        Case(preferences: ["sr-Latn"], available: ["en", "sr"], expected: ["en"]),
        Case(preferences: ["fr-CA"], available: ["en", "fr"], expected: ["fr", "en"]),
        // The first preference that matches wins; later ones are not merged.
        Case(preferences: ["de", "fr"], available: ["en", "fr"], expected: ["fr", "en"]),
        Case(preferences: ["fr", "de"], available: ["en", "fr", "de"], expected: ["fr", "en"]),
        // Legacy lproj names and aliases; original names are returned.
        Case(preferences: ["fr-FR"], available: ["English.lproj", "French.lproj"], expected: ["French.lproj", "English.lproj"]),
        Case(preferences: ["he-IL"], available: ["en", "iw"], expected: ["iw", "en"]),
        Case(preferences: ["iw"], available: ["en", "he"], expected: ["he", "en"]),
        Case(preferences: ["sh"], available: ["en", "sr-Latn"], expected: ["sr-Latn", "en"]),
        // Development region appended, and its own chain.
        Case(preferences: ["de"], available: ["de", "en-GB"], development: "en-GB", expected: ["de", "en-GB"]),
        Case(preferences: ["de"], available: ["de", "en"], development: "en-GB", expected: ["de", "en"]),
        // Nothing matched: development region; unavailable too: first available.
        Case(preferences: ["ja"], available: ["fr", "en"], expected: ["en"]),
        Case(preferences: ["ja"], available: ["fr", "de"], expected: ["fr"]),
        Case(preferences: [], available: ["Base", "fr"], development: "fr", expected: ["fr"]),
        // Base is not a language; with Base present the development region counts as available.
        Case(preferences: ["ja"], available: ["Base", "fr"], expected: ["en"]),
        Case(preferences: ["fr"], available: ["Base.lproj", "fr.lproj"], expected: ["fr.lproj", "en"]),
        Case(preferences: ["ja"], available: [], expected: []),
        Case(preferences: ["not a tag", "fr"], available: ["en", "fr"], expected: ["fr", "en"]),
    ]

    @Test("fallbackChain", arguments: fallbacks)
    func fallbackChain(testCase: Case) {
        let result = LocaleIdentifier.fallbackChain(
            preferences: testCase.preferences, available: testCase.available, developmentRegion: testCase.development)
        #expect(result == testCase.expected)
    }
}
