/// Decides whether a translation's format can be rendered with the source's arguments (FORMATS.md §4.4); `strict`
/// adds Apple's `__CFStringValidateFormat` rule that numeric styles match too (`%d` ≈ `%i`, `%d` ≠ `%x`).
package enum FormatCompatibility {
    /// The translation's own issues first, then slot by slot, then names.
    package static func check(source: SlotMap, translation original: SlotMap, strict: Bool = false) -> [FormatIssue] {
        var translation = original
        translation.demoteSpacedNumbers(against: source)
        var issues = translation.issues
        for position in translation.positions {
            let at = translation.offsets[position]
            let used = translation[position]!
            if source.disputedPositions.contains(position) {
                issues.append(
                    .error(
                        .unknownSlot,
                        "The translation reads argument \(position) (\(used.example)), whose type the shipped "
                            + "translations disagree on and no development-language text settles; leave it out or add "
                            + "the development language's table.",
                        at: at))
                continue
            }
            guard let expected = source[position] else {
                issues.append(
                    .error(
                        .unknownSlot,
                        "The translation reads argument \(position) (\(used.example)), which the \(source.sourceName) "
                            + "\(source.isDerived ? "do" : "does") not pass; remove it or use one of the "
                            + "\(source.isDerived ? "arguments they use" : "source's arguments").",
                        at: at))
                continue
            }
            if used != expected {
                let sameKind = used.isSameKind(as: expected)
                // A count picks a plural variant; any other 64-bit argument may pass 2^31.
                if sameKind, source.variablePositions.contains(position), isLowHalf(used, of: expected) {
                    issues.append(
                        .warning(
                            .sizeMismatch,
                            "Argument \(position) is \(expected.example) in the \(source.sourceName), a count that picks a "
                                + "plural variant, but read as \(used.example) in the translation, which prints its low 32 "
                                + "bits: the right number below 2^31, which no count of things shown reaches; write "
                                + "\(expected.example).",
                            at: at))
                    continue
                }
                issues.append(
                    .error(
                        sameKind ? .sizeMismatch : .classMismatch,
                        "Argument \(position) is \(expected.example) in the \(source.sourceName) but read as \(used.example) "
                            + "in the translation; use \(expected.example)\(sameKind ? " (same size)" : "").",
                        at: at))
            } else if strict, let styles = translation.styles[position], let sourceStyles = source.styles[position],
                !styles.isSubset(of: sourceStyles)
            {
                issues.append(
                    .error(
                        .styleMismatch,
                        "Argument \(position) is printed in another numeric style than in the source "
                            + "(\(describe(styles)) for \(describe(sourceStyles))); use the source's conversion.",
                        at: at))
            }
        }
        if let highest = translation.positions.last {
            let missing = (1...highest).filter { translation[$0] == nil }
            if !missing.isEmpty {
                issues.append(
                    .error(
                        .gap,
                        "The translation skips argument(s) \(missing.map(String.init).joined(separator: ", ")) but "
                            + "reads \(highest), which shifts every later argument; use slots 1…\(highest) without gaps.",
                        at: translation.offsets[highest]))
            }
        }
        // A derived source makes every slot optional: no text says which ones the translation should use.
        for position in source.positions where translation[position] == nil && !source.isDerived {
            issues.append(
                .warning(
                    .unusedSlot,
                    "The translation does not use argument \(position) (\(source[position]!.example)) of the source; "
                        + "include it unless leaving it out is intended."))
        }
        for name in translation.names.subtracting(source.names).sorted(by: String.utf8Precedes) {
            issues.append(
                .error(
                    .unknownName,
                    "The translation uses %{\(name)}, which the source does not provide; use one of the source's names."
                ))
        }
        for name in source.names.subtracting(translation.names).sorted(by: String.utf8Precedes) where !source.isDerived {
            issues.append(
                .warning(
                    .omittedName,
                    "The translation leaves out %{\(name)} of the source; include it unless that is intended."))
        }
        return issues
    }

    /// `%d` for `%lld` reads the low 32 bits (each variadic argument has its own 8-byte slot on LP64, so later ones
    /// stay in place); the other way round reads bits the app never passed.
    static func isLowHalf(_ used: ArgumentClass, of expected: ArgumentClass) -> Bool {
        (used == .int32 && expected == .int64) || (used == .uint32 && expected == .uint64)
    }

    private static func describe(_ styles: Set<Unicode.Scalar>) -> String {
        styles.map { "%\($0)" }.sorted().joined(separator: "/")
    }
}

extension SlotMap {
    fileprivate var sourceName: String { isDerived ? "other translations (the table has no development text)" : "source" }
}
