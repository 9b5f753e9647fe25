import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// The rendering bounds where text is accepted (DESIGN.md "Bounds"): `overlay check` and a client's validation of a
/// downloaded archive refuse a value that would expand, pad or write past them, with a finding naming the entry.
@Suite struct RenderBoundRuleTests {
    /// 8 tokens over 5 levels: 4,096 renderings of the leaf.
    static let repeated = ResolverFixtures.repeatedVariables(levels: 5, repeats: 8, leaf: "%1$ld items")

    @Test func checkNamesTheEntryThatExpandsTooMuch() {
        let catalog = ResolverFixtures.catalog(["en": ["k": "%ld items"], "fr": [:]], plurals: ["fr": ["k": Self.repeated]])
        let findings = CatalogChecker.check(catalog).filter { $0.severity == .error }
        #expect(findings.map(\.code) == ["render.expansion-too-large"], "\(findings)")
        let location = findings.first?.location
        #expect(location?.module == "M" && location?.locale == "fr" && location?.table == "Localizable")
        #expect(location?.key == "k")
    }

    @Test func checkRefusesRepeatedWideFields() {
        let wide = String(repeating: "%1$1000@", count: 300)
        let catalog = ResolverFixtures.catalog(["en": ["k": "%@"], "fr": ["k": wide]])
        let findings = CatalogChecker.check(catalog).filter { $0.severity == .error }
        #expect(findings.map(\.code) == ["render.expansion-too-large"], "\(findings)")
        #expect(findings.first?.location.key == "k")
    }

    @Test func aClientRejectsTheArchiveThatHoldsSuchAnEntry() {
        let entry = ResolverFixtures.repeatedVariables(levels: 5, repeats: 8, leaf: "%1$ld articles")
        var files = ModuleValidatorTests.goodFiles
        files["fr.lproj/Localizable.stringsdict"] = StringsdictWriter.write(["cart.items": entry])
        let bytes = ModuleValidatorTests.archive(files)
        let verdict = ModuleValidator.validateContents(
            bytes, expectedModule: "Checkout", expectedRevision: 2, context: ModuleValidatorTests.context,
            file: "Checkout.zip")
        #expect(!verdict.isAccepted)
        let blocking = verdict.findings.filter(\.isBlocking)
        #expect(blocking.map(\.code) == ["render.expansion-too-large"], "\(blocking)")
        let location = blocking.first?.location
        #expect(location?.module == "Checkout" && location?.locale == "fr" && location?.table == "Localizable")
        #expect(location?.key == "cart.items")
    }

    static func codes(_ value: CatalogValue) -> [String] {
        RenderBoundRule.check(value, location: .init()).map(\.code)
    }

    @Test func eachBoundAtItsLimitPassesAndOnePastIsAnError() {
        let expansion = RenderBounds.maximumExpansion
        #expect(Self.codes(.string(String(repeating: "%1$@", count: expansion))) == [])
        #expect(Self.codes(.string(String(repeating: "%1$@", count: expansion + 1))) == ["render.expansion-too-large"])
        let field = RenderBounds.maximumField
        #expect(Self.codes(.string("%\(field)@ and %.\(field)f")) == [])
        #expect(Self.codes(.string("%\(field + 1)@")) == ["render.field-too-wide"])
        #expect(Self.codes(.string("%.\(field + 1)f")) == ["render.field-too-wide"])
        // 32 tokens of a 4 KiB variant with one specifier: 64 expanded, 128 KiB written; one more byte is past it.
        let text = RenderBounds.maximumTextBytes
        let variant = String(repeating: "z", count: text / 32) + "%1$ld"
        let tokens = String(repeating: "%1$#@v@", count: 32)
        #expect(Self.codes(.plural(ResolverFixtures.plural([.other: variant], format: tokens))) == [])
        #expect(Self.codes(.plural(ResolverFixtures.plural([.other: variant], format: tokens + "!")))
            == ["render.output-too-long"])
    }

    /// The worst variant counts, wherever it is: another category, a device, a width; a `*` field at the bound.
    @Test func theWorstVariantCounts() {
        let wide = "%1$2000@"
        #expect(Self.codes(.plural(ResolverFixtures.plural([.one: "%ld", .other: wide]))) == ["render.field-too-wide"])
        #expect(Self.codes(.plural(.device(["iphone": .text("x"), "mac": .text(wide)]))) == ["render.field-too-wide"])
        #expect(Self.codes(.plural(.width([10: "x", 20: wide]))) == ["render.field-too-wide"])
        let stars = String(repeating: "%*d", count: 63)
        #expect(RenderCost(.string(stars)).bytes == 63 * RenderBounds.maximumField)
        #expect(RenderCost(.string(stars)).widestField == 0)
    }

    /// A plain translation is cleared by its specifier sequence when it can be (the fast path of check and of the
    /// client's validation): a sequence past a bound is not cleared, whatever its source.
    @Test func plainTranslationsPastABoundAreNotClearedByTheirSequence() {
        let catalog = ResolverFixtures.catalog(["en": ["k": "%@"], "fr": ["k": "[%1$2000@]"]])
        #expect(CatalogChecker.check(catalog).filter { $0.severity == .error }.map(\.code) == ["render.field-too-wide"])
        let overlay = ResolverFixtures.module("M", strings: ["fr": ["Localizable": ["k": String(repeating: "%1$@", count: 65)]]])
        let shipped = ResolverFixtures.module("M", strings: ["en": ["Localizable": ["k": "%@"]]])
        let findings = OverlayContentValidator.validate(overlay, shipped: shipped).filter { $0.severity == .error }
        #expect(findings.map(\.code) == ["render.expansion-too-large"])
        #expect(findings.first?.location.key == "k" && findings.first?.location.locale == "fr")
        #expect(RenderBoundRule.isClean(sequence: Array("%1$@%2$ld".utf8), limits: .default))
        #expect(!RenderBoundRule.isClean(sequence: Array("%1$2000@".utf8), limits: .default))
    }

    /// What the build already ships is reported but never blocks (the renderer still refuses it on a device).
    @Test func aValueTheBuildShipsDoesNotBlock() {
        let catalog = ResolverFixtures.catalog(["en": ["k": "%@"], "fr": ["k": "[%1$2000@]"]])
        let findings = CatalogChecker.check(catalog, shipped: catalog).filter { $0.code == "render.field-too-wide" }
        #expect(findings.count == 1 && findings.allSatisfy { $0.isAlreadyShipped && !$0.isBlocking })
    }
}
