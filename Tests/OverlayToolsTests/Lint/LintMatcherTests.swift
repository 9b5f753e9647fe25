import OverlayCore
import Testing
@testable import OverlayTools

@Suite struct LintMatcherTests {
    static func found(_ source: String, module: String? = "Checkout") -> [String] {
        BypassMatcher.findings(in: SwiftSource(source), file: "File.swift", module: module).map { finding in
            "\(finding.location.line ?? 0):\(finding.location.column ?? 0) \(finding.code)"
        }
    }

    @Test("every lookup that bypasses the overlay is reported where it starts", arguments: LintSnippets.positives)
    func positives(snippet: LintSnippet) {
        #expect(Self.found(snippet.source) == snippet.expected)
    }

    @Test("comments, literals and look-alike names are not lookups", arguments: LintSnippets.traps)
    func traps(snippet: LintSnippet) {
        #expect(Self.found(snippet.source) == [])
    }

    @Test func findingCarriesFileModuleAndAFixNamingTheModule() throws {
        let finding = try #require(
            BypassMatcher.findings(
                in: SwiftSource(#"let a = NSLocalizedString("k", comment: "")"#), file: "Sources/Checkout/Cart.swift",
                module: "Checkout"
            ).first)
        #expect(finding.severity == .warning)
        #expect(finding.location.file == "Sources/Checkout/Cart.swift")
        #expect(finding.location.module == "Checkout")
        #expect(finding.message.hasSuffix(#"pass bundle: localizer.bundle(for: "Checkout") ?? .module"#))
    }

    @Test("the fix names a placeholder module when the layout does not tell")
    func fixWithoutModule() throws {
        let finding = try #require(
            BypassMatcher.findings(in: SwiftSource(#"Text("Hi")"#), file: nil, module: nil).first)
        #expect(finding.message.contains(#"localizer.bundle(for: "<Module>") ?? .module"#))
        #expect(finding.message.contains("Text(verbatim:)"))
    }

    @Test("the message says which bundle argument was found", arguments: [
        (#"NSLocalizedString("k", comment: "")"#, "without bundle:"),
        (#"NSLocalizedString("k", bundle: .main, comment: "")"#, "with bundle: .main"),
        (#"NSLocalizedString("k", bundle: Bundle.main, comment: "")"#, "with bundle: Bundle.main"),
        (#"String(localized: "k", bundle: nil)"#, "with bundle: nil"),
        (#"NSLocalizedString("k", bundle: .module, comment: "")"#, "with bundle: .module reads only the strings the build shipped"),
        (#"Text("k", bundle: Bundle(for: T.self))"#, "looks its literal up in the bundle the build shipped"),
        (#"Bundle.module.localizedString(forKey: "k", value: nil, table: nil)"#, "Bundle.module.localizedString reads only"),
    ])
    func messageNamesTheBundleArgument(source: String, phrase: String) throws {
        let finding = try #require(BypassMatcher.findings(in: SwiftSource(source), file: nil, module: "M").first)
        #expect(finding.message.contains(phrase), "\(finding.message)")
    }

    @Test("hostile nesting neither traps, recurses nor rescans", .timeLimit(.minutes(1)), arguments: [
        // Each `"\(` opens a literal and an interpolation: the call at the bottom is code.
        (String(repeating: "\"\\(", count: 50_000) + "NSLocalizedString(\"k\", comment: \"\")", 1),
        // One block comment nested 50,000 deep and never closed swallows the rest of the file.
        (String(repeating: "/*", count: 50_000) + " NSLocalizedString(\"k\", comment: \"\")", 0),
        (String(repeating: "(", count: 50_000) + "NSLocalizedString(\"k\", comment: \"\")", 1),
        // Calls never closed are still calls, each reported once.
        (String(repeating: "NSLocalizedString(", count: 20_000), 20_000),
        (String(repeating: "Text(LocalizedStringKey(", count: 20_000), 20_000),
        // Unterminated regex, string and identifier openings, each of which a naive lexer rescans to the end of its
        // line or of the file: quadratic, minutes for these sizes.
        (String(repeating: "#/\n", count: 200_000) + "NSLocalizedString(\"k\", comment: \"\")", 1),
        (String(repeating: "#/a", count: 200_000) + "\nNSLocalizedString(\"k\", comment: \"\")", 1),
        (String(repeating: "(/\\/", count: 200_000) + ")\nNSLocalizedString(\"k\", comment: \"\")", 1),
        (String(repeating: "`a", count: 200_000) + "\nNSLocalizedString(\"k\", comment: \"\")", 1),
        (String(repeating: "#\"\"\"", count: 200_000), 0),
        // Stray closers, each of which a naive pairing searches the whole stack of open groups for.
        (String(repeating: "(", count: 100_000) + String(repeating: "]", count: 100_000) + "NSLocalizedString(\"k\", comment: \"\")", 1),
    ])
    func hostileNesting(source: String, count: Int) {
        #expect(Self.found(source).count == count)
    }
}
