import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

/// One grammar for the names an origin, an archive and a store are built from (DESIGN.md "Wire contracts").
@Suite struct NameGrammarTests {
    @Test("app versions", arguments: [
        ("1.0", true), ("2.3.1-beta+45", true), ("2024.05.01", true), ("v2_rc1", true),
        (String(repeating: "9", count: 64), true), (String(repeating: "9", count: 65), false),
        ("", false), (".", false), ("..", false), ("../escaped", false), ("/x", false), ("a/b", false),
        ("-1.0", false), (".hidden", false), ("1.0\n", false), ("1 0", false), ("1.0%", false), ("é", false),
    ])
    func appVersions(_ text: String, _ accepted: Bool) {
        #expect(NameGrammar.isAppVersion(text) == accepted, "\(text.debugDescription)")
    }

    @Test("module names", arguments: [
        ("Checkout", true), ("My_Mod-2.v", true), ("a..b", true), (String(repeating: "m", count: 128), true),
        (String(repeating: "m", count: 129), false), ("", false), (".", false), ("..", false), (".Checkout", false),
        ("-x", false), ("My Mod", false), ("a/b", false), ("a%2F", false), ("Mod\n", false), ("Modül", false),
    ])
    func moduleNames(_ text: String, _ accepted: Bool) {
        #expect(NameGrammar.isModuleName(text) == accepted, "\(text.debugDescription)")
        // The store and the manifest decoder apply the same rule.
        #expect(((try? StoreLayout.validate(module: text)) != nil) == accepted)
    }

    @Test("locale names", arguments: [
        ("en", true), ("fr-CA", true), ("zh-Hans", true), ("pt_BR", true), ("Base", true),
        ("", false), ("..", false), ("1en", false), ("fr CA", false), ("en\n", false), ("a/b", false),
        (String(repeating: "a", count: 36), false),
    ])
    func localeNames(_ text: String, _ accepted: Bool) {
        #expect(NameGrammar.isLocaleName(text) == accepted, "\(text.debugDescription)")
        #expect(ModuleArchiveLayout.isAllowed("\(text).lproj/Localizable.strings") == accepted)
    }

    @Test("table names", arguments: [
        ("Localizable", true), ("Errors+Extra", true), ("2fa.codes", true), ("", false), (".hidden", false),
        ("My Table", false), ("a\tb", false), ("Tab/le", false),
    ])
    func tableNames(_ text: String, _ accepted: Bool) {
        #expect(NameGrammar.isTableName(text) == accepted, "\(text.debugDescription)")
        #expect(ModuleArchiveLayout.isAllowed("en.lproj/\(text).strings") == accepted)
    }
}

/// The manifest decoder applies the grammar and the revision range a publisher writes.
@Suite struct ManifestNameDecodingTests {
    static func manifest(appVersion: String = "1.0", module: String = "Checkout", revision: Int = 3) -> Data {
        let sha = String(repeating: "cd", count: 32)
        return Manifest(
            appVersion: appVersion, sourceHash: "sha256:" + String(repeating: "ab", count: 32), developmentRegion: "en",
            revision: revision, publishedAt: Date(timeIntervalSince1970: 1_800_000_000),
            expiresAt: Date(timeIntervalSince1970: 1_800_086_400),
            modules: [Manifest.Module(
                name: module, path: Manifest.archivePath(name: module, sha256: sha), sha256: sha, size: 1, revision: 1,
                locales: ["en"], tables: ["Localizable"], entries: 1)]
        ).encoded()
    }

    @Test("app versions that would escape the origin are refused", arguments: ["../escaped", ".", "", "a/b", "1.0\n"])
    func appVersion(_ text: String) {
        #expect(throws: ArtifactError.self) { try Manifest.decode(Self.manifest(appVersion: text)) }
    }

    @Test func moduleNamesTheStoreRefusesAreRefusedWhenDecoding() {
        #expect(throws: ArtifactError.self) { try Manifest.decode(Self.manifest(module: ".Checkout")) }
        #expect(throws: ArtifactError.self) { try Manifest.decode(Self.manifest(module: String(repeating: "m", count: 129))) }
    }

    @Test func revisionsStayExactInJSON() throws {
        #expect(try Manifest.decode(Self.manifest(revision: Manifest.maximumRevision)).revision == Manifest.maximumRevision)
        #expect(throws: ArtifactError.self) { try Manifest.decode(Self.manifest(revision: Manifest.maximumRevision + 1)) }
        #expect(throws: ArtifactError.self) { try Manifest.decode(Self.manifest(revision: Int.max)) }
    }
}
