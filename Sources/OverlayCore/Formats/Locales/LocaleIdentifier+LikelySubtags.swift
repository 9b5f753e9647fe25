extension LocaleIdentifier {
    /// CLDR addLikelySubtags: fills in script and region, e.g. `zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`.
    ///
    /// Looks up language-script-region, language-region, language-script, language, then `und`-script
    /// (UTS 35 §4.3); subtags present in `self` win. Returns `self` unchanged for root or when nothing matches.
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
        // Both sides are normalized already: no subtag is re-cased.
        return LocaleIdentifier(
            language: language == "und" ? found.language : language, script: script ?? found.script,
            region: region ?? found.region, variants: variants, normalized: ())
    }
}
