import Testing
@testable import OverlayCore

/// Rendering printf-style strings by walking parsed tokens: every conversion, flags, width, precision,
/// positions, `*`, `%%` and `%{name}` substitutions.
@Suite struct FormatRenderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var format: String
        var arguments: [FormatArgument]
        var substitutions: [String: String] = [:]
        var expected: String
        var testDescription: String { "\(format) → \(expected)" }
    }

    static let cases: [Case] = [
        // %@: strings verbatim, numbers as ASCII digits without grouping
        Case(format: "Hello, %@!", arguments: ["Ada"], expected: "Hello, Ada!"),
        Case(format: "%@", arguments: [.int(1234567)], expected: "1234567"),
        Case(format: "%@", arguments: [.uint(18446744073709551615)], expected: "18446744073709551615"),
        Case(format: "%@", arguments: [.double(1.5)], expected: "1.5"),
        Case(format: "[%8@]", arguments: ["right"], expected: "[   right]"),
        Case(format: "[%-8@]", arguments: ["left"], expected: "[left    ]"),
        Case(format: "[%.3@]", arguments: ["truncate"], expected: "[tru]"),
        // signed integers, every length, 64-bit values intact
        Case(format: "%d %i %ld %lld %qd %zd %hd %D", arguments: [1, 2, 3, 4, 5, 6, 7, 8], expected: "1 2 3 4 5 6 7 8"),
        Case(format: "%d", arguments: [.int(Int64.max)], expected: "9223372036854775807"),
        Case(format: "%ld", arguments: [.int(-42)], expected: "-42"),
        Case(format: "%ld", arguments: ["17"], expected: "17"),
        Case(format: "%ld", arguments: [.double(3)], expected: "3"),
        Case(format: "[%5d|%-5d|%05d|%+d|%.3d]", arguments: [42, 42, 42, 42, 7], expected: "[   42|42   |00042|+42|007]"),
        // unsigned, hex, octal
        Case(format: "%u %lu %x %X %o", arguments: [1, 2, 255, 255, 8], expected: "1 2 ff FF 10"),
        Case(format: "%#x %#o %08X", arguments: [255, 8, 48879], expected: "0xff 010 0000BEEF"),
        Case(format: "%lx", arguments: [.int(-1)], expected: "ffffffffffffffff"),
        // floating point
        Case(format: "%f", arguments: [.double(3.14159)], expected: "3.141590"),
        Case(format: "%.2f %.0f %10.3f %-8.1f|", arguments: [.double(2.345), .double(2.5), .double(-1), .double(9.99)],
             expected: "2.35 2     -1.000 10.0    |"),
        Case(format: "%e %E", arguments: [.double(12345.678), .double(0.00012)], expected: "1.234568e+04 1.200000E-04"),
        Case(format: "%g %G %g", arguments: [.double(0.0001), .double(1e-10), .double(100000)], expected: "0.0001 1E-10 100000"),
        Case(format: "%a", arguments: [.double(1)], expected: "0x1p+0"),
        Case(format: "%+.1f %lf %F", arguments: [.double(1), .int(2), .double(3)], expected: "+1.0 2.000000 3.000000"),
        // characters
        Case(format: "%c%c%C", arguments: [.int(72), "i", .int(0x263A)], expected: "Hi☺"),
        Case(format: "[%3c]", arguments: ["x"], expected: "[  x]"),
        // %%, positions, star widths and precisions
        Case(format: "100%% sure: %d%%", arguments: [5], expected: "100% sure: 5%"),
        Case(format: "%2$@ before %1$@", arguments: ["A", "B"], expected: "B before A"),
        Case(format: "%1$@ and %1$@ again", arguments: ["twice"], expected: "twice and twice again"),
        Case(format: "%1$lld placed on %2$@", arguments: [.int(1042), "3 May"], expected: "1042 placed on 3 May"),
        Case(format: "[%*d]", arguments: [5, 42], expected: "[   42]"),
        Case(format: "[%*d]", arguments: [-5, 42], expected: "[42   ]"),
        Case(format: "[%.*f]", arguments: [2, .double(3.14159)], expected: "[3.14]"),
        Case(format: "[%*.*f]", arguments: [8, 3, .double(3.14159)], expected: "[   3.142]"),
        Case(format: "[%2$*1$d]", arguments: [6, 42], expected: "[    42]"),
        Case(format: "only %1$@", arguments: ["one", "extra ignored"], expected: "only one"),
        // named substitutions: verbatim, never parsed, independent of slots
        Case(format: "Hi %{name}, %ld new", arguments: [3], substitutions: ["name": "Ada"], expected: "Hi Ada, 3 new"),
        Case(format: "%{name} owes %@", arguments: ["€5"], substitutions: ["name": "%@ %d %{name} %%"],
             expected: "%@ %d %{name} %% owes €5"),
        Case(format: "%{a}%{b}%{a}", arguments: [], substitutions: ["a": "x", "b": "y"], expected: "xyx"),
        Case(format: "%%{literal}", arguments: [], expected: "%{literal}"),
        // an argument that itself looks like a format is inserted verbatim
        Case(format: "Code \"%@\" applied", arguments: ["%n%s%@"], expected: "Code \"%n%s%@\" applied"),
    ]

    @Test("renders", arguments: cases)
    func renders(_ test: Case) {
        let localizer = Localizer(catalog: ResolverFixtures.catalog(["en": ["k": test.format]]), preferredLanguages: ["en"])
        let rendered = localizer.table(in: "M").format("k", test.arguments, substitutions: test.substitutions)
        #expect(rendered == test.expected)
        #expect(localizer.stats.renderErrors == 0)
    }

    struct Mismatch: CustomTestStringConvertible, Sendable {
        var translation: String
        var arguments: [FormatArgument]
        var substitutions: [String: String] = [:]
        var expected: String
        var why: String
        var testDescription: String { why }
    }

    /// The shipped en value is "Pay %@ for %ld items"; the fr value does not fit the arguments.
    static let mismatches: [Mismatch] = [
        Mismatch(translation: "Payer %@ pour %ld articles", arguments: ["€5"], expected: "pay",
                 why: "too few arguments for both: the key"),
        Mismatch(translation: "Payer %@ pour %ld articles", arguments: ["€5", "many"], expected: "pay",
                 why: "a string that is not a number for %ld, in both: the key"),
        Mismatch(translation: "Payer %2$@ pour %3$ld articles", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "translation reads slot 3 that does not exist: shipped en"),
        Mismatch(translation: "Payer %ld pour %ld articles", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "class the argument cannot convert to: shipped en"),
        Mismatch(translation: "Payer %@ pour %d articles %n", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "%n is never rendered: shipped en"),
        Mismatch(translation: "Payer %@ pour %2$ld articles", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "mixed positional and sequential: shipped en"),
        Mismatch(translation: "Payer %p", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "a pointer conversion: shipped en"),
        Mismatch(translation: "Payer %@ pour %ld articles (%{who})", arguments: ["€5", .int(2)], expected: "Pay €5 for 2 items",
                 why: "a substitution nobody supplied: shipped en"),
        Mismatch(translation: "Payer %@ pour %*ld articles", arguments: ["€5", .int(100000), .int(2)],
                 expected: "Pay €5 for 100000 items", why: "a width beyond the cap: shipped en"),
        Mismatch(translation: "Payer %@ pour %c", arguments: ["€5", .int(-1)], expected: "Pay €5 for -1 items",
                 why: "no character for -1: shipped en"),
    ]

    @Test("mismatch renders the shipped development value and counts", arguments: mismatches)
    func mismatch(_ test: Mismatch) {
        let catalog = ResolverFixtures.catalog([
            "en": ["pay": "Pay %@ for %ld items"],
            "fr": ["pay": test.translation],
        ])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["fr"])
        #expect(localizer.table(in: "M").format("pay", test.arguments, substitutions: test.substitutions) == test.expected)
        #expect(localizer.stats.renderErrors == 1)
        #expect(localizer.stats.misses == 0)
    }

    @Test func stringForKeyNeverFormats() {
        let localizer = Localizer(catalog: ResolverFixtures.catalog(["en": ["k": "100%% of %@"]]), preferredLanguages: ["en"])
        #expect(localizer.table(in: "M").string(forKey: "k") == "100%% of %@")
    }

    @Test func widthAndDeviceRules() {
        let width = StringsdictEntry.width([20: "Short %@", 50: "A longer %@", 100: "The longest text of all, %@"])
        let device = StringsdictEntry.device([
            "iphone": .text("Tap %@"), "mac": .text("Click %@"), "other": ResolverFixtures.plural([.one: "%ld thing", .other: "%ld things"]),
        ])
        let catalog = ResolverFixtures.catalog(["en": [:]], plurals: ["en": ["w": width, "d": device]])
        let table = Localizer(catalog: catalog, preferredLanguages: ["en"]).table(in: "M")
        #expect(table.format("w", ["x"], width: 10) == "Short x")
        #expect(table.format("w", ["x"], width: 20) == "Short x")
        #expect(table.format("w", ["x"], width: 99) == "A longer x")
        #expect(table.format("w", ["x"]) == "The longest text of all, x")
        #expect(table.string(forKey: "w") == "The longest text of all, %@")
        #expect(table.format("d", [1]) == "1 thing")
        let mac = Localizer(catalog: catalog, preferredLanguages: ["en"], device: "mac").table(in: "M")
        #expect(mac.format("d", ["Save"]) == "Click Save")
        #expect(mac.string(forKey: "d") == "Click %@")
    }
}
