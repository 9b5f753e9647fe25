extension LocaleIdentifier {
    /// The CLDR parent: the parentLocales entry, else truncation (`en-IN` → `en-001`, `zh-Hant` → root,
    /// `fr-CA` → `fr`, `fr` → root); nil for root itself.
    package var parent: LocaleIdentifier? {
        guard !isRoot else { return nil }
        if let listed = CLDRLocaleTables.parents[description] {
            return LocaleIdentifier(listed) ?? .root
        }
        var truncated = self
        if !truncated.variants.isEmpty {
            truncated.variants.removeLast()
        } else if truncated.region != nil {
            truncated.region = nil
        } else if truncated.script != nil {
            truncated.script = nil
        } else {
            return .root
        }
        return truncated
    }

    /// The identifier and its parents, root excluded: `zh-Hant-MO` → `[zh-Hant-MO, zh-Hant-HK, zh-Hant]`.
    package var chain: [LocaleIdentifier] {
        var result: [LocaleIdentifier] = []
        var current: LocaleIdentifier? = self
        while let tag = current, !tag.isRoot {
            result.append(tag)
            current = tag.parent
        }
        return result
    }
}
