/// An overlay value's placeholders against the shipped development-language value of the same key
/// (FORMATS.md §4.4): what the app passes must render safely in the new text.
enum PlaceholderRule {
    static func check(
        _ value: CatalogValue, shippedSource: SlotMap, strict: Bool, location: Finding.Location
    ) -> [Finding] {
        ValueRules.compatibility(source: shippedSource, translation: value, strict: strict)
            .map { $0.finding(at: location) }
    }

    /// True only when `check` finds nothing for the plain string `text`: its specifiers are byte for byte those of
    /// the shipped value, which passes against itself. Equal sequences mean equal slot maps (`SpecifierSequence`),
    /// so the translation fares as the shipped value does. False says nothing; run `check`.
    static func isClean(_ text: String, shipped: ShippedValue) -> Bool {
        guard let expected = shipped.cleanSequence else { return false }
        return SpecifierSequence.of(text) == expected
    }
}

/// A shipped development-language value, prepared once and shared by every locale's translation of its key.
final class ShippedValue {
    let value: CatalogValue
    private let sequences: SequenceVerdicts

    init(_ value: CatalogValue, sequences: SequenceVerdicts) {
        self.value = value
        self.sequences = sequences
    }

    /// The value's slot map, built on first use.
    private(set) lazy var slots: SlotMap = ValueRules.slotMap(value)

    /// The specifier sequence of a plain value that raises nothing checked against itself; nil for a plural, for a
    /// sequence the byte scan cannot follow, or for a value with findings of its own.
    private(set) lazy var cleanSequence: [UInt8]? = {
        guard case .string(let text) = value, let sequence = SpecifierSequence.of(text) else { return nil }
        return sequences.isClean(sequence) ? sequence : nil
    }()
}

/// Whether a value with a given specifier sequence passes against itself, decided once per distinct sequence
/// (a catalog has a few dozen: `%@`, `%ld`, `%1$@ %2$ld` …). The sequence alone decides it: parsed as a string,
/// its pieces make the same tokens as in any value that has them (`SpecifierSequence`).
final class SequenceVerdicts {
    private let strict: Bool
    private var verdicts: [[UInt8]: Bool] = [:]

    init(strict: Bool) { self.strict = strict }

    func isClean(_ sequence: [UInt8]) -> Bool {
        if sequence.isEmpty { return true }
        if let known = verdicts[sequence] { return known }
        let format = CatalogValue.string(String(decoding: sequence, as: UTF8.self))
        let clean = ValueRules.compatibility(source: format, translation: format, strict: strict).isEmpty
        verdicts[sequence] = clean
        return clean
    }
}
