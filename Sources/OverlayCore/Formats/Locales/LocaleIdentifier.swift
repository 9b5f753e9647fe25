/// A locale identifier in BCP 47 form, normalised from an lproj name or a language tag as FORMATS.md §6.1 says
/// (legacy names, aliases, casing). `zh_CN` stays `zh-CN`: `fallbackChain` matches it to `zh-Hans` once maximised.
///
/// ```swift
/// LocaleIdentifier("zh_TW.lproj")?.description      // "zh-TW"
/// LocaleIdentifier("en-IN")?.chain                 // [en-IN, en-001, en]
/// ```
package struct LocaleIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// `root` for the CLDR root locale, `und` when undetermined.
    package var language: String
    package var script: String?
    /// `TW` or a UN M.49 code (`419`).
    package var region: String?
    package var variants: [String]

    package static let root = LocaleIdentifier(language: "root")

    /// Casing is normalised, aliases are not applied.
    package init(language: String, script: String? = nil, region: String? = nil, variants: [String] = []) {
        self.language = language.lowercased()
        self.script = script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        self.region = region?.uppercased()
        self.variants = variants.map { $0.lowercased() }
    }

    /// Nil for `Base`, empty or malformed input. A launch parses the same few names many times, so ASCII names are
    /// cached; only ASCII, as a `String` key would meet a canonically equal spelling that parses differently.
    package init?(_ text: String) {
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let parsed: LocaleIdentifier?
        if isASCII, let cached = Self.parseCache.withLock({ $0[text] }) {
            parsed = cached
        } else {
            parsed = Self.parseUncached(text)
            if isASCII {
                Self.parseCache.withLock { cache in
                    if cache.count < Self.parseCacheLimit { cache[text] = .some(parsed) }
                }
            }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Bounded: names may come from a hostile store or command line.
    private static let parseCache = Guarded<[String: LocaleIdentifier?]>([:])
    static let parseCacheLimit = 256

    static func parseUncached(_ text: String) -> LocaleIdentifier? {
        var name = Substring(text)
        if Self.hasLprojSuffix(name) { name = name.dropLast(6) }
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        guard !name.isEmpty, !isBase(String(name)) else { return nil }
        if let legacy = CLDRLocaleTables.legacyNames[String(name)] { name = Substring(legacy) }
        guard let parsed = parse(name) else { return nil }
        return parsed.applyingLanguageAlias()
    }

    package static func isBase(_ name: String) -> Bool {
        let trimmed = hasLprojSuffix(Substring(name)) ? name.utf8.dropLast(6) : Substring(name).utf8
        return trimmed.count == 4 && trimmed.elementsEqual("base".utf8) { $0 | 0x20 == $1 }
    }

    /// ASCII: `lowercased()` would cost more than the whole parse.
    private static func hasLprojSuffix(_ name: Substring) -> Bool {
        let utf8 = name.utf8
        return utf8.count >= 6 && utf8.suffix(6).elementsEqual(".lproj".utf8) { $0 | 0x20 == $1 }
    }

    package var isRoot: Bool { language == "root" }

    package var description: String {
        ([language] + [script, region].compactMap { $0 } + variants).joined(separator: "-")
    }

    package var bareLanguage: LocaleIdentifier {
        LocaleIdentifier(language: language, script: nil, region: nil, variants: [], normalized: ())
    }

    private static func parse(_ name: Substring) -> LocaleIdentifier? {
        let subtags = name.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = subtags.first, first.allSatisfy({ $0.isASCII && $0.isLetter }),
              (2...3).contains(first.count) || (5...8).contains(first.count) || first.lowercased() == "root"
        else { return nil }
        var result = LocaleIdentifier(language: String(first))
        var index = 1
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy({ $0.isASCII && $0.isLetter }) {
            result.script = LocaleIdentifier(language: "und", script: String(subtags[index])).script
            index += 1
        }
        if index < subtags.count {
            let subtag = subtags[index]
            if (subtag.count == 2 && subtag.allSatisfy({ $0.isASCII && $0.isLetter }))
                || (subtag.count == 3 && subtag.allSatisfy({ $0.isASCII && $0.isNumber })) {
                result.region = subtag.uppercased()
                index += 1
            }
        }
        while index < subtags.count {
            let subtag = subtags[index]
            if subtag.count == 1 { break }  // extension or private use: ignored
            let alphanumeric = subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let isVariant = (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true)
            guard alphanumeric, isVariant else { return nil }
            result.variants.append(subtag.lowercased())
            index += 1
        }
        return result
    }

    /// Subtags already cased.
    init(language: String, script: String?, region: String?, variants: [String], normalized: Void) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// Subtags present win over the alias's.
    private func applyingLanguageAlias() -> LocaleIdentifier {
        guard let replacement = CLDRLocaleTables.languageAliases[language],
              let target = Self.parse(Substring(replacement))
        else { return self }
        return LocaleIdentifier(language: target.language, script: script ?? target.script,
                                region: region ?? target.region, variants: variants)
    }
}
