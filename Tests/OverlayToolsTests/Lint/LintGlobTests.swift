import OverlayCore
import Testing
@testable import OverlayTools

@Suite struct LintGlobTests {
    @Test("*, ** and ? against paths relative to the PATH argument", arguments: [
        ("L10n.swift", "L10n.swift", true),
        ("L10n.swift", "App/L10n.swift", false),
        ("**/L10n.swift", "L10n.swift", true),
        ("**/L10n.swift", "App/Sub/L10n.swift", true),
        ("**/L10n.swift", "App/MyL10n.swift", false),
        ("Localization/**", "Localization/Strings.swift", true),
        ("Localization/**", "Localization/Deep/Er/Strings.swift", true),
        ("Localization/**", "App/Localization/Strings.swift", false),
        ("Localization/", "Localization/Strings.swift", true),
        ("./Localization/*.swift", "Localization/Strings.swift", true),
        ("*/Localization/*.swift", "Checkout/Localization/Strings.swift", true),
        ("*/Localization/*.swift", "Checkout/Localization/Old/Strings.swift", false),
        ("*.swift", "a/b.swift", false),
        ("*Strings*.swift", "OverlayStringsHelper.swift", true),
        ("Str?ngs.swift", "Strings.swift", true),
        ("Str?ngs.swift", "Str/ngs.swift", false),
        ("a/**/b/**/c.swift", "a/b/c.swift", true),
        ("a/**/b/**/c.swift", "a/x/y/b/z/c.swift", true),
        ("a/**/b/**/c.swift", "a/x/c.swift", false),
        ("**", "anything/at/all.swift", true),
        ("Caf?.swift", "Café.swift", true),
        ("[ab].swift", "[ab].swift", true),
        ("[ab].swift", "a.swift", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) throws {
        #expect(try LintGlob(pattern).matches(path) == expected)
    }

    @Test("patterns that can never match are usage errors naming the fix", arguments: [
        ("", "is empty"),
        ("./", "is empty"),
        ("/abs/L10n.swift", "drop the leading '/'"),
    ])
    func invalid(pattern: String, phrase: String) {
        #expect {
            _ = try LintGlob(pattern)
        } throws: { error in
            guard let error = error as? LintError else { return false }
            return error.code == .invalidAllow && error.message.contains(phrase) && error.subject == pattern
        }
    }

    @Test func manyStarsStayLinear() throws {
        let glob = try LintGlob(String(repeating: "*a", count: 40) + "b")
        #expect(!glob.matches(String(repeating: "a", count: 4_000)))
    }
}
