import Testing
@testable import OverlayCore

/// Rendering is bounded (DESIGN.md "Bounds"): a value that expands too many tokens, asks for too wide a field or
/// writes too much fails like any render error — the shipped development value (else the key) shows and the error is
/// counted — and nothing is allocated past the bound on the way.
@Suite struct RenderBoundTests {
    /// A Localizer whose fr value of `k` is `attack` and whose shipped development value is `shipped`.
    static func table(shipped: String, attack: CatalogValue) -> (LocalizedTable, Localizer) {
        var strings: [String: [String: String]] = ["en": ["k": shipped], "fr": [:]]
        var plurals: [String: [String: StringsdictEntry]] = [:]
        switch attack {
        case .string(let text): strings["fr"] = ["k": text]
        case .plural(let entry): plurals["fr"] = ["k": entry]
        }
        let localizer = Localizer(catalog: ResolverFixtures.catalog(strings, plurals: plurals), preferredLanguages: ["fr"])
        return (localizer.table(in: "M"), localizer)
    }

    @Test func repeatedVariablesFallBackToTheShippedValue() {
        // 8 tokens over 5 levels: 4,096 leaves of 100 bytes, 400 KB from a 1 KB entry.
        let attack = ResolverFixtures.repeatedVariables(levels: 5, repeats: 8, leaf: "%1$ld " + String(repeating: "x", count: 94))
        let (table, localizer) = Self.table(shipped: "%ld items", attack: .plural(attack))
        let rendered = table.format("k", count: 3)
        #expect(rendered == "3 items", "rendered \(rendered.utf8.count) bytes")
        #expect(localizer.stats.renderErrors == 1)
    }

    @Test func wideFieldsFallBackToTheShippedValue() {
        // 300 fields of 1,000 columns: 300 KB from a 2.7 KB value.
        let attack = String(repeating: "%1$1000@", count: 300)
        let (table, localizer) = Self.table(shipped: "%@", attack: .string(attack))
        let rendered = table.format("k", ["x"])
        #expect(rendered == "x", "rendered \(rendered.utf8.count) bytes")
        #expect(localizer.stats.renderErrors == 1)
    }

    static func render(_ value: CatalogValue, _ arguments: [FormatArgument]) -> Result<String, RenderFailure> {
        let program = RenderProgram(value, rules: PluralRules.cardinal(for: "en"), device: "iphone")
        return Result { () throws(RenderFailure) in try FormatRenderer(arguments: arguments).render(program) }
    }

    /// The rendered length, nil on a failure.
    static func length(_ value: CatalogValue, _ arguments: [FormatArgument]) -> Int? {
        (try? render(value, arguments).get())?.utf8.count
    }

    @Test func expansionAtTheBoundRendersAndOnePastFails() {
        let bound = RenderBounds.maximumExpansion
        let at = String(repeating: "%1$@", count: bound)
        #expect(Self.render(.string(at), ["ab"]) == .success(String(repeating: "ab", count: bound)))
        #expect(Self.render(.string(at + "%1$@"), ["ab"]) == .failure(.expansionTooLarge))
        // Tokens count with their variants: 32 tokens of a one-specifier variant are 64.
        let tokens = ResolverFixtures.plural(
            [.one: "%ld", .other: "%ld"], format: String(repeating: "%1$#@v@", count: bound / 2))
        #expect(Self.render(.plural(tokens), [.int(7)]) == .success(String(repeating: "7", count: bound / 2)))
        let onePast = ResolverFixtures.plural([.one: "%ld", .other: "%ld"], format: "%1$#@v@ %1$@" + String(repeating: "%1$#@v@", count: bound / 2 - 1))
        #expect(Self.render(.plural(onePast), [.int(7)]) == .failure(.expansionTooLarge))
    }

    @Test func fieldsAtTheBoundRenderAndOnePastFailsWithoutAllocating() {
        let bound = RenderBounds.maximumField
        #expect(Self.length(.string("%\(bound)@"), ["x"]) == bound)
        #expect(Self.render(.string("%\(bound + 1)@"), ["x"]) == .failure(.amountOutOfRange))
        #expect(Self.length(.string("%.\(bound)f"), [.double(1)]) == bound + 2)
        #expect(Self.render(.string("%.\(bound + 1)f"), [.double(1)]) == .failure(.amountOutOfRange))
        // A width taken from an argument: the bound, one past it, and the values whose magnitude overflows.
        #expect(Self.length(.string("%*d"), [.int(Int64(-bound)), 5]) == bound)
        #expect(Self.render(.string("%*d"), [.int(Int64(bound + 1)), 5]) == .failure(.amountOutOfRange))
        #expect(Self.render(.string("%*d"), [.int(.min), 5]) == .failure(.amountOutOfRange))
        #expect(Self.render(.string("%.*f"), [.int(.min), .double(1)]) == .failure(.amountOutOfRange))
    }

    /// The output bound counts what the value makes, not the app's own text: an argument of any size renders once,
    /// an argument repeated past the bound does not.
    @Test func outputAtTheBoundRendersAndOnePastFails() {
        let bound = RenderBounds.maximumOutputBytes
        let literal = String(repeating: "x", count: bound - 1)
        #expect(Self.length(.string(literal + "%d"), [7]) == bound)
        #expect(Self.render(.string(literal + "x%d"), [7]) == .failure(.outputTooLong))
        let large = String(repeating: "y", count: bound)
        #expect(Self.length(.string("%@"), [.string(large + large)]) == 2 * bound)
        #expect(Self.length(.string("%1$@%1$@"), [.string(large)]) == 2 * bound)
        #expect(Self.render(.string("%1$@%1$@"), [.string(large + "y")]) == .failure(.outputTooLong))
        // Variants count each time a token names them: 64 copies of 4 KiB are the bound, and one more byte is past it.
        let variant = String(repeating: "z", count: bound / 64)
        let tokens = String(repeating: "%1$#@v@", count: 64)
        #expect(Self.length(.plural(ResolverFixtures.plural([.other: variant], format: tokens)), [1]) == bound)
        #expect(Self.render(.plural(ResolverFixtures.plural([.other: variant], format: tokens + "!")), [1]) == .failure(.outputTooLong))
    }

    /// An append that would pass the limit throws before a byte of it is copied: the buffer never holds more.
    @Test func theBufferStopsBeforeTheLimit() {
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { storage -> (String, Bool) in
            var buffer = RenderBuffer(storage: storage, limit: 100)
            var refused = false
            do throws(RenderFailure) {
                try buffer.append(String(repeating: "a", count: 90))
                try buffer.append("0123456789")
                try buffer.append("!")
            } catch {
                refused = error == .outputTooLong
            }
            return (buffer.finish(), refused)
        }
        #expect(result.1)
        #expect(result.0 == String(repeating: "a", count: 90) + "0123456789")
    }
}
