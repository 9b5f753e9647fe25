import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
@testable import OverlayTools

/// Pseudo-localization keeps every placeholder a device reads, and the result passes the checks a publish and a
/// client apply, against the source.
@Suite struct PseudoLocalizerTests {
    static let pieces = [
        "Hello", "%@", "%1$@", "%2$ld", "%ld", "%.2f", "%%", "%{user}", " items", "{pane}", "${state}", "<b>", "</b>",
        "&amp;", "é", "Привет", "設定", "\n", "50%% off", "%lld", "%5d", "%-3s", "%*d", "it's", " - ",
    ]

    /// Every pair and triple of pieces: the texts a format can hold around its specifiers.
    static let texts: [String] = {
        var texts: [String] = []
        for a in pieces { for b in pieces { texts.append(a + b) } }
        for (index, a) in pieces.enumerated() { texts.append(a + pieces[(index + 3) % pieces.count] + pieces[(index + 7) % pieces.count]) }
        return texts
    }()

    @Test("placeholders survive, in every style", arguments: PseudoStyle.allCases)
    func placeholdersSurvive(style: PseudoStyle) {
        let pseudo = PseudoLocalizer(style: style)
        for text in Self.texts {
            let result = pseudo.text(text)
            #expect(SlotMap(result).signature == SlotMap(text).signature, "\(text) → \(result)")
            #expect(FormatParser.parse(result).issues.map(\.code) == FormatParser.parse(text).issues.map(\.code), "\(text) → \(result)")
            // Against its source the pseudo text is judged exactly as the source against itself.
            #expect(FormatCompatibility.check(source: SlotMap(text), translation: SlotMap(result)).map(\.code)
                == FormatCompatibility.check(source: SlotMap(text), translation: SlotMap(text)).map(\.code),
                "\(text) → \(result)")
            for protected in ["{pane}", "${state}", "<b>", "</b>", "&amp;", "%{user}"] where text.contains(protected) {
                #expect(result.contains(protected), "\(protected) lost: \(text) → \(result)")
            }
            #expect(result.hasPrefix(style == .bounded ? "⟦" : "["))
            #expect(result.hasSuffix(style == .bounded ? "⟧" : "]"))
        }
    }

    @Test func eachStyleLooksAsItSays() {
        #expect(PseudoLocalizer(style: .accented).text("Save %@ now") == "[Šáṽé %@ ñöŵ]")
        #expect(PseudoLocalizer(style: .expanded).text("Save %@ now") == "[Šáṽé %@ ñöŵ~~~]")
        #expect(PseudoLocalizer(style: .bounded).text("Save %@ now") == "⟦Save %@ now⟧")
        #expect(PseudoLocalizer(style: .rtl).text("Save %@ now") == "[\u{202E}Save \u{202C}%@ \u{202E}now\u{202C}]")
        // A text whose format CF would misread keeps its words: only the brackets are added.
        #expect(PseudoLocalizer(style: .accented).text("100% sure") == "[100% sure]")
    }

    @Test func aPluralKeepsItsVariablesAndGainsTheCategoriesOfThePseudoLocale() {
        let entry = StringsdictEntry.format(PluralFormat(format: "%#@n@ in cart", variables: [
            "n": PluralVariable(valueType: "ld", forms: [.one: "%ld item", .other: "%ld items"]),
        ]))
        let categories = PluralRules.cardinal(for: "ar-XB").categories
        guard case .plural(let result) = PseudoLocalizer(style: .rtl).value(.plural(entry), categories: categories),
            case .format(let format) = result
        else { return #expect(Bool(false)) }
        #expect(format.format == "[%#@n@ \u{202E}in cart\u{202C}]")
        #expect(Set(format.variables["n"]?.forms.keys ?? [:].keys) == categories)
        #expect(SlotMap(entry: result).signature == SlotMap(entry: entry).signature)
        #expect(PluralCategoryRule.check(.plural(result), locale: "ar-XB", location: .init()).isEmpty)
    }
}

@Suite struct PseudoCatalogTests {
    static func temporary() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pseudo-\(UUID().uuidString)")
    }

    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("testdata/catalog")

    @Test("the copy checks clean, has the build's structure, and renders the source's arguments", arguments: PseudoStyle.allCases)
    func theCopyIsPublishable(style: PseudoStyle) throws {
        let output = Self.temporary()
        defer { try? FileManager.default.removeItem(at: output) }
        let tag = style == .rtl ? "ar-XB" : "en-XA"
        let report = try PseudoCatalog.write(catalog: Self.sample, style: style, locale: tag, to: output)
        #expect(report.modules.count == 4)
        let shipped = try CatalogLoader.load(at: Self.sample, mode: .lenient).catalog
        let loaded = try CatalogLoader.load(at: output, mode: .strict)
        let findings = loaded.findings + CatalogChecker.check(loaded.catalog)
        #expect(findings.filter(\.isBlocking).isEmpty, "\(findings.filter(\.isBlocking))")
        #expect(!findings.contains { $0.location.locale == tag }, "\(findings.filter { $0.location.locale == tag })")
        #expect(loaded.catalog.sourceHash == shipped.sourceHash)
        // What a client checks: every pseudo table against the build that shipped the sample catalog.
        for (name, module) in loaded.catalog.modules {
            let verdict = OverlayContentValidator.validate(module, shipped: shipped.modules[name])
            #expect(verdict.isAcceptable, "\(name): \(verdict.filter(\.isBlocking))")
        }
        // Rendering with arguments gives the source's arguments inside the pseudo text.
        let checkout = Localizer(catalog: loaded.catalog, preferredLanguages: [tag]).table(in: "Checkout")
        let shipping = checkout.format("cart.shipping", ["DHL"])
        #expect(shipping.contains("DHL") && shipping.first == (style == .bounded ? "⟦" : "["), "\(shipping)")
        let items = checkout.format("cart.items", count: 3)
        #expect(items.contains("3"), "\(items)")
        #expect(items != Localizer(catalog: shipped, preferredLanguages: ["en"]).table(in: "Checkout").format("cart.items", count: 3))
    }

    @Test func itNeverWritesOverAnythingNorShadowsARealLocale() throws {
        let output = Self.temporary()
        defer { try? FileManager.default.removeItem(at: output) }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: output.appendingPathComponent("mine.txt"))
        #expect(throws: PseudoCatalog.Failure.self) {
            try PseudoCatalog.write(catalog: Self.sample, style: .accented, locale: "en-XA", to: output)
        }
        #expect(try String(contentsOf: output.appendingPathComponent("mine.txt"), encoding: .utf8) == "keep")
        let fresh = Self.temporary()
        defer { try? FileManager.default.removeItem(at: fresh) }
        #expect(throws: PseudoCatalog.Failure.self) {
            try PseudoCatalog.write(catalog: Self.sample, style: .accented, locale: "fr", to: fresh)
        }
        #expect(throws: PseudoCatalog.Failure.self) {
            try PseudoCatalog.write(catalog: Self.sample, style: .accented, locale: "en_xa", to: fresh)
        }
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }
}
