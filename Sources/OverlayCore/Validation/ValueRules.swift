/// Placeholder rules over catalog values, whichever of `.strings` or `.stringsdict` each side came from.
package enum ValueRules {
    /// Also the argument signature the source hash writes (`1:object,2:int64,name:user`).
    static func slotMap(_ value: CatalogValue) -> SlotMap {
        switch value {
        case .string(let text):
            text.utf8.contains(UInt8(ascii: "%")) ? SlotMap(text) : SlotMap()
        case .plural(let entry): SlotMap(entry: entry)
        }
    }

    /// Problems a value has on its own (`%n`, a stray `%`, mixed positional and sequential, …), one per defect.
    package static func ownFormatIssues(_ value: CatalogValue) -> [FormatIssue] {
        merged(slotMap(value).issues)
    }

    /// A plain text that reads no argument (`100% sure`): an app shows it as written unless it formats every value.
    package static func takesNoArguments(_ value: CatalogValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return !text.utf8.contains(UInt8(ascii: "%")) || !FormatParser.parse(text).readsArguments
    }

    /// `%%`, which only `String(format:)` shows as one `%`.
    static func escapesPercent(_ value: CatalogValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return text.contains("%%")
    }

    /// Each repeated issue kept once, saying how often it occurs: one finding per defect of a value.
    static func merged(_ issues: [FormatIssue]) -> [FormatIssue] {
        guard issues.count > 1 else { return issues }
        func same(_ issue: FormatIssue) -> [String] { [issue.code.rawValue, issue.severity.rawValue, issue.message] }
        var counts: [[String]: Int] = [:]
        for issue in issues { counts[same(issue), default: 0] += 1 }
        guard counts.count < issues.count else { return issues }
        var seen = Set<[String]>()
        return issues.compactMap { issue in
            guard seen.insert(same(issue)).inserted else { return nil }
            var merged = issue
            if let count = counts[same(issue)], count > 1 { merged.message += " (\(count) times in this value)" }
            return merged
        }
    }

    /// A translation checked against the slots of the development-language value of the same key (FORMATS.md §4.4).
    /// Each defect is reported once: a specifier wrong on its own is not reported again as a mismatched slot, and
    /// while there are errors, advice about arguments or names left out is held back.
    package static func compatibility(source sourceSlots: SlotMap, translation: CatalogValue, strict: Bool) -> [FormatIssue] {
        var translationSlots = slotMap(translation)
        translationSlots.demoteSpacedNumbers(against: sourceSlots)
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
        return merged(issues)
    }
}
