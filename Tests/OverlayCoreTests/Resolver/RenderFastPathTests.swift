import Testing
@testable import OverlayCore

/// The compiled fast paths (direct-append `%@`/`%d`/`%u`, the small-integer plural table, constant text) give
/// exactly what the general path gives, for every format and argument in a table.
@Suite struct RenderFastPathTests {
    static let formats: [String] = [
        "%@", "%d", "%ld", "%lld", "%i", "%D", "%hhd", "%qd", "%zd", "%u", "%lu", "%U", "%hu",
        "Pay %@ for %ld items", "%2$lu of %1$@", "%1$d and %1$@", "a%%b%@c%%", "%@%@", "%d%u",
        "[%5d]", "%x %@", "%{who} has %d", "no specifiers", "100%% sure", "", "%#@v@ left",
    ]

    static let argumentLists: [[FormatArgument]] = [
        [], ["text"], ["17"], ["-3"], ["abc"], ["%d %@"], [.int(0)], [.int(-42)], [.int(Int64.min)],
        [.int(Int64.max)], [.uint(UInt64.max)], [.uint(7)], [.double(3)], [.double(-1.5)], [.double(1e20)],
        [.int(5), "x"], ["x", .int(5)], [.uint(1), .int(-1)],
    ]

    static func render(_ format: String, _ arguments: [FormatArgument], fastPaths: Bool) -> Result<String, RenderFailure> {
        let value = CompiledValue(.string(format), rules: PluralRules.cardinal(for: "en"), device: "iphone", fastPaths: fastPaths)
        let renderer = FormatRenderer(arguments: arguments, substitutions: ["who": "Ada"], width: nil)
        return Result { () throws(RenderFailure) in try renderer.render(value) }
    }

    @Test("fast and general paths agree", arguments: formats)
    func fastMatchesGeneral(_ format: String) {
        for arguments in Self.argumentLists {
            let fast = Self.render(format, arguments, fastPaths: true)
            let general = Self.render(format, arguments, fastPaths: false)
            #expect(fast == general, "\(format) with \(arguments)")
        }
    }

    @Test func fastOpsAreUsedForPlainSpecifiers() {
        let program = RenderProgram(FormatParser.parse("%@ %ld %u %5d %x"), variables: [:], fastPaths: true)
        let kinds = program.ops.compactMap { op -> String? in
            switch op {
            case .object: "object"
            case .signed: "signed"
            case .unsigned: "unsigned"
            case .general: "general"
            default: nil
            }
        }
        #expect(kinds == ["object", "signed", "unsigned", "general", "general"])
        #expect(program.constantText == nil)
    }

    @Test("literals and %% merge into constant text", arguments: [
        ("plain", "plain"), ("100%% sure", "100% sure"), ("", ""),
    ])
    func constantText(_ format: String, _ expected: String) {
        let program = RenderProgram(FormatParser.parse(format), variables: [:], fastPaths: true)
        #expect(program.constantText == expected)
        #expect(Self.render(format, [], fastPaths: true) == .success(expected))
    }

    static let pluralLocales = ["en", "fr", "ru", "pl", "ar", "lv", "ja", "cy"]

    /// Every category has a variant, plus Apple's `zero`: the integer path (`.int`) and the rules path (a digit
    /// string, evaluated by `category(forInteger:)`) pick the same variant for every count around the table's end.
    @Test("integer plural table matches the CLDR rules", arguments: pluralLocales)
    func smallIntegerTable(_ locale: String) {
        let full: [PluralCategory: String] = Dictionary(
            uniqueKeysWithValues: PluralCategory.allCases.map { ($0, "\($0.rawValue) %ld") })
        let withoutZero = full.filter { $0.key != .zero }
        for forms in [full, withoutZero, [.one: "one %ld", .other: "other %ld"]] {
            let value = CompiledValue(
                .plural(ResolverFixtures.plural(forms)), rules: PluralRules.cardinal(for: locale), device: "iphone")
            for count in 0..<(Int64(IntegerPluralRules.tableLimit) + 200) {
                let table = try? FormatRenderer(arguments: [.int(count)], substitutions: [:], width: nil).render(value)
                let rules = try? FormatRenderer(arguments: [.string(String(count))], substitutions: [:], width: nil)
                    .render(value)
                #expect(table != nil && table == rules, "\(locale) \(count) \(forms.keys.sorted())")
            }
        }
    }

    @Test func compiledValueIsBuiltOncePerResolvedValue() {
        let localizer = Localizer(catalog: ResolverFixtures.catalog(["en": ["k": "%d"]]), preferredLanguages: ["en"])
        let resolved = localizer.table(in: "M").value(forKey: "k")
        #expect(resolved != nil && resolved?.compiled === resolved?.compiled)
    }
}

/// Output longer than the stack buffer spills into a `String` without losing or splitting text.
@Suite struct RenderBufferTests {
    @Test("long output", arguments: [100, 511, 512, 513, 2_000])
    func longOutput(_ length: Int) {
        let head = String(repeating: "é", count: length / 2)
        let argument = String(repeating: "€", count: length / 3) + "x"
        let format = head + "%@|%ld|%@" + String(repeating: "b", count: length)
        let value = CompiledValue(.string(format), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        let rendered = try? FormatRenderer(arguments: [.string(argument), .int(Int64.min), .uint(UInt64.max)],
                                           substitutions: [:], width: nil).render(value)
        #expect(rendered == head + argument + "|-9223372036854775808|18446744073709551615" + String(repeating: "b", count: length))
    }
}
