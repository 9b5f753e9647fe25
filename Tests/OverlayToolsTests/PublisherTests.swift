import Foundation
import Testing
import OverlayCore
@testable import OverlayTools
@testable import OverlayPublishing

/// A scratch copy of the sample catalog and an output origin.
struct PublishWorkspace {
    let root: URL
    let catalog: URL
    let origin: URL
    let key: Ed25519PrivateKey
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("publish-\(UUID().uuidString)")
        catalog = root.appendingPathComponent("catalog")
        origin = root.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("testdata/catalog"), to: catalog)
        key = try Ed25519PrivateKey.generate()
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func options(out: URL? = nil, from: String? = nil, revision: Int? = nil, revoke: [Manifest.Revocation] = []) -> PublishOptions {
        PublishOptions(
            catalog: catalog, appVersion: "1.0", keys: [key], output: out ?? origin, from: from, revision: revision,
            revoke: revoke, now: Self.now)
    }

    func publish(_ options: PublishOptions? = nil) async throws -> PublishReport {
        try await Publisher.publish(options ?? self.options())
    }

    func manifest(in origin: URL? = nil) throws -> Manifest {
        try Manifest.decode(Data(contentsOf: (origin ?? self.origin).appendingPathComponent("1.0/manifest.json")))
    }

    /// Rewrites one string of the catalog (a wording fix: the source hash stays).
    func fixTypo() throws {
        let file = catalog.appendingPathComponent("App/en.lproj/Localizable.strings")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Notifcations", with: "Notifications").utf8).write(to: file)
    }
}

