import Foundation
import Testing
import OverlayCore
@testable import OverlayTools
@testable import OverlayPublishing

/// Publish never escapes `--out`, never emits what a client rejects, and continues only from a genuine origin
/// (issue 9).
@Suite struct PublisherHardeningTests {
    /// Publishing `options` fails with a `PublishError`; returns it.
    static func refusal(_ options: PublishOptions) async throws -> PublishError {
        do {
            _ = try await Publisher.publish(options)
        } catch let error as PublishError {
            return error
        }
        Issue.record("publish should have refused")
        throw PublishError("publish did not refuse")
    }

    /// Every file under `url`, relative to it.
    static func files(under url: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted()
    }

    @Test("an app version that could name another folder is refused before anything is written", arguments: [
        "../escaped", "", ".", "..", "/x", "1.0\n", "a/b", "-1", String(repeating: "9", count: 65),
    ])
    func appVersions(_ version: String) async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        var options = workspace.options()
        options.appVersion = version
        let error = try await Self.refusal(options)
        #expect(error.message.contains("--app-version"))
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
        #expect(!FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("escaped").path))
    }

    @Test("--expires-in stays within what clients accept", arguments: [
        (90 * 86_400.0, true), (60.0, true), (91 * 86_400.0, false), (59.0, false), (0.0, false), (-1.0, false),
        (.infinity, false), (.nan, false), (1e300, false),
    ] as [(TimeInterval, Bool)])
    func expiry(_ seconds: TimeInterval, _ accepted: Bool) async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        var options = workspace.options()
        options.expiresIn = seconds
        if accepted {
            let report = try await workspace.publish(options)
            #expect(report.expiresAt == PublishWorkspace.now.addingTimeInterval(seconds))
        } else {
            #expect(try await Self.refusal(options).message.contains("--expires-in"))
        }
    }

    /// `--revision 9223372036854775807` used to be written, and every later publish then trapped on `+ 1`.
    @Test func revisionsStopAtTwoToTheFiftyThreeMinusOne() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        #expect(try await Self.refusal(workspace.options(revision: Int.max)).message.contains("outside 1…"))
        #expect(try await workspace.publish(workspace.options(revision: Manifest.maximumRevision)).revision == Manifest.maximumRevision)
        #expect(try await Self.refusal(workspace.options()).message.contains("no later revision exists"))
        #expect(try await Self.refusal(workspace.options(revision: Manifest.maximumRevision)).message.contains("new --app-version"))
        #expect(throws: PublishError.self) { try Publisher.nextRevision(requested: nil, previous: Int.max) }
    }

    @Test func anOutThatIsAFileIsRefusedByName() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let file = workspace.root.appendingPathComponent("origin-file")
        try Data("x".utf8).write(to: file)
        let error = try await Self.refusal(workspace.options(out: file))
        #expect(error.message.contains("\(file.path) is a regular file, not a directory"))
        #expect(!error.message.contains("NSCocoaErrorDomain"))
    }

    @Test("names and sizes every client refuses are refused with their finding", arguments: [
        ("My Mod/en.lproj/Localizable.strings", "\"a\" = \"b\";\n", "name.module"),
        ("App/fr CA.lproj/Localizable.strings", "\"app.title\" = \"x\";\n", "name.locale"),
        ("App/en.lproj/My Table.strings", "\"a\" = \"b\";\n", "name.table"),
        ("App/en.lproj/Extra.strings", "\"bell\u{07}\" = \"x\";\n", "key.control-character"),
        ("App/en.lproj/Extra.strings", "\"big\" = \"\(String(repeating: "v", count: 100_000))\";\n", "value.too-long"),
    ])
    func refusedNames(_ path: String, _ contents: String, _ code: String) async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let url = workspace.catalog.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
        let error = try await Self.refusal(workspace.options())
        #expect(error.findings.contains { $0.code == code && $0.severity == .error }, "\(error.findings.map(\.code))")
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
    }

    /// A symlink to a file outside the catalog used to be published into the archive.
    @Test func aSymlinkOutOfTheCatalogIsNeverPublished() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let outside = workspace.root.appendingPathComponent("secret.strings")
        try Data("\"app.title\" = \"secret-value\";\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: workspace.catalog.appendingPathComponent("App/de.lproj/Secret.strings"), withDestinationURL: outside)
        let error = try await Self.refusal(workspace.options())
        #expect(error.findings.map(\.location.file).contains("App/de.lproj/Secret.strings"))
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
    }

    /// A 200 MB table is refused from its size, before it is read.
    @Test func aHugeTableIsRefusedUnread() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let url = workspace.catalog.appendingPathComponent("App/fr.lproj/Huge.strings")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()
        let error = try await Self.refusal(workspace.options())
        #expect(error.findings.contains { $0.code == "catalog.file-too-large" && $0.location.file == "App/fr.lproj/Huge.strings" })
    }

    /// What only the client's validators see: text so repetitive that its archive entry inflates more than 100×,
    /// which every client refuses as a ZIP bomb. `check` and the name rules accept it; the publish must not.
    @Test func outputTheClientWouldRejectIsNeverWritten() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let value = String(repeating: "a", count: 60_000)
        let body = (0..<40).map { "\"bomb.\($0)\" = \"\(value)\";\n" }.joined()
        for locale in ["en", "fr"] {
            try Data(body.utf8).write(to: workspace.catalog.appendingPathComponent("App/\(locale).lproj/Bomb.strings"))
        }
        let loaded = try CatalogLoader.load(at: workspace.catalog)
        #expect((loaded.findings + CatalogChecker.check(loaded.catalog) + CatalogNameRules.check(loaded.catalog)).isAcceptable)
        let error = try await Self.refusal(workspace.options())
        #expect(error.message.contains("every client would reject"))
        #expect(error.findings.map(\.code).contains("zip.ratio"), "\(error.findings)")
        #expect(error.findings.allSatisfy { $0.location.file?.hasPrefix(workspace.origin.path) == true })
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
    }

    @Test func aMissingFromOriginIsAnErrorUnlessThisIsTheFirstPublish() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let runner = workspace.root.appendingPathComponent("runner")
        let empty = workspace.root.appendingPathComponent("empty-origin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try await Self.refusal(workspace.options(out: runner, from: empty.path))
        #expect(missing.message.contains("--first-publish"))
        #expect(!FileManager.default.fileExists(atPath: runner.path))
        let nowhere = try await Self.refusal(workspace.options(out: runner, from: workspace.root.appendingPathComponent("nope").path))
        #expect(nowhere.message.contains("no such directory"))

        var first = workspace.options(out: runner, from: empty.path)
        first.firstPublish = true
        #expect(try await workspace.publish(first).revision == 1)
        // Told it is the first publish, but the origin has one: refused rather than restarting the numbering.
        var again = workspace.options(out: workspace.root.appendingPathComponent("runner2"), from: runner.path)
        again.firstPublish = true
        #expect(try await Self.refusal(again).message.contains("already holds revision 1"))
        #expect(try await workspace.publish(workspace.options(out: workspace.root.appendingPathComponent("runner3"), from: runner.path)).revision == 2)
    }

    /// A forged manifest on the origin used to move the numbering (to 1001) and the reused modules.
    @Test func aFromManifestMustBeSignedByAPublishingOrTrustedKey() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        var forged = try workspace.manifest()
        forged.revision = 1000
        let stranger = try Ed25519PrivateKey.generate()
        let bytes = forged.encoded()
        let version = workspace.origin.appendingPathComponent("1.0")
        try SignatureFile.signing(bytes, with: [stranger]).encoded()
            .write(to: version.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig"))
        try bytes.write(to: version.appendingPathComponent("manifest.json"))

        let runner = workspace.root.appendingPathComponent("runner")
        let error = try await Self.refusal(workspace.options(out: runner, from: workspace.origin.path))
        #expect(error.message.contains("not signed by a signing key or a --trust key"))
        #expect(!FileManager.default.fileExists(atPath: runner.path))
        // The same manifest in --out is refused too.
        #expect(try await Self.refusal(workspace.options()).message.contains("--trust"))

        // A manifest with no signature file at all.
        try FileManager.default.removeItem(at: version.appendingPathComponent("signatures"))
        #expect(try await Self.refusal(workspace.options(out: runner, from: workspace.origin.path)).message.contains("signature"))
    }

    @Test func afterAKeyRotationTheOldPublicKeyIsTrustedExplicitly() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let newKey = try Ed25519PrivateKey.generate()
        var rotated = workspace.options()
        rotated.keys = [newKey]
        #expect(try await Self.refusal(rotated).message.contains("--trust"))
        rotated.trust = [workspace.key.publicKey]
        let report = try await Publisher.publish(rotated)
        #expect(report.revision == 2)
        #expect(report.modules.allSatisfy { $0.status == .unchanged })
    }

    @Test func aRevocationOfANameNoClientAcceptsIsRefused() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let error = try await Self.refusal(workspace.options(revoke: [.init(module: "../x", sha256: String(repeating: "a", count: 64))]))
        #expect(error.message.contains("not a module name"))
    }

    /// What publish writes passes the client's manifest validator with the client's own defaults.
    @Test func theOutputPassesTheClientValidators() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let version = workspace.origin.appendingPathComponent("1.0")
        let bytes = try Data(contentsOf: version.appendingPathComponent("manifest.json"))
        let catalog = try CatalogLoader.load(at: workspace.catalog).catalog
        let context = ValidationContext(
            trustedKeys: try TrustedKeys([workspace.key.publicKey]), appVersion: "1.0", sourceHash: catalog.sourceHash,
            shipped: catalog, now: PublishWorkspace.now)
        let verdict = ManifestValidator.validate(
            manifest: bytes,
            signatureFile: try Data(contentsOf: version.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig")),
            context: context)
        let manifest = try #require(verdict.manifest, "\(verdict.findings)")
        for entry in manifest.modules {
            let archive = try Data(contentsOf: version.appendingPathComponent(entry.path))
            #expect(ModuleValidator.validate(archive: archive, entry: entry, manifest: manifest, context: context).isAccepted)
        }
        #expect(Self.files(under: workspace.origin).allSatisfy { !$0.contains("..") })
    }

    /// A `.stringsdict` entry whose variants name the next variable eight times, five levels deep, renders 4,096
    /// copies of its leaf per lookup: check refuses it, so nothing is published (issue 22).
    @Test func aValueThatRendersPastTheBoundsIsNotPublished() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let names = (0..<5).map { "v\($0)" }
        var variables: [String: PluralVariable] = [:]
        for (index, name) in names.enumerated() {
            let text = index + 1 < names.count
                ? Array(repeating: "%1$#@\(names[index + 1])@", count: 8).joined(separator: " ") : "%1$ld articles"
            variables[name] = PluralVariable(valueType: "ld", forms: [.one: text, .many: text, .other: text])
        }
        let entry = StringsdictEntry.format(PluralFormat(format: "%1$#@v0@", variables: variables))
        try StringsdictWriter.write(["cart.items": entry])
            .write(to: workspace.catalog.appendingPathComponent("Checkout/fr.lproj/Localizable.stringsdict"))
        let error = try await Self.refusal(workspace.options())
        let blocking = error.findings.filter(\.isBlocking)
        #expect(blocking.map(\.code) == ["render.expansion-too-large"], "\(blocking)")
        #expect(blocking.first?.location.key == "cart.items" && blocking.first?.location.locale == "fr")
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
    }
}
