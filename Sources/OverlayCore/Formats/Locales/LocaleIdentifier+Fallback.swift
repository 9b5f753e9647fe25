extension LocaleIdentifier {
    /// The lookup tag for a preference (FORMATS.md §6.4 step 2b): language, the likely script only when it
    /// differs from the language's default script, then the preference's own region and variants.
    /// `zh-TW` → `zh-Hant-TW`, `zh-Hans` → `zh`, `sr-Latn` → `sr-Latn`, `en-IN` → `en-IN`.
    package var lookupTag: LocaleIdentifier {
        guard !isRoot else { return self }
        let script = maximized().script
        return LocaleIdentifier(language: language, script: script == defaultScript ? nil : script,
                                region: region, variants: variants)
    }

    /// Orders the available localisations for the user's preferences (FORMATS.md §6.4 steps 1–3).
    ///
    /// The first preference that matches anything wins (Apple semantics; later preferences are not merged):
    /// its chain (`lookupTag`, then parents up to root) is walked, and at each step an exact tag match is
    /// taken first, then any available tag with the same maximised form (`zh-Hant` ≡ `zh-TW`,
    /// `zh-Hans` ≡ `zh-CN` ≡ `zh`; `zh-Hant` never matches `zh`). The development region and its chain
    /// are appended when absent. Nothing matched: the development region; unavailable too: the first
    /// available name. `Base` is never returned; when `Base` is present and no lproj matches the
    /// development region exactly, the development region counts as available (as CFBundle does).
    ///
    /// - Parameters:
    ///   - preferences: the user's languages, most preferred first (`["fr-CA", "en"]`).
    ///   - available: lproj names as shipped (`["en", "fr", "Base", "zh_TW"]`).
    ///   - developmentRegion: `CFBundleDevelopmentRegion`, e.g. `en`.
    /// - Returns: names from `available` (original spelling) in lookup order.
    package static func fallbackChain(preferences: [String], available: [String], developmentRegion: String) -> [String] {
        var candidates: [(name: String, tag: LocaleIdentifier)] = []
        var hasBase = false
        for name in available {
            if isBase(name) {
                hasBase = true
            } else if let tag = LocaleIdentifier(name) {
                candidates.append((name, tag))
            }
        }
        let development = LocaleIdentifier(developmentRegion)
        if hasBase, let development, !candidates.contains(where: { $0.tag == development }) {
            candidates.append((developmentRegion, development))
        }
        // Maximized on first need: maximizing keeps a language other than `und`, so only a candidate of the
        // element's language (or `und` on either side) can maximize to the same tag.
        var maximizedCandidates = [LocaleIdentifier?](repeating: nil, count: candidates.count)

        func matches(for preference: LocaleIdentifier) -> [String] {
            var result: [String] = []
            for element in preference.lookupTag.chain {
                for candidate in candidates where candidate.tag == element && !result.contains(candidate.name) {
                    result.append(candidate.name)
                }
                let maximizedElement = element.maximized()
                for (index, candidate) in candidates.enumerated() where !result.contains(candidate.name) {
                    let language = candidate.tag.language
                    guard language == element.language || language == "und" || element.language == "und" else {
                        continue
                    }
                    let maximized = maximizedCandidates[index] ?? candidate.tag.maximized()
                    maximizedCandidates[index] = maximized
                    if maximized == maximizedElement { result.append(candidate.name) }
                }
            }
            return result
        }

        var result: [String] = []
        for preference in preferences {
            guard let tag = LocaleIdentifier(preference) else { continue }
            result = matches(for: tag)
            if !result.isEmpty { break }
        }
        if let development {
            for name in matches(for: development) where !result.contains(name) { result.append(name) }
        }
        if result.isEmpty, let first = candidates.first {
            result.append(first.name)
        }
        return result
    }
}
