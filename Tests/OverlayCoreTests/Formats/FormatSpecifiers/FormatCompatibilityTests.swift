import Testing
@testable import OverlayCore

extension FormatCompatibility {
    /// Two strings' slot maps compared, as the tables of cases here spell them.
    static func check(source: String, translation: String, strict: Bool = false) -> [FormatIssue] {
        check(source: SlotMap(source), translation: SlotMap(translation), strict: strict)
    }
}

@Suite struct FormatCompatibilityTests {
    @Test("compatible translations", arguments: [
        ("Hello, %@!", "Bonjour, %@ !"),
        ("%@ has %ld", "%2$ld chez %1$@"),
        ("%@ has %ld", "%@ a %ld"),
        ("%1$@ and %2$@", "%1$@"),
        ("%{user} has %ld", "%ld pour %{user} et encore %{user}"),
        ("%d items", "%i éléments"),
        ("%.2f km", "%.1f km"),
        ("Title", "Titre"),
        ("100%%", "100 %%"),
    ])
    func compatible(source: String, translation: String) {
        let issues = FormatCompatibility.check(source: source, translation: translation, strict: true)
        #expect(issues.filter { $0.severity == .error }.isEmpty, "\(issues)")
    }

    @Test("incompatible translations", arguments: [
        ("%@", "%d", FormatIssue.Code.classMismatch, Finding.Severity.error),
        ("%@", "%s", .classMismatch, .error),
        ("%ld", "%d", .sizeMismatch, .error),
        ("%f", "%Lf", .sizeMismatch, .error),
        ("%ld", "%lu", .classMismatch, .error),
        ("%1$@ %2$@ %3$@", "%1$@ %3$@", .gap, .error),
        ("%@", "%@ %@", .unknownSlot, .error),
        ("%@ %@", "%@", .unusedSlot, .warning),
        ("%@", "%1$@ %@", .mixedPositional, .error),
        ("Done", "Fait %n", .writeBack, .error),
        ("Sale", "Soldes 50% sur tout", .accidentalSpecifier, .error),
        ("%d", "%d%", .trailingPercent, .error),
        ("Hi %{user}", "Salut %{usr}", .unknownName, .error),
        ("Hi %{user}", "Salut", .omittedName, .warning),
        ("%@", "%1$@ %1$ld", .conflictingSlot, .error),
    ] as [(String, String, FormatIssue.Code, Finding.Severity)])
    func incompatible(source: String, translation: String, code: FormatIssue.Code, severity: Finding.Severity) throws {
        let issues = FormatCompatibility.check(source: source, translation: translation)
        let issue = try #require(issues.first { $0.code == code }, "\(issues)")
        #expect(issue.severity == severity)
    }

    @Test("strict mode compares numeric styles", arguments: [
        ("%d", "%u", FormatIssue.Code?.some(.classMismatch)),
        ("%u", "%x", .styleMismatch),
        ("%f", "%g", .styleMismatch),
        ("%x", "%X", nil),
        ("%d", "%i", nil),
        ("%.3f", "%5.1f", nil),
    ] as [(String, String, FormatIssue.Code?)])
    func strictStyles(source: String, translation: String, code: FormatIssue.Code?) {
        let strict = FormatCompatibility.check(source: source, translation: translation, strict: true)
        #expect(strict.map(\.code) == (code.map { [$0] } ?? []))
        let lenient = FormatCompatibility.check(source: source, translation: translation, strict: false)
        #expect(!lenient.contains { $0.code == .styleMismatch })
    }

    @Test func gapMessageNamesTheMissingSlots() throws {
        let issues = FormatCompatibility.check(source: "%1$@ %2$@ %3$@ %4$@", translation: "%4$@ %1$@")
        let gap = try #require(issues.first { $0.code == .gap })
        #expect(gap.message.contains("2, 3"))
        #expect(gap.offset == 0)
    }

    @Test func entriesAreComparedSlotBySlot() {
        func entry(_ format: String, _ valueType: String, _ other: String) -> SlotMap {
            SlotMap(entry: .format(PluralFormat(
                format: format, variables: ["n": PluralVariable(valueType: valueType, forms: [.other: other])])))
        }
        let source = entry("%@: %#@n@", "ld", "%ld files")
        #expect(FormatCompatibility.check(source: source, translation: entry("%1$@ : %2$#@n@", "ld", "%ld fichiers")).isEmpty)
        let wrongType = FormatCompatibility.check(source: source, translation: entry("%@: %#@n@", "d", "%d fichiers"))
        #expect(wrongType.map(\.code) == [.sizeMismatch])
        let writeBack = FormatCompatibility.check(source: source, translation: entry("%@: %#@n@", "ld", "%ld %n"))
        #expect(writeBack.map(\.code).contains(.writeBack))
    }

    @Test func issuesBecomeFindings() {
        let finding = FormatIssue.error(.gap, "m", at: 3).finding(at: Finding.Location(key: "k"))
        #expect(finding.code == "format.gap")
        #expect(finding.severity == .error)
        #expect(finding.location.key == "k")
    }
}
