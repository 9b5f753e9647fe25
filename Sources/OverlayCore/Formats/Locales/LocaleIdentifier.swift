/// A normalised locale identifier (BCP 47 form) built from an lproj name or a language tag.
///
/// Normalisation (FORMATS.md §6.1): strip `.lproj` and anything after `@`, map legacy CF names
/// (`English` → `en`, `Chinese` → `zh-Hant`), `_` → `-`, case subtags (`zh-hant-tw` → `zh-Hant-TW`), and apply
/// CLDR language aliases (`iw` → `he`, `sh` → `sr-Latn`, `tl` → `fil`). `zh_CN` becomes `zh-CN`, not `zh-Hans`:
/// the two are equal once maximised (`zh-Hans-CN`), and `fallbackChain` matches them that way.
/// `Base` is not a language and does not parse. Extensions and private use (`-u-…`, `-x-…`) are dropped.
///
/// ```swift
/// LocaleIdentifier("zh_TW.lproj")?.description      // "zh-TW"
/// LocaleIdentifier.chain(for: "en-IN")              // ["en-IN", "en-001", "en"]
/// ```
package struct LocaleIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// Lower-case language subtag; `root` for the CLDR root locale, `und` when undetermined.
    package var language: String
    /// Title-case script subtag such as `Hant`.
    package var script: String?
    /// Upper-case region (`TW`) or UN M.49 code (`419`).
    package var region: String?
    /// Lower-case variant subtags.
    package var variants: [String]

    /// The CLDR root locale, where every fallback chain stops.
    package static let root = LocaleIdentifier(language: "root")

    /// Builds an identifier from already-separated subtags (casing is normalised, aliases are not applied).
    package init(language: String, script: String? = nil, region: String? = nil, variants: [String] = []) {
        self.language = language.lowercased()
        self.script = script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        self.region = region?.uppercased()
        self.variants = variants.map { $0.lowercased() }
    }

    /// Parses and normalises an lproj name or a BCP 47 / ICU tag; nil for `Base`, empty or malformed input.
    ///
    /// ASCII names are remembered per process (up to ``parseCacheLimit``): a launch parses the same few names for the
    /// store's listing, the fallback chain and likely subtags, each parse a few CLDR table lookups. Only ASCII: a
    /// `String` key would meet a canonically equal spelling (`\u{212A}o` equals `Ko`), which parses differently.
    package init?(_ text: String) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard let parsed = Self.parseUncached(text) else { return nil }
            self = parsed
            return
        }
        if let cached = Self.parseCache.withLock({ $0[text] }) {
            guard let cached else { return nil }
            self = cached
            return
        }
        let parsed = Self.parseUncached(text)
        Self.parseCache.withLock { cache in
            if cache.count < Self.parseCacheLimit { cache[text] = .some(parsed) }
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Names seen so far; bounded, so names from a hostile store or command line cannot grow it without end.
    private static let parseCache = Guarded<[String: LocaleIdentifier?]>([:])
    static let parseCacheLimit = 256

    /// ``init(_:)`` without the cache.
    static func parseUncached(_ text: String) -> LocaleIdentifier? {
        if let simple = parseSimple(text) { return simple }
        return parseGeneral(text)
    }

    /// The common lproj names and tags — `fr`, `pt-BR`, `zh_TW`, `zh-Hant`, `sr-Latn-RS`, with or without `.lproj`,
    /// already cased — read from their bytes; nil for anything else, which ``parseGeneral(_:)`` reads. It agrees with
    /// that parse wherever it answers: a name that starts with a lower-case letter is no legacy CF name (those are
    /// English words; `LocaleIdentifierTests` checks the table), and the language alias is applied the same way.
    static func parseSimple(_ text: String) -> LocaleIdentifier? {
        var text = text
        return text.withUTF8 { bytes -> LocaleIdentifier? in
            var count = bytes.count
            if count > 6, bytes[count - 6] == UInt8(ascii: "."), bytes[count - 5] == UInt8(ascii: "l"),
               bytes[count - 4] == UInt8(ascii: "p"), bytes[count - 3] == UInt8(ascii: "r"),
               bytes[count - 2] == UInt8(ascii: "o"), bytes[count - 1] == UInt8(ascii: "j") {
                count -= 6
            }
            func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
            func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            func string(_ start: Int, _ length: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]), as: UTF8.self)
            }
            var languageLength = 0
            while languageLength < count, languageLength < 4, isLower(bytes[languageLength]) { languageLength += 1 }
            guard languageLength == 2 || languageLength == 3 else { return nil }
            var index = languageLength
            func separator() -> Bool {
                index < count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "_"))
            }
            var script: String?
            var region: String?
            if separator(), index + 5 <= count, isUpper(bytes[index + 1]), isLower(bytes[index + 2]),
               isLower(bytes[index + 3]), isLower(bytes[index + 4]), index + 5 == count || bytes[index + 5] == UInt8(ascii: "-")
                || bytes[index + 5] == UInt8(ascii: "_") {
                script = string(index + 1, 4)
                index += 5
            }
            if separator(), index + 3 == count, isUpper(bytes[index + 1]), isUpper(bytes[index + 2]) {
                region = string(index + 1, 2)
                index += 3
            }
            guard index == count else { return nil }
            return LocaleIdentifier(language: string(0, languageLength), script: script, region: region, variants: [],
                                    normalized: ()).applyingLanguageAlias()
        }
    }

    /// Any name: legacy CF names, any casing, `@` modifiers, variants, extensions.
    static func parseGeneral(_ text: String) -> LocaleIdentifier? {
        var name = Substring(text)
        if Self.hasLprojSuffix(name) { name = name.dropLast(6) }
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        guard !name.isEmpty, !isBase(String(name)) else { return nil }
        if let legacy = CLDRLocaleTables.legacyNames[String(name)] { name = Substring(legacy) }
        guard let parsed = parse(name) else { return nil }
        return parsed.applyingLanguageAlias()
    }

    /// Whether an lproj name is `Base` (Base Internationalisation content, not a language).
    package static func isBase(_ name: String) -> Bool {
        let trimmed = hasLprojSuffix(Substring(name)) ? name.utf8.dropLast(6) : Substring(name).utf8
        return trimmed.count == 4 && trimmed.elementsEqual("base".utf8) { $0 | 0x20 == $1 }
    }

    /// Whether `name` ends in `.lproj`, in any case (ASCII: `lowercased()` of a Unicode name would cost more than the
    /// whole parse).
    private static func hasLprojSuffix(_ name: Substring) -> Bool {
        let utf8 = name.utf8
        return utf8.count >= 6 && utf8.suffix(6).elementsEqual(".lproj".utf8) { $0 | 0x20 == $1 }
    }

    /// Whether this is the CLDR root locale.
    package var isRoot: Bool { language == "root" }

    /// The BCP 47 form, e.g. `zh-Hant-HK`.
    package var description: String {
        ([language] + [script, region].compactMap { $0 } + variants).joined(separator: "-")
    }

    /// The bare language, e.g. `zh` for `zh-Hant-HK`.
    package var bareLanguage: LocaleIdentifier {
        LocaleIdentifier(language: language, script: nil, region: nil, variants: [], normalized: ())
    }

    private static func parse(_ name: Substring) -> LocaleIdentifier? {
        if let parsed = parsePrintableASCII(name) { return parsed }
        return parseCharacters(name)
    }

    /// The parse over `Character`s, for any name.
    static func parseCharacters(_ name: Substring) -> LocaleIdentifier? {
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

    /// ``parse(_:)`` over bytes, for a name of printable ASCII only (every real tag and lproj name); nil for any other
    /// name, which the `Character` parse reads (a control character or `\r\n` would count differently as bytes).
    /// `LocaleIdentifierTests` compares both on every CLDR locale and generated names.
    static func parsePrintableASCII(_ name: Substring) -> LocaleIdentifier?? {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var subtags: [ArraySlice<UInt8>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x2D || bytes[index] == 0x5F {
            subtags.append(bytes[start..<index])
            start = index + 1
        }
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        func isLetters(_ subtag: ArraySlice<UInt8>) -> Bool { subtag.allSatisfy(isLetter) }
        func isDigits(_ subtag: ArraySlice<UInt8>) -> Bool { subtag.allSatisfy(isDigit) }
        func cased(_ subtag: ArraySlice<UInt8>, upper: Bool) -> String {
            String(decoding: subtag.map { isLetter($0) ? (upper ? $0 & ~0x20 : $0 | 0x20) : $0 }, as: UTF8.self)
        }
        let first = subtags[0]
        guard isLetters(first),
              (2...3).contains(first.count) || (5...8).contains(first.count) || cased(first, upper: false) == "root"
        else { return .some(nil) }
        var result = LocaleIdentifier(language: cased(first, upper: false), script: nil, region: nil, variants: [], normalized: ())
        var index = 1
        if index < subtags.count, subtags[index].count == 4, isLetters(subtags[index]) {
            let script = subtags[index]
            result.script = cased(script.prefix(1), upper: true) + cased(script.dropFirst(), upper: false)
            index += 1
        }
        if index < subtags.count {
            let subtag = subtags[index]
            if (subtag.count == 2 && isLetters(subtag)) || (subtag.count == 3 && isDigits(subtag)) {
                result.region = cased(subtag, upper: true)
                index += 1
            }
        }
        while index < subtags.count {
            let subtag = subtags[index]
            if subtag.count == 1 { break }  // extension or private use: ignored
            let isVariant = (5...8).contains(subtag.count) || (subtag.count == 4 && isDigits(subtag.prefix(1)))
            guard subtag.allSatisfy({ isLetter($0) || isDigit($0) }), isVariant else { return .some(nil) }
            result.variants.append(cased(subtag, upper: false))
            index += 1
        }
        return .some(result)
    }

    /// Subtags already cased as the public initializer would case them.
    init(language: String, script: String?, region: String?, variants: [String], normalized: Void) {
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
    }

    /// Applies a CLDR language alias; subtags already present win over the replacement's.
    private func applyingLanguageAlias() -> LocaleIdentifier {
        guard let replacement = CLDRLocaleTables.languageAliases[language],
              let target = Self.parse(Substring(replacement))
        else { return self }
        return LocaleIdentifier(language: target.language, script: script ?? target.script,
                                region: region ?? target.region, variants: variants)
    }
}
