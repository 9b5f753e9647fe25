extension LocaleIdentifier {
    /// The lookup tag for a preference (FORMATS.md §6.4 step 2b): language, the likely script only when it
    /// differs from the language's default script, then the preference's own region and variants.
    /// `zh-TW` → `zh-Hant-TW`, `zh-Hans` → `zh`, `sr-Latn` → `sr-Latn`, `en-IN` → `en-IN`.
    package var lookupTag: LocaleIdentifier {
        var memo = MaximizedMemo()
        return lookupTag(&memo)
    }

    private func lookupTag(_ memo: inout MaximizedMemo) -> LocaleIdentifier {
        guard !isRoot else { return self }
        let script = memo.maximized(self).script
        let defaultScript = memo.maximized(bareLanguage).script
        return LocaleIdentifier(language: language, script: script == defaultScript ? nil : script,
                                region: region, variants: variants, normalized: ())
    }

    /// A chain maximizes the same few tags several times. Two arrays: a dictionary's `Hashable` lookups at launch cost
    /// more than the maximizing.
    private struct MaximizedMemo {
        var tags: [LocaleIdentifier] = []
        var maximized: [LocaleIdentifier] = []

        mutating func maximized(_ tag: LocaleIdentifier) -> LocaleIdentifier {
            if let index = tags.firstIndex(of: tag) { return maximized[index] }
            let result = tag.maximized()
            tags.append(tag)
            maximized.append(result)
            return result
        }
    }

    /// The available lproj names (original spelling) ordered for the preferences, FORMATS.md §6.4 steps 1–3. `Base`
    /// is never returned, but makes the development region available (as CFBundle does).
    package static func fallbackChain(preferences: [String], available: [String], developmentRegion: String) -> [String] {
        // Names and tags side by side: an array of a new tuple type costs the runtime its metadata at launch.
        var names: [String] = []
        var tags: [LocaleIdentifier] = []
        var hasBase = false
        for name in available {
            if isBase(name) {
                hasBase = true
            } else if let tag = LocaleIdentifier(name) {
                names.append(name)
                tags.append(tag)
            }
        }
        let development = LocaleIdentifier(developmentRegion)
        if hasBase, let development, !tags.contains(development) {
            names.append(developmentRegion)
            tags.append(development)
        }
        // Maximizing keeps a language other than `und`: only a candidate of the element's language can match.
        var memo = MaximizedMemo()

        func matches(for preference: LocaleIdentifier) -> [String] {
            var result: [String] = []
            for element in preference.lookupTag(&memo).chain {
                for index in tags.indices where tags[index] == element && !result.contains(names[index]) {
                    result.append(names[index])
                }
                let maximizedElement = memo.maximized(element)
                for index in tags.indices where !result.contains(names[index]) {
                    let language = tags[index].language
                    guard language == element.language || language == "und" || element.language == "und" else {
                        continue
                    }
                    if memo.maximized(tags[index]) == maximizedElement { result.append(names[index]) }
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
        if result.isEmpty, let first = names.first {
            result.append(first)
        }
        return result
    }
}
