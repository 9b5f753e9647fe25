import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

@Suite struct XCStringsCheckTests {
    @Test("a token without a substitution is an error with its path and line")
    func missingSubstitution() throws {
        let findings = try loadCatalog("token-without-substitution.xcstrings").check(file: "Songs.xcstrings")
        #expect(findings == [Finding(
            code: "xcstrings.missing-substitution", severity: .error,
            message: #"strings["%lld songs"].localizations.fr.stringUnit.value: the token %#@chansons@ has no "#
                + #"substitution "chansons"; add it under substitutions or remove the token"#,
            location: Finding.Location(file: "Songs.xcstrings", line: 37, column: 13, locale: "fr", key: "%lld songs"))])
    }

    @Test("clean fixtures have no findings", arguments: [
        "plural-variations-with-value-types.xcstrings", "device-variations.xcstrings",
        "device-containing-plural.xcstrings", "substitutions-two-plurals-with-arg.xcstrings",
    ])
    func clean(_ name: String) throws {
        #expect(try loadCatalog(name).check().isEmpty)
    }

    @Test("new and needs_review translations are reported as warnings; the source language and other states are not")
    func unreviewed() throws {
        let findings = try loadCatalog("plain-strings-states-and-should-translate.xcstrings").check()
        #expect(findings.map(\.code) == ["xcstrings.unreviewed-translation", "xcstrings.unreviewed-translation"])
        #expect(findings.map(\.severity) == [.warning, .warning])
        #expect(findings.map(\.location.key) == ["Cancel", "Hello, %@!"])
        #expect(findings.map(\.location.locale) == ["fr", "de"])
        #expect(findings.map(\.location.line) == [18, 30])
        #expect(findings[0].message.hasPrefix("strings.Cancel.localizations.fr.stringUnit.state: "))
    }

    @Test("tokens are checked in plural forms, device variants and substitution forms", arguments: [
        (#"{"en":{"variations":{"plural":{"other":{"stringUnit":{"value":"%#@x@"}}}}}}"#,
         "localizations.en.variations.plural.other.stringUnit.value"),
        (#"{"en":{"variations":{"device":{"mac":{"stringUnit":{"value":"%1$#@x@"}}}}}}"#,
         "localizations.en.variations.device.mac.stringUnit.value"),
        (#"{"en":{"stringUnit":{"value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"d","#
            + #""variations":{"plural":{"other":{"stringUnit":{"value":"%arg and %#@x@"}}}}}}}}"#,
         "localizations.en.substitutions.n.variations.plural.other.stringUnit.value"),
    ])
    func tokenScopes(_ localizations: String, _ pathSuffix: String) throws {
        let catalog = try XCStringsCompilerTests.catalog(localizations)
        let findings = catalog.check()
        #expect(findings.map(\.code) == ["xcstrings.missing-substitution"])
        #expect(findings.first?.message.hasPrefix("strings.k.\(pathSuffix): the token %#@x@") == true)
    }

    @Test("tokens resolved by the localization or its parent pass", arguments: [
        #"{"en":{"stringUnit":{"value":"%#@n@ and %%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"d","#
            + #""variations":{"plural":{"other":{"stringUnit":{"value":"%arg"}}}}}}}}"#,
        #"{"en":{"substitutions":{"n":{"argNum":1,"formatSpecifier":"d","variations":{"plural":{"other":"#
            + #"{"stringUnit":{"value":"%arg"}}}}}},"variations":{"device":{"mac":{"stringUnit":{"value":"%#@n@"}}}}}}"#,
    ])
    func resolvedTokens(_ localizations: String) throws {
        #expect(try XCStringsCompilerTests.catalog(localizations).check().isEmpty)
    }
}
