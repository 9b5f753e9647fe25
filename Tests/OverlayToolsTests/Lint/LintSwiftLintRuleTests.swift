import Foundation
import Testing
@testable import OverlayTools

/// The SwiftLint `custom_rules` that docs/LINT.md offers, run with ICU's regex engine (`NSRegularExpression`, the
/// one SwiftLint uses): they catch what the page says, accept what it says, and have exactly the blind spots it
/// lists. Comments and strings are left out here: SwiftLint excludes them through SourceKit's syntax kinds.
@Suite struct LintSwiftLintRuleTests {
    /// `name → regex` from the YAML block of docs/LINT.md.
    static let rules: [(name: String, regex: NSRegularExpression)] = {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/LINT.md")
        let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
        var rules: [(String, NSRegularExpression)] = []
        var name: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  overlay_"), trimmed.hasSuffix(":") { name = String(trimmed.dropLast()) }
            guard let name, trimmed.hasPrefix("regex: '"), trimmed.hasSuffix("'") else { continue }
            let pattern = String(trimmed.dropFirst("regex: '".count).dropLast()).replacingOccurrences(of: "''", with: "'")
            if let regex = try? NSRegularExpression(pattern: pattern) { rules.append((name, regex)) }
        }
        return rules
    }()

    static func matches(_ source: String) -> [String] {
        let range = NSRange(source.startIndex..., in: source)
        return rules.filter { $0.regex.firstMatch(in: source, range: range) != nil }.map(\.name)
    }

    static func lexerFinds(_ source: String) -> Bool {
        !BypassMatcher.findings(in: SwiftSource(source), file: nil, module: nil).isEmpty
    }

    @Test func thePageHoldsEightRulesThatCompile() {
        #expect(Self.rules.map(\.name) == [
            "overlay_nslocalizedstring", "overlay_main_bundle_argument", "overlay_bundle_main_lookup",
            "overlay_bundle_module_lookup",
            "overlay_string_localized", "overlay_localized_string_resource", "overlay_text_literal",
            "overlay_localized_string_key",
        ])
    }

    @Test("what the rules catch, as the lexer does", arguments: [
        (#"let a = NSLocalizedString("k", comment: "")"#, "overlay_nslocalizedstring"),
        (#"let a = "\(NSLocalizedString("k", comment: ""))""#, "overlay_nslocalizedstring"),
        (#"NSLocalizedString("k", bundle: .main, comment: "")"#, "overlay_main_bundle_argument"),
        ("NSLocalizedString(\"k\",\n    bundle: Bundle.main,\n    comment: \"\")", "overlay_main_bundle_argument"),
        (#"Bundle.main.localizedString(forKey: "k", value: nil, table: nil)"#, "overlay_bundle_main_lookup"),
        (#"String(localized: "k")"#, "overlay_string_localized"),
        (#"AttributedString(localized: "k")"#, "overlay_string_localized"),
        (#"String(localized: "k", bundle: nil)"#, "overlay_main_bundle_argument"),
        (#"LocalizedStringResource("k", defaultValue: "v")"#, "overlay_localized_string_resource"),
        (#"Text("k")"#, "overlay_text_literal"),
        (##"Text(#"50% "off""#)"##, "overlay_text_literal"),
        (#"Text("k", bundle: .main)"#, "overlay_main_bundle_argument"),
        (#"LocalizedStringKey("k")"#, "overlay_localized_string_key"),
        (#"NSLocalizedString("k", bundle: .module, comment: "")"#, "overlay_main_bundle_argument"),
        (#"NSLocalizedString("k", bundle: Bundle(for: Cart.self), comment: "")"#, "overlay_main_bundle_argument"),
        (#"String(localized: "k", bundle: Bundle.module)"#, "overlay_main_bundle_argument"),
        (#"Text("k", bundle: .module)"#, "overlay_main_bundle_argument"),
        (#"LocalizedStringResource("k", bundle: .forClass(Cart.self))"#, "overlay_main_bundle_argument"),
        (#"Bundle.module.localizedString(forKey: "k", value: nil, table: nil)"#, "overlay_bundle_module_lookup"),
        (#"Bundle(for: Cart.self).localizedString(forKey: "k", value: nil, table: nil)"#, "overlay_bundle_module_lookup"),
    ])
    func catches(source: String, rule: String) {
        #expect(Self.matches(source).contains(rule), "\(Self.matches(source))")
        #expect(Self.lexerFinds(source))
    }

    @Test("what the rules accept, as the lexer does", arguments: [
        "NSLocalizedString(\"k\",\n    bundle: localizer.bundle(for: \"M\") ?? .module,\n    comment: \"\")",
        #"NSLocalizedString("k", bundle: .mainOverlay, comment: "")"#,
        #"String(localized: "k", bundle: localizer.bundle(for: "M") ?? .module)"#,
        #"Text("k", bundle: overlayBundle)"#,
        #"(localizer.bundle(for: "M") ?? .module).localizedString(forKey: "k", value: nil, table: nil)"#,
        #"Bundle.module.url(forResource: "x", withExtension: "json")"#,
        #"LocalizedStringResource("k", bundle: .atURL(url))"#,
        #"Text(verbatim: "x")"#,
        "Text(title)",
        "String(describing: x)",
        #"myNSLocalizedString("k")"#,
        #"x.NSLocalizedString("k")"#,
        #"NSLocalizedStringFoo("k")"#,
        #"Bundle.main.path(forResource: "x", ofType: nil)"#,
    ])
    func accepts(source: String) {
        #expect(Self.matches(source) == [])
        #expect(!Self.lexerFinds(source))
    }

    @Test("blind spots: the rules report what the lexer accepts", arguments: [
        #"NSLocalizedString(key(id), bundle: b, comment: "")"#,
        #"Text("Hi \(name)", bundle: b)"#,
        #"Text("a" + name)"#,
        #"Text(LocalizedStringKey("k"), bundle: b)"#,
        "let f = NSLocalizedString\n(\"k\", 1)",
    ])
    func falsePositives(source: String) {
        #expect(!Self.matches(source).isEmpty)
        #expect(!Self.lexerFinds(source))
    }

    @Test("blind spots: the rules miss what the lexer reports", arguments: [
        #"Foundation.NSLocalizedString("k", comment: "")"#,
        #"SwiftUI.Text("k")"#,
        // A name bound to a shipped bundle: SwiftGen's `BundleToken.bundle`.
        "let b = Bundle.module\nlet s = b.localizedString(forKey: \"k\", value: nil, table: nil)",
        #"LocalizedStringResource("k", bundle: .atURL(Bundle.module.bundleURL))"#,
    ])
    func misses(source: String) {
        #expect(Self.matches(source).isEmpty)
        #expect(Self.lexerFinds(source))
    }
}
