extension LocaleIdentifier {
    /// CLDR addLikelySubtags (UTS 35 §4.3): `zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`; subtags present win.
    package func maximized() -> LocaleIdentifier {
        guard !isRoot else { return self }
        func match(_ key: String) -> LocaleIdentifier? {
            CLDRLocaleTables.likelySubtags[key].flatMap { LocaleIdentifier($0) }
        }
        let found = script.flatMap { script in region.flatMap { match("\(language)-\(script)-\($0)") } }
            ?? region.flatMap { match("\(language)-\($0)") }
            ?? script.flatMap { match("\(language)-\($0)") }
            ?? match(language)
            ?? (language != "und" ? script.flatMap { match("und-\($0)") } : nil)
        guard let found else { return self }
        return LocaleIdentifier(
            language: language == "und" ? found.language : language, script: script ?? found.script,
            region: region ?? found.region, variants: variants, normalized: ())
    }
}
