import Foundation
import Testing
@testable import OverlayCore

/// A value that takes no arguments and is no valid format is served as written by every lookup: `string(forKey:)`,
/// `format` with no arguments (what `overlay resolve` and a generated accessor call) and `resolve` agree. Before, `format`
/// refused `%` and showed the key.
@Suite struct AsWrittenRenderingTests {
    static let values = [
        "percent": "%",
        "battery": "Battery Level %",
        "sure": "100% sure",
        "off": "50% off",
        "heart": "Recovery weighs your HRV (~60%), resting heart rate (~20%).",
    ]

    static func table() -> LocalizedTable {
        Localizer(catalog: ResolverFixtures.catalog(["en": values]), preferredLanguages: ["en"], mode: .production)
            .table(in: "M")
    }

    @Test("every lookup shows the text as written", arguments: values.keys.sorted())
    func everyLookupAgrees(_ key: String) throws {
        let table = Self.table()
        let written = try #require(Self.values[key])
        #expect(table.string(forKey: key) == written)
        #expect(table.format(key) == written)
        #expect(table.resolve(key).value == .string(written))
    }

    @Test func noRenderErrorIsCounted() {
        let localizer = Localizer(catalog: ResolverFixtures.catalog(["en": Self.values]), preferredLanguages: ["en"])
        let table = localizer.table(in: "M")
        for key in Self.values.keys { _ = table.format(key) }
        #expect(localizer.stats.renderErrors == 0)
    }

    @Test func theRendererCalledDirectlyAgrees() throws {
        for (_, text) in Self.values {
            let program = RenderProgram(.string(text), rules: .otherOnly, device: "other")
            #expect(try FormatRenderer(arguments: [], substitutions: [:], width: nil).render(program) == text)
            #expect(try FormatRenderer(arguments: [], substitutions: nil, width: nil).render(program) == text)
        }
    }

    @Test func substitutionsForAValueWithoutNamesChangeNothing() throws {
        // Found by FuzzRender: `format` with substitutions took the short path (as written) while the renderer given
        // the same substitutions formatted the value; a value without `%{name}` ignores them either way.
        for (key, text) in Self.values.merging(["space": "% dI"], uniquingKeysWith: { $1 }) {
            let program = RenderProgram(.string(text), rules: .otherOnly, device: "other")
            #expect(try FormatRenderer(arguments: [], substitutions: ["n": "x"], width: nil).render(program) == text, "\(key)")
            #expect(program.text(for: [FormatArgument]()) == text, "\(key)")
        }
        #expect(Self.table().format("sure", substitutions: ["n": "x"]) == "100% sure")
    }

    @Test func aTranslationThatLostItsArgumentsShowsTheDevelopmentValueWhenTheyArePassed() {
        // fr dropped the count and kept a prose `%`: with the count passed, the source's text shows; without, fr's.
        let catalog = ResolverFixtures.catalog(["en": ["promo": "%d%% off"], "fr": ["promo": "50% de remise"]])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["fr"], mode: .production)
        #expect(localizer.table(in: "M").format("promo", [.int(5)]) == "5% off")
        #expect(localizer.stats.renderErrors == 1)
        #expect(localizer.table(in: "M").format("promo") == "50% de remise")
    }

    @Test func aValidFormatWithoutArgumentsIsStillFormatted() {
        // `%%` is String(format:)'s escape: a value written for formatting shows one `%`.
        let table = Localizer(catalog: ResolverFixtures.catalog(["en": ["p": "100%%"]]), preferredLanguages: ["en"])
            .table(in: "M")
        #expect(table.format("p") == "100%")
    }

    @Test func aValueThatReadsAnArgumentAndCannotRenderStillFallsBack() {
        // `%d%` reads a number and ends inside a specifier: the development value shows.
        let catalog = ResolverFixtures.catalog(["en": ["n": "%d left"], "fr": ["n": "%d restant%"]])
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["fr"], mode: .production)
        #expect(localizer.table(in: "M").format("n", [.int(3)]) == "3 left")
        #expect(localizer.stats.renderErrors == 1)
    }

    @Test func aSpacedNumberPrintsWithALeadingSpaceAsCFDoes() {
        // BookPlayer's ar "(% d)": CF prints " 5"; a warning, so the value is served.
        let catalog = ResolverFixtures.catalog(["en": ["queued": "Queued (%d)"], "ar": ["queued": "المهام (% d)"]])
        let table = Localizer(catalog: catalog, preferredLanguages: ["ar"], mode: .production).table(in: "M")
        #expect(table.format("queued", [.int(5)]) == "المهام ( 5)")
        #expect(table.format("queued", [.int(-5)]) == "المهام (-5)")
    }
}
