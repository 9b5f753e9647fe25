import Foundation
import Testing
@testable import OverlayCore

/// The compiled program (direct-append `%@`/`%d`/`%u`, formatted specifiers, constant text, the small-integer plural
/// table) renders what ``ReferenceRenderer`` renders, for every format and argument in a table.
@Suite struct RenderOracleTests {
    static let formats: [String] = [
        "%@", "%d", "%ld", "%lld", "%i", "%D", "%hhd", "%qd", "%zd", "%u", "%lu", "%U", "%hu",
        "Pay %@ for %ld items", "%2$lu of %1$@", "%1$d and %1$@", "a%%b%@c%%", "%@%@", "%d%u",
        "[%5d]", "%x %@", "%{who} has %d", "no specifiers", "100%% sure", "", "%#@v@ left",
        "[%-6@|%.2@|%08.3f|%+d|%#o|%#X|%e]", "%2$*1$d", "%.*f", "%c%C", "%s", "%p",
    ]

    static let argumentLists: [[FormatArgument]] = [
        [], ["text"], ["17"], ["-3"], ["abc"], ["%d %@"], [.int(0)], [.int(-42)], [.int(Int64.min)],
        [.int(Int64.max)], [.uint(UInt64.max)], [.uint(7)], [.double(3)], [.double(-1.5)], [.double(1e20)],
        [.int(5), "x"], ["x", .int(5)], [.uint(1), .int(-1)], [.int(3), .double(2.71828)],
        [.int(72), .int(0x263A)], ["é", .double(0.5), .double(-0.25), .int(7), .int(8), .int(255), .double(12345.678)],
    ]

    static func render(_ format: String, _ arguments: [FormatArgument]) -> String? {
        let program = RenderProgram(.string(format), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        return try? FormatRenderer(arguments: arguments, substitutions: ["who": "Ada"]).render(program)
    }

    @Test("the renderer and the reference agree", arguments: formats)
    func matchesTheReference(_ format: String) {
        for arguments in Self.argumentLists {
            let expected = ReferenceRenderer(arguments: arguments, substitutions: ["who": "Ada"]).render(.string(format))
            #expect(Self.render(format, arguments) == expected, "\(format) with \(arguments)")
        }
    }

    /// The arguments-only render of a lookup's short path gives what the full render gives, and nothing where it
    /// cannot: a substitution or a width rule, or arguments that do not fit.
    @Test func theShortPathRendersWhatTheFullRenderDoes() {
        let rules = PluralRules.cardinal(for: "en")
        for format in Self.formats where !format.contains("%{") {
            let program = RenderProgram(.string(format), rules: rules, device: "iphone")
            for arguments in Self.argumentLists {
                #expect(program.text(for: arguments) == (try? FormatRenderer(arguments: arguments).render(program)))
            }
        }
        #expect(RenderProgram(.string("%{who} has %d"), rules: rules, device: "iphone").text(for: [.int(1)]) == nil)
        let width = RenderProgram(.plural(.width([10: "short %@", 20: "long %@"])), rules: rules, device: "iphone")
        #expect(width.text(for: ["x"]) == nil)
        #expect((try? FormatRenderer(arguments: ["x"]).render(width)) == "long x")
    }

    @Test func plainSpecifiersAppendDirectly() {
        let program = RenderProgram(.string("%@ %ld %u %5d %x"), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        guard case .ops(let range) = program.body else {
            Issue.record("a plain value compiles to ops")
            return
        }
        let kinds = range.map { program.ops[$0].kind }.filter { $0 != .literal }
        #expect(kinds == [.object, .signed, .unsigned, .specifier, .specifier])
        #expect(program.constantText == nil)
    }

    @Test("literals and %% merge into constant text", arguments: [
        ("plain", "plain"), ("100%% sure", "100% sure"), ("", ""),
    ])
    func constantText(_ format: String, _ expected: String) {
        let program = RenderProgram(.string(format), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        #expect(program.constantText == expected)
        #expect(Self.render(format, []) == expected)
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
            let value = RenderProgram(
                .plural(ResolverFixtures.plural(forms)), rules: PluralRules.cardinal(for: locale), device: "iphone")
            for count in 0..<(Int64(IntegerPluralRules.tableLimit) + 200) {
                let table = try? FormatRenderer(arguments: [.int(count)]).render(value)
                let rules = try? FormatRenderer(arguments: [.string(String(count))]).render(value)
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
        let value = RenderProgram(.string(format), rules: PluralRules.cardinal(for: "en"), device: "iphone")
        let rendered = try? FormatRenderer(arguments: [.string(argument), .int(Int64.min), .uint(UInt64.max)])
            .render(value)
        #expect(rendered == head + argument + "|-9223372036854775808|18446744073709551615" + String(repeating: "b", count: length))
    }
}
