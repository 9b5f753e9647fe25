@testable import OverlayCore
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

    @Test("chain follows parentLocales, then truncation, stopping before root", arguments: chains)
    func chain(tag: String, expected: [String]) {
        #expect(LocaleIdentifier(tag)?.chain.map(\.description) ?? [] == expected)
    }

    @Test("parent", arguments: [("zh-Hant", "root"), ("sr-Latn", "root"), ("fr", "root"), ("fr-CA", "fr"),
                                     ("en-IN", "en-001"), ("hi-Latn", "en-IN"), ("zh-Hant-HK", "zh-Hant")])
    func parent(tag: String, expected: String) {
        #expect(LocaleIdentifier(tag)?.parent?.description == expected)
    }

    @Test("root has no parent")
    func rootParent() {
        #expect(LocaleIdentifier("root")?.parent == nil)
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

    /// Every tag CLDR's tables name, parsed.
    static let cldrTags: [LocaleIdentifier] = {
        var tags: [LocaleIdentifier] = []
        for table in [CLDRLocaleData.parentLocales, CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases] {
            for word in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if let tag = LocaleIdentifier(String(word)) { tags.append(tag) }
            }
        }
        return tags
    }()

    /// What `fallbackChain` skips on: maximizing keeps every language but `und`, so candidates of another language
    /// are never maximized.
    @Test func maximizingKeepsEveryLanguageButUnd() {
        #expect(Self.cldrTags.count > 2_000)
        var undChanged = 0
        for tag in Self.cldrTags {
            let maximized = tag.maximized()
            if tag.language == "und" {
                if maximized.language != "und" { undChanged += 1 }
            } else {
                #expect(maximized.language == tag.language, "\(tag) maximizes to \(maximized)")
            }
        }
        #expect(undChanged > 0)  // the exception is real: `und-Hant` → `zh`
    }

    /// The chain equals the one that compares the maximized form of every candidate, for preferences and
    /// localizations drawn from CLDR's tags (`und` ones included).
    @Test func fallbackChainAgreesWithMaximizingEveryCandidate() {
        let names = Self.cldrTags.map(\.description) + ["und", "und-Hant", "und-Latn-RS", "zh-Hant", "zh-TW", "root"]
        var generator = SplitMix64(seed: 0xFA11_BAC)
        for _ in 0..<2_000 {
            func pick(_ count: ClosedRange<Int>) -> [String] {
                (0..<Int.random(in: count, using: &generator)).map { _ in names.randomElement(using: &generator)! }
            }
            let available = pick(1...8) + (Bool.random(using: &generator) ? ["Base"] : [])
            let preferences = pick(1...3)
            let development = names.randomElement(using: &generator)!
            let chain = LocaleIdentifier.fallbackChain(
                preferences: preferences, available: available, developmentRegion: development)
            let reference = Self.referenceChain(
                preferences: preferences, available: available, developmentRegion: development)
            #expect(chain == reference, "\(preferences) over \(available), development \(development)")
        }
    }

    /// FORMATS.md §6.4 steps 1–3 with every candidate maximized up front.
    static func referenceChain(preferences: [String], available: [String], developmentRegion: String) -> [String] {
        var candidates = available.compactMap { name in LocaleIdentifier(name).map { (name: name, tag: $0) } }
        let development = LocaleIdentifier(developmentRegion)
        if available.contains(where: LocaleIdentifier.isBase), let development,
            !candidates.contains(where: { $0.tag == development })
        {
            candidates.append((developmentRegion, development))
        }
        let maximized = candidates.map { $0.tag.maximized() }
        func matches(_ preference: LocaleIdentifier) -> [String] {
            var result: [String] = []
            for element in preference.lookupTag.chain {
                for candidate in candidates where candidate.tag == element && !result.contains(candidate.name) {
                    result.append(candidate.name)
                }
                for (index, candidate) in candidates.enumerated()
                where maximized[index] == element.maximized() && !result.contains(candidate.name) {
                    result.append(candidate.name)
                }
            }
            return result
        }
        var result: [String] = []
        for preference in preferences {
            guard let tag = LocaleIdentifier(preference) else { continue }
            result = matches(tag)
            if !result.isEmpty { break }
        }
        if let development {
            for name in matches(development) where !result.contains(name) { result.append(name) }
        }
        if result.isEmpty, let first = candidates.first { result.append(first.name) }
        return result
    }
}
