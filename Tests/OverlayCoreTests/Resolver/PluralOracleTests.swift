import Foundation
import Testing
@testable import OverlayCore

/// Plural rendering (the per-rule-set count table, the compiled integer rules beyond it, variants walked where their
/// token stands) against ``ReferenceRenderer``, which picks categories with CLDR's digit-string evaluator.
@Suite struct PluralOracleTests {
    /// Every locale of the sample app catalog, `.lproj` folders and String Catalog languages alike.
    static let catalogLocales: [String] = {
        var locales = Set<String>()
        for module in ResolverFixtures.sampleCatalog.modules.values { locales.formUnion(module.localizations.keys) }
        return locales.sorted()
    }()

    /// Every category spelled out, so the chosen variant shows in the text.
    static let formSets: [[PluralCategory: String]] = {
        let full = Dictionary(uniqueKeysWithValues: PluralCategory.allCases.map { ($0, "\($0.rawValue): %ld items") })
        return [full, full.filter { $0.key != .zero }, [.one: "%ld item", .other: "%ld items"], [.other: "many %ld"]]
    }()

    /// A format that is only the token, positional, with text around it, and after another argument.
    static let formats = ["%#@v@", "%1$#@v@", "%#@v@ left", "%@: %#@v@"]

    /// What the compiled program renders, nil on a render failure.
    static func render(_ entry: StringsdictEntry, locale: String, _ arguments: [FormatArgument]) -> String? {
        let program = RenderProgram(.plural(entry), rules: PluralRules.cardinal(for: locale), device: "iphone")
        return try? FormatRenderer(arguments: arguments).render(program)
    }

    /// The CLDR samples of a locale's rule group (integers and decimals), read from plurals.xml.
    static func samples(for locale: String) throws -> [String] {
        let id = PluralRules.ruleLocaleID(.cardinal, for: locale)
        let groups = try CLDRSampleOracle.groups(file: "plurals.xml")
        let group = try #require(groups.first { $0.localeIDs.contains(id) }, "no CLDR group for \(locale) (\(id))")
        return group.samples.flatMap(\.numbers)
    }

    static func mismatches(
        _ entries: [StringsdictEntry], locale: String, _ arguments: [[FormatArgument]]
    ) -> (compared: Int, mismatches: [String]) {
        var compared = 0
        var mismatches: [String] = []
        for entry in entries {
            guard case .format(let plural) = entry else { continue }
            for argumentList in arguments {
                let list = plural.format.hasPrefix("%@") ? ["who"] + argumentList : argumentList
                let rendered = render(entry, locale: locale, list)
                let expected = ReferenceRenderer(arguments: list, locale: locale).render(.plural(entry))
                compared += 1
                if rendered != expected, mismatches.count < 20 {
                    mismatches.append("\(plural) \(list): \(rendered ?? "failed") ≠ \(expected ?? "failed")")
                }
            }
        }
        return (compared, mismatches)
    }

    /// Every shape and value type over the locale's CLDR samples (integers as `.int`, `.string` and `.double`;
    /// decimals as `.string` and `.double`), the counts around the table's start, large and negative counts.
    @Test("the renderer and the reference agree on CLDR samples and decimals", arguments: catalogLocales)
    func agreeOnSamples(_ locale: String) throws {
        let url = CLDRSampleOracle.supplemental.appendingPathComponent("plurals.xml")
        try #require(FileManager.default.fileExists(atPath: url.path), "\(CLDRSampleOracle.missingMessage)")
        var arguments: [[FormatArgument]] = (0...200).map { [.int(Int64($0))] }
        arguments += [1_023, 1_024, 1_000_000, 1_000_001, 2_000_000, 1 << 32, Int64.max, -1, -21, Int64.min].map { [.int($0)] }
        for sample in try Self.samples(for: locale) {
            arguments.append([.string(sample)])
            if let integer = Int64(sample) { arguments.append([.int(integer)]) }
            if let double = Double(sample) { arguments.append([.double(double)]) }
        }
        arguments += [[.double(1.5)], [.double(0)], [.double(-2)], [.uint(21)], [.string("abc")], []]
        let entries = Self.formSets.flatMap { forms in
            ["ld", "f"].flatMap { valueType in
                Self.formats.map { ResolverFixtures.plural(forms, valueType: valueType, format: $0) }
            }
        }
        let result = Self.mismatches(entries, locale: locale, arguments)
        #expect(result.compared > 10_000)
        #expect(result.mismatches.isEmpty, "\(locale): \(result.mismatches)")
    }

