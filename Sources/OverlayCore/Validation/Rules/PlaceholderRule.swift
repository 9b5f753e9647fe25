/// An overlay value's placeholders against the shipped development-language value of the same key
/// (FORMATS.md §4.4): what the app passes must render safely in the new text.
package enum PlaceholderRule {
    static func check(
        _ value: CatalogValue, shippedSource: SlotMap, strict: Bool, location: Finding.Location
    ) -> [Finding] {
        ValueRules.compatibility(source: shippedSource, translation: value, strict: strict)
            .map { $0.finding(at: location) }
    }

    /// True only when `check` finds nothing for the plain string `text` against a plain shipped value: decided from
    /// the two specifier sequences (`SpecifierSequence`), once per distinct pair. False says nothing; run `check`.
    package static func isClean(_ text: String, shipped: ShippedValue, verdicts: PlaceholderVerdicts) -> Bool {
        guard let source = shipped.sequence, let translation = SpecifierSequence.of(text) else { return false }
        // Locales of a key mostly share their sequence: remember the last one per key and skip the hashing.
        if let last = shipped.lastVerdict, last.translation == translation { return last.clean }
        let clean = verdicts.isClean(source: source, translation: translation)
        shipped.lastVerdict = (translation, clean)
        return clean
    }
}

/// Whether a translation's placeholders pass against its source's and stay within the rendering bounds, by their
/// specifier sequences: the check is run once per distinct pair (a catalog has a few dozen: `%@`, `%ld`, `%1$@ %2$ld`
/// against `%2$ld %1$@` …), on the sequences themselves, which `SpecifierSequence` shows give the same issues as the
/// strings they come from.
package final class PlaceholderVerdicts {
    private struct Pair: Hashable {
        var source: [UInt8]
        var translation: [UInt8]
    }

    private let strict: Bool
    private let limits: ValidationLimits
    private var verdicts: [Pair: Bool] = [:]

    package init(strict: Bool, limits: ValidationLimits = .default) {
        self.strict = strict
        self.limits = limits
    }

    func isClean(source: [UInt8], translation: [UInt8]) -> Bool {
        // Neither reads an argument.
        if source.isEmpty && translation.isEmpty { return true }
        let pair = Pair(source: source, translation: translation)
        if let known = verdicts[pair] { return known }
        let clean = ValueRules.compatibility(
            source: .string(String(decoding: source, as: UTF8.self)),
            translation: .string(String(decoding: translation, as: UTF8.self)), strict: strict
        ).isEmpty && RenderBoundRule.isClean(sequence: translation, limits: limits)
        verdicts[pair] = clean
        return clean
    }
}
