import Foundation
@testable import OverlayCore
import Testing

@Suite("Locale identifier normalisation (FORMATS.md §6.1)")
struct LocaleIdentifierTests {
    static let normalisations: [(input: String, expected: String)] = [
        ("en", "en"), ("en.lproj", "en"), ("EN_us", "en-US"), ("en_US.lproj", "en-US"),
        ("zh_CN", "zh-CN"), ("zh_TW.lproj", "zh-TW"), ("zh-hant-hk", "zh-Hant-HK"), ("ZH_HANS", "zh-Hans"),
        ("es-419", "es-419"), ("sr_Latn", "sr-Latn"), ("pt_PT", "pt-PT"),
        ("English", "en"), ("French.lproj", "fr"), ("German", "de"), ("Japanese", "ja"), ("Spanish", "es"),
        ("Italian", "it"), ("Dutch", "nl"), ("Chinese", "zh-Hant"), ("Norwegian", "nb"), ("Tagalog", "fil"),
        ("iw", "he"), ("in", "id"), ("ji", "yi"), ("mo", "ro"), ("tl", "fil"), ("sh", "sr-Latn"),
        ("iw_IL", "he-IL"), ("sh-Cyrl", "sr-Cyrl"), ("cnr", "sr-ME"), ("eng", "en"), ("ger", "de"),
        ("en_US@calendar=gregorian", "en-US"), ("en-US-u-ca-buddhist", "en-US"), ("de-CH-1996", "de-CH-1996"),
        ("root", "root"), ("en-US-x-private", "en-US"), ("english", "english"),
    ]

    @Test("normalises lproj names and tags", arguments: normalisations)
    func normalise(input: String, expected: String) {
        #expect(LocaleIdentifier(input)?.description == expected)
    }

    @Test("Base, empty and malformed names are not languages",
          arguments: ["Base", "Base.lproj", "base", "", ".lproj", "e", "en--US", "en_US_", "en-Latn-Hant", "123", "en-Latn-US-ab"])
    func rejected(input: String) {
        #expect(LocaleIdentifier(input) == nil)
    }

    @Test("isBase recognises Base.lproj only", arguments: [("Base", true), ("Base.lproj", true), ("en", false), ("Based", false)])
    func isBase(name: String, expected: Bool) {
        #expect(LocaleIdentifier.isBase(name) == expected)
    }

    static let likely: [(input: String, expected: String)] = [
        ("zh", "zh-Hans-CN"), ("zh-TW", "zh-Hant-TW"), ("zh-Hant", "zh-Hant-TW"), ("zh-HK", "zh-Hant-HK"),
        ("sr", "sr-Cyrl-RS"), ("pt", "pt-Latn-BR"), ("und-419", "es-Latn-419"), ("en-001", "en-Latn-001"),
        ("sr-Latn", "sr-Latn-RS"), ("und", "en-Latn-US"), ("root", "root"), ("qqq", "qqq"), ("qqq-Cyrl", "qqq-Cyrl-RU"),
    ]

    @Test("addLikelySubtags", arguments: likely)
    func maximized(input: String, expected: String) throws {
        #expect(try #require(LocaleIdentifier(input)).maximized().description == expected)
    }

    static let lookupTags: [(input: String, expected: String)] = [
        ("zh-TW", "zh-Hant-TW"), ("zh-Hans", "zh"), ("zh-CN", "zh-CN"), ("zh-HK", "zh-Hant-HK"),
        ("sr-Latn", "sr-Latn"), ("sr", "sr"), ("en-IN", "en-IN"),
    ]

    @Test("lookup tag keeps a script only when it is not the language's default", arguments: lookupTags)
    func lookupTag(input: String, expected: String) throws {
        #expect(try #require(LocaleIdentifier(input)).lookupTag.description == expected)
    }

    /// The remembered parse answers as a fresh one, the first time and the second, past the cache's bound, and for
    /// spellings that Swift calls equal but that parse apart (the cache must not hand one the other's answer).
    @Test func rememberedParseAgreesWithAFreshOne() {
        var names = ["Ko", "\u{212A}o", "ko", "\u{212A}O", "fr", "fr-CA", "fr_CA.lproj", "Base", "", "zh-Hant-TW", "e\u{301}n"]
        for table in [CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases] {
            names += table.split(whereSeparator: { $0 == " " || $0 == "\n" }).prefix(400).map(String.init)
        }
        #expect(Set(names).count > LocaleIdentifier.parseCacheLimit)
        for _ in 0..<2 {
            for name in names + names.reversed() {
                #expect(LocaleIdentifier(name) == LocaleIdentifier.parseUncached(name), "\(name.debugDescription)")
            }
        }
    }
}
