/// The fast path of the placeholder rule (``ValueRules/compatibility(source:translation:strict:)``, FORMATS.md §4.4)
/// and the rendering bounds for plain strings, decided once per distinct pair of specifier sequences (a catalog has a
/// few dozen), which give the same issues as their strings.
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

    /// True only when the rules find nothing for the plain string `text` against a plain shipped value; false says
    /// nothing.
    package func isClean(_ text: String, shipped: ShippedValue) -> Bool {
        guard let source = shipped.sequence, let translation = SpecifierSequence.of(text) else { return false }
        if let last = shipped.lastVerdict, last.translation == translation { return last.clean }
        let clean = isClean(source: source, translation: translation)
        shipped.lastVerdict = (translation, clean)
        return clean
    }

    func isClean(source: [UInt8], translation: [UInt8]) -> Bool {
        if source.isEmpty && translation.isEmpty { return true }
        let pair = Pair(source: source, translation: translation)
        if let known = verdicts[pair] { return known }
        let clean = ValueRules.compatibility(
            source: SlotMap(String(decoding: source, as: UTF8.self)),
            translation: .string(String(decoding: translation, as: UTF8.self)), strict: strict
        ).isEmpty && RenderBoundRule.isClean(sequence: translation, limits: limits)
        verdicts[pair] = clean
        return clean
    }
}
