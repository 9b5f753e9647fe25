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

    /// The byte parse reads every name of printable ASCII as the `Character` parse does: every tag of CLDR's tables,
    /// each in several casings and separators, and 20,000 names made of pieces of tags, valid and not.
    @Test func byteParseAgreesWithTheCharacterParse() {
        var names: [String] = []
        for table in [CLDRLocaleData.parentLocales, CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases] {
            for word in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                names += [String(word), word.uppercased(), word.lowercased(), word.replacingOccurrences(of: "-", with: "_")]
            }
        }
        #expect(names.count > 5_000)
        let pieces = ["en", "ZH", "Hant", "hans", "419", "US", "gb", "1996", "posix", "x", "u", "ca", "root", "ROOT", "a",
                      "abcdefghi", "e1", "9", "-", "_", "", "Latn", "12345", "valencia", "@", "é", " ", "!", "~", "zZ", "`{"]
        var generator = SplitMix64(seed: 0x10CA_1E)
        for _ in 0..<20_000 {
            var name = ""
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                name += pieces.randomElement(using: &generator)!
                if Bool.random(using: &generator) { name += Bool.random(using: &generator) ? "-" : "_" }
            }
            names.append(name)
        }
        var printable = 0
        for name in names {
            let bytes = LocaleIdentifier.parsePrintableASCII(Substring(name))
            let characters = LocaleIdentifier.parseCharacters(Substring(name))
            if let bytes {
                printable += 1
                #expect(bytes == characters, "\(name.debugDescription)")
            } else {
                #expect(name.utf8.contains { $0 < 0x20 || $0 >= 0x7F }, "\(name.debugDescription) is printable ASCII")
            }
        }
        #expect(printable > 20_000)
    }

    /// The simple parse (`fr`, `pt-BR`, `zh_Hant.lproj`) answers only as the general one does: every tag of CLDR's
    /// tables with each separator, with and without `.lproj`, in several casings, and generated names. No legacy CF
    /// name starts with a lower-case letter, which is what lets it skip that table.
    @Test func simpleParseAgreesWithTheGeneralOne() {
        var names: [String] = []
        for table in [CLDRLocaleData.parentLocales, CLDRLocaleData.likelySubtags, CLDRLocaleData.languageAliases] {
            for word in table.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                for spelling in [String(word), word.replacingOccurrences(of: "-", with: "_"), word.lowercased(), word.uppercased()] {
                    names += [spelling, spelling + ".lproj", spelling + ".LPROJ", spelling + "@calendar=x"]
                }
            }
        }
        names += ["fr", "fr-", "fr_", "-fr", "frr", "frrr", "f", "fr-C", "fr-CAA", "fr-ca", "zh-HANT", "zh-hant", "zh-Hant-", "x.lproj",
                  ".lproj", "fr.lproj.lproj", "fr-Hant-TW-x", "base", "root", "und", "in", "iw-IL", "sh", "sh_Latn", "no-NO", "en-001"]
        var simple = 0
        for name in names {
            guard let parsed = LocaleIdentifier.parseSimple(name) else { continue }
            simple += 1
            #expect(parsed == LocaleIdentifier.parseGeneral(name), "\(name.debugDescription)")
        }
        #expect(simple > 1_000)
        for name in LegacyLocalizationNames.table.split(whereSeparator: { $0 == "\n" }).compactMap({ $0.split(separator: " ").first }) {
            #expect(!(name.first.map { $0 >= "a" && $0 <= "z" } ?? false), "\(name) starts with a lower-case letter")
        }
        #expect(LocaleIdentifier.parseSimple("Base") == nil && LocaleIdentifier.parseSimple("English") == nil)
        #expect(LocaleIdentifier.parseSimple("iw")?.description == "he")
    }
}