    /// The benchmark's shape (`%#@v@`, `ld`) for every count 0…10,000: the table and the compiled rules past it.
    @Test("the renderer and the reference agree on counts 0…10,000", arguments: catalogLocales)
    func agreeOnCounts(_ locale: String) {
        let entries = [Self.formSets[0], Self.formSets[2]].map { ResolverFixtures.plural($0) }
        let result = Self.mismatches(entries, locale: locale, (0...10_000).map { [.int(Int64($0))] })
        #expect(result.compared == 20_002)
        #expect(result.mismatches.isEmpty, "\(locale): \(result.mismatches)")
    }

    /// The integer table and the integer evaluator past it give the digit-string evaluator's category for every CLDR
    /// rule group: each count of the table and past it, and each integer sample.
    @Test func integerRulesMatchTheOperandEvaluatorForEveryRuleGroup() throws {
        let url = CLDRSampleOracle.supplemental.appendingPathComponent("plurals.xml")
        try #require(FileManager.default.fileExists(atPath: url.path), "\(CLDRSampleOracle.missingMessage)")
        var counts = Array(UInt64(0)..<3_000)
        counts += [10_000, 100_000, 1_000_000, 1_000_001, 2_000_000, 10_000_000, 1 << 40, UInt64(Int64.max), .max]
        var mismatches: [String] = []
        for group in try CLDRSampleOracle.groups(file: "plurals.xml") {
            let rules = PluralRules.cardinal(for: group.localeIDs[0])
            let compiled = IntegerPluralRules(rules)
            let integerSamples = group.samples.flatMap(\.numbers).compactMap { UInt64($0) }
            for count in counts + integerSamples {
                let expected = rules.category(for: PluralOperands(String(count))!).order
                let order = count < IntegerPluralRules.tableLimit
                    ? Int(compiled.table[Int(count)]) : rules.category(forInteger: count).order
                if order != expected, mismatches.count < 20 {
                    mismatches.append("\(group.localeIDs[0]) \(count)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Each distinct variant text is compiled once; `other` stands in for the categories without a variant.
    @Test func variantsShareTheirOps() {
        let program = RenderProgram(
            .plural(ResolverFixtures.plural([.one: "%ld item", .few: "%ld items", .other: "%ld items"])),
            rules: PluralRules.cardinal(for: "ru"), device: "iphone")
        let one = program.form(ofVariable: 0, order: PluralCategory.one.order)
        let few = program.form(ofVariable: 0, order: PluralCategory.few.order)
        #expect(one != nil && one != few)
        #expect(few == program.form(ofVariable: 0, order: PluralCategory.other.order))
        #expect(few == program.form(ofVariable: 0, order: PluralCategory.many.order))
        #expect(program.form(ofVariable: 0, order: PluralCategory.zero.order) == few)
        let noOther = RenderProgram(
            .plural(ResolverFixtures.plural([.one: "%ld item"])), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        #expect(noOther.form(ofVariable: 0, order: PluralCategory.other.order) == nil)
    }

    /// Rule sets are compiled once and shared by every value of the locale family.
    @Test func integerRulesAreSharedPerRuleSet() {
        let english = RenderProgram(
            .plural(ResolverFixtures.plural([.other: "%ld"])), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        let german = RenderProgram(
            .plural(ResolverFixtures.plural([.other: "%ld"])), rules: PluralRules.cardinal(for: "de"), device: "iphone")
        #expect(english.integerRules != nil && english.integerRules === german.integerRules)
        let plain = RenderProgram(.string("%ld"), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        #expect(plain.integerRules == nil)
    }
}
