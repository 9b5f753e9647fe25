/// Placeholder rules over catalog values, whichever of `.strings` or `.stringsdict` each side came from.
enum ValueRules {
    /// The slot map of a value: a plain string's specifiers or a whole plural entry's.
    static func slotMap(_ value: CatalogValue) -> SlotMap {
        switch value {
        case .string(let text):
            // Most text has no `%` at all: nothing to parse.
            text.utf8.contains(UInt8(ascii: "%")) ? SlotMap(text) : SlotMap()
        case .plural(let entry): SlotMap(entry: entry)
        }
    }

    /// Problems a value has on its own (`%n`, a stray `%`, mixed positional and sequential, conflicting slots).
    static func ownFormatIssues(_ value: CatalogValue) -> [FormatIssue] {
        slotMap(value).issues
    }

    /// A translation checked against the development-language value of the same key (FORMATS.md §4.4).
    ///
    /// Each defect is reported once: a specifier that is wrong on its own (`%n`, an accidental `% s`) is not
    /// reported again as an unknown or mismatched slot, and while a translation has errors, advice about
    /// arguments or names it leaves out is held back.
    static func compatibility(source: CatalogValue, translation: CatalogValue, strict: Bool) -> [FormatIssue] {
        compatibility(source: slotMap(source), translation: translation, strict: strict)
    }

    /// The same, with the source's slot map already built (it is shared by every locale of a key).
    static func compatibility(source sourceSlots: SlotMap, translation: CatalogValue, strict: Bool) -> [FormatIssue] {
        let translationSlots = slotMap(translation)
        let own = translationSlots.issues
        var issues: [FormatIssue]
        if own.contains(where: { $0.severity == .error }) {
            let errorOffsets = Set(own.filter { $0.severity == .error }.compactMap(\.offset))
            issues = own.filter { $0.severity == .error || $0.offset.map { !errorOffsets.contains($0) } ?? true }
        } else {
            issues = FormatCompatibility.check(source: sourceSlots, translation: translationSlots, strict: strict)
        }
        if issues.contains(where: { $0.severity == .error }) {
            issues.removeAll { $0.code == .unusedSlot || $0.code == .omittedName }
        }
        return issues
    }
}

/// The argument signature of a value, as the source hash writes it (`1:object,2:int64,name:user`).
enum FormatSignature {
    static func of(_ value: CatalogValue) -> String {
        ValueRules.slotMap(value).signature
    }
}