@Suite struct PublisherTests {
    @Test func firstPublishWritesTheWholeLayout() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let report = try await workspace.publish()
        #expect(report.revision == 1)
        #expect(report.modules.map(\.name) == ["Account", "App", "Checkout", "Onboarding"])
        #expect(report.modules.allSatisfy { $0.status == .added })
        let version = workspace.origin.appendingPathComponent("1.0")
        let manifestBytes = try Data(contentsOf: version.appendingPathComponent("manifest.json"))
        #expect(FileManager.default.fileExists(atPath: version.appendingPathComponent("signatures/\(SHA256.hash(manifestBytes).hex).sig").path))
        #expect(try Data(contentsOf: version.appendingPathComponent("history/manifest.1.json")) == manifestBytes)
        #expect(FileManager.default.fileExists(atPath: workspace.origin.appendingPathComponent("cache-headers.json").path))
        let manifest = try workspace.manifest()
        #expect(manifest.sourceHash == (try CatalogLoader.load(at: workspace.catalog).catalog.sourceHash))
        #expect(manifest.expiresAt == PublishWorkspace.now.addingTimeInterval(30 * 86_400))
        for module in manifest.modules {
            let bytes = try Data(contentsOf: version.appendingPathComponent(module.path))
            #expect(SHA256.hash(bytes).hex == module.sha256)
            #expect(bytes.count == module.size)
            let names = try ZIPArchive(data: bytes).entries.map(\.name)
            #expect(!names.contains { $0.hasSuffix("InfoPlist.strings") })
            #expect(names.contains(ModuleHeader.fileName))
        }
    }

    @Test func sameCatalogSameBytes() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let second = workspace.root.appendingPathComponent("second")
        _ = try await workspace.publish()
        _ = try await workspace.publish(workspace.options(out: second))
        let a = try workspace.manifest()
        let b = try workspace.manifest(in: second)
        #expect(a.modules == b.modules)
        for module in a.modules {
            #expect(try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/\(module.path)"))
                == Data(contentsOf: second.appendingPathComponent("1.0/\(module.path)")))
        }
        // The manifest depends on nothing but the catalog and the options.
        #expect(try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/manifest.json"))
            == Data(contentsOf: second.appendingPathComponent("1.0/manifest.json")))
    }

    @Test func aCorrectionMovesOnlyItsModule() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let before = try workspace.manifest()
        try workspace.fixTypo()
        let report = try await workspace.publish()
        #expect(report.revision == 2)
        #expect(report.previousRevision == 1)
        let after = try workspace.manifest()
        #expect(after.sourceHash == before.sourceHash)
        for module in after.modules {
            let old = try #require(before.module(named: module.name))
            if module.name == "App" {
                #expect(module.sha256 != old.sha256)
                #expect(module.revision == 2)
            } else {
                #expect(module == old)
            }
        }
        #expect(report.modules.filter { $0.status == .changed }.map(\.name) == ["App"])
    }

    /// nginx's ETag is mtime (seconds) and size: a same-size republish within one second must still change it.
    @Test func aNewManifestIsAlwaysNewerThanTheOneItReplaces() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let manifestPath = workspace.origin.appendingPathComponent("1.0/manifest.json").path
        // The old manifest's clock is ahead of ours (a publish a moment ago, or a skewed runner before this one).
        let ahead = Date().addingTimeInterval(3_600).timeIntervalSince1970.rounded(.down)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: ahead)], ofItemAtPath: manifestPath)
        let oldSize = try Data(contentsOf: URL(fileURLWithPath: manifestPath)).count

        #expect(try await workspace.publish().revision == 2)
        let attributes = try FileManager.default.attributesOfItem(atPath: manifestPath)
        let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
        #expect(try Data(contentsOf: URL(fileURLWithPath: manifestPath)).count == oldSize)
        #expect(modified.rounded(.down) == ahead + 1)

        // A manifest already older than the clock keeps the clock's time.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: manifestPath)
        let before = Date().timeIntervalSince1970.rounded(.down)
        _ = try await workspace.publish()
        let now = try #require(try FileManager.default.attributesOfItem(atPath: manifestPath)[.modificationDate] as? Date)
        #expect(now.timeIntervalSince1970 >= before)
        #expect(now.timeIntervalSince1970 < ahead)
    }

    @Test func revisionsOnlyGoUp() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish(workspace.options(revision: 5))
        await #expect(throws: PublishError.self) { _ = try await workspace.publish(workspace.options(revision: 5)) }
        await #expect(throws: PublishError.self) { _ = try await workspace.publish(workspace.options(revision: 4)) }
        #expect(try await workspace.publish().revision == 6)
    }

    @Test func fromContinuesNumberingOnAnEmptyRunner() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        _ = try await workspace.publish()
        let runner = workspace.root.appendingPathComponent("runner")
        let report = try await workspace.publish(workspace.options(out: runner, from: workspace.origin.path))
        #expect(report.revision == 3)
        #expect(report.modules.allSatisfy { $0.status == .unchanged })
    }

    @Test func aCatalogWithErrorsPublishesNothing() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        try Data("\"broken\" = \"no semicolon\"\n".utf8)
            .write(to: workspace.catalog.appendingPathComponent("App/fr.lproj/Localizable.strings"))
        do {
            _ = try await workspace.publish()
            Issue.record("publish should have refused")
        } catch let error as PublishError {
            #expect(error.findings.contains { $0.code == "strings.missing-semicolon" })
        }
        #expect(!FileManager.default.fileExists(atPath: workspace.origin.path))
    }

    @Test func revokingTheCurrentArchiveIsRefusedUntilItChanges() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let app = try #require(try workspace.manifest().module(named: "App"))
        let revocation = Manifest.Revocation(module: "App", sha256: app.sha256)
        await #expect(throws: PublishError.self) { _ = try await workspace.publish(workspace.options(revoke: [revocation])) }
        try workspace.fixTypo()
        let report = try await workspace.publish(workspace.options(revoke: [revocation]))
        #expect(report.revoked == [revocation])
        let manifest = try workspace.manifest()
        #expect(manifest.isRevoked(module: "App", sha256: app.sha256))
        // Revocations stay in later manifests.
        _ = try await workspace.publish()
        #expect(try workspace.manifest().revoked == [revocation])
    }

    /// A failure after the archives are written leaves the previous manifest in place and valid.
    @Test func aFailureMidPublishKeepsTheOldManifest() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let before = try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/manifest.json"))
        let history = workspace.origin.appendingPathComponent("1.0/history")
        try FileManager.default.removeItem(at: history)
        try Data("not a directory".utf8).write(to: history)
        try workspace.fixTypo()
        await #expect(throws: (any Error).self) { _ = try await workspace.publish() }
        #expect(try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/manifest.json")) == before)
        let manifest = try Manifest.decode(before)
        for module in manifest.modules {
            #expect(FileManager.default.fileExists(atPath: workspace.origin.appendingPathComponent("1.0/\(module.path)").path))
        }
    }
}
