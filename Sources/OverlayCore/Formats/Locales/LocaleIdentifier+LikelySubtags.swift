extension LocaleIdentifier {
    /// CLDR addLikelySubtags: fills in script and region, e.g. `zh-TW` → `zh-Hant-TW`, `sr` → `sr-Cyrl-RS`.
    ///
    /// Looks up language-script-region, language-region, language-script, language, then `und`-script
    /// (UTS 35 §4.3); subtags present in `self` win. Returns `self` unchanged for root or when nothing matches.
    package func maximized() -> LocaleIdentifier {
        guard !isRoot else { return self }
        var keys: [String] = []
        if let script, let region { keys.append("\(language)-\(script)-\(region)") }
        if let region { keys.append("\(language)-\(region)") }
        if let script { keys.append("\(language)-\(script)") }
        keys.append(language)
        if language != "und", let script { keys.append("und-\(script)") }
        for key in keys {
            guard let value = CLDRLocaleTables.likelySubtags[key], let match = LocaleIdentifier(value) else { continue }
            return LocaleIdentifier(
                language: language == "und" ? match.language : language,
                script: script ?? match.script,
                region: region ?? match.region,
                variants: variants)
        }
        return self
    }

    /// The script a bare language is written in by default (`zh` → `Hans`, `sr` → `Cyrl`), if known.
    var defaultScript: String? { bareLanguage.maximized().script }
}
