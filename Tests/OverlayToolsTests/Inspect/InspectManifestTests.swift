import Foundation
import OverlayCore
import OverlaySync
import Testing
@testable import OverlayTools
@testable import OverlayPublishing

/// The saved manifest, withdrawn modules, retired directories, and the comparison with an origin.
@Suite("overlay inspect: manifest, withdrawn modules, origin")
struct InspectManifestTests {
    static let now = Date()

    static func manifest(revision: Int, sha: String = InspectWorkspace.sha("b"), revoked: [Manifest.Revocation] = [],
                         modules: [String] = ["M"], sourceHash: String = InspectWorkspace.catalog.sourceHash,
                         expiresIn: TimeInterval = 86_400) -> Manifest {
        Manifest(
            appVersion: "1.0", sourceHash: sourceHash, developmentRegion: "en", revision: revision,
            publishedAt: now.addingTimeInterval(-60), expiresAt: now.addingTimeInterval(expiresIn), revoked: revoked,
            modules: modules.map {
                .init(name: $0, path: Manifest.archivePath(name: $0, sha256: sha), sha256: sha, size: 10,
                      revision: revision, locales: ["fr"], tables: ["Localizable"], entries: 1)
            })
    }

    static func save(_ manifest: Manifest, in store: OverlayStore, key: Ed25519PrivateKey) throws {
        let bytes = manifest.encoded()
        try store.saveManifest(bytes: bytes, signature: try SignatureFile.signing(bytes, with: [key]).encoded(), etag: "\"e1\"")
        try store.recordManifestSeen(revision: manifest.revision, sha256: SHA256.hash(bytes).hex)
    }

    @Test func signatureIsCheckedAgainstTrust() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        let key = try Ed25519PrivateKey.generate()
        try Self.save(Self.manifest(revision: 2), in: store, key: key)
        var options = StoreInspector.Options(store: workspace.store.path)
        options.trusted = try TrustedKeys([key.publicKey])
        let verified = StoreInspector.inspect(options)
        #expect(verified.manifest?.signature == "verified")
        #expect(verified.manifest?.revision == 2)
        #expect(verified.manifest?.etag == "\"e1\"")
        #expect(verified.manifest?.highestSeenRevision == 2)
        #expect(verified.isHealthy, "\(verified.findings)")
        options.trusted = try TrustedKeys([try Ed25519PrivateKey.generate().publicKey])
        let other = StoreInspector.inspect(options)
        #expect(other.manifest?.signature == "not-trusted")
        #expect(other.findings.contains { $0.code == "store.signature-not-trusted" })
        options.trusted = nil
        #expect(StoreInspector.inspect(options).manifest?.signature == "not-checked")
    }

    @Test func anExpiredManifestIsAWarning() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        try Self.save(Self.manifest(revision: 2, expiresIn: -10), in: store, key: try Ed25519PrivateKey.generate())
        #expect(workspace.inspect().findings.contains { $0.code == "store.manifest-expired" })
    }

    @Test func aRevokedModuleSaysSoAndExplainsWithdrawn() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        // A revocation with no usable previous: the sync deactivates the module; its directories stay until the next open.
        try store.deactivate(module: "M")
        try Self.save(Self.manifest(revision: 3, revoked: [.init(module: "M", sha256: InspectWorkspace.sha("b"))], modules: []),
                      in: store, key: try Ed25519PrivateKey.generate())
        let report = workspace.inspect()
        let module = try #require(report.modules.first { $0.name == "M" })
        #expect(module.serving == "shipped")
        #expect(module.shippedReason == "revoked in manifest revision 3")
        #expect(module.staged.isEmpty)
        #expect(Set(module.retired.map(\.sha256)) == [InspectWorkspace.sha("a"), InspectWorkspace.sha("b")])
        let why = StoreInspector.explain(.init(key: "greeting", module: "M", locales: ["fr"]), report: report,
                                         shipped: InspectWorkspace.catalog)
        #expect(why.reason == .overlayWithdrawn)
        #expect(why.shown == "Bonjour")
    }

    @Test func aModuleDroppedFromTheManifestSaysSo() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        try store.deactivate(module: "M")
        try Self.save(Self.manifest(revision: 3, modules: ["Other"]), in: store, key: try Ed25519PrivateKey.generate())
        #expect(workspace.inspect().modules.first { $0.name == "M" }?.shippedReason == "dropped from manifest revision 3")
    }

    @Test func aNewerFormatIsIgnoredNotMisread() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try workspace.write("store.json", Data(#"{"format":"overlay-store","version":7,"id":"00000000000000000000000000000000"}"#.utf8))
        let report = workspace.inspect()
        #expect(report.state == .newerFormat)
        #expect(report.formatVersion == 7)
        #expect(report.modules.isEmpty)
    }

    @Test func launchTimeMarksPendingRevisions() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        var options = StoreInspector.Options(store: workspace.store.path)
        options.launchedAt = Date().addingTimeInterval(-3600)
        #expect(StoreInspector.inspect(options).modules.first?.pendingForLaunch == true)
        options.launchedAt = Date().addingTimeInterval(60)
        #expect(StoreInspector.inspect(options).modules.first?.pendingForLaunch == false)
    }

    @Test("--max-age: an applied manifest older than the build's maximum overlay age is reported, and says why a module is on shipped strings")
    func maxAgeReportsAnOldManifest() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy(sourceHash: InspectWorkspace.catalog.sourceHash)
        let published = Date(timeIntervalSince1970: 1_780_000_000)
        let manifest = Manifest(
            appVersion: "1.0", sourceHash: InspectWorkspace.catalog.sourceHash, developmentRegion: "en", revision: 2,
            publishedAt: published, expiresAt: published.addingTimeInterval(90 * 86_400),
            modules: [Manifest.Module(name: "M", path: Manifest.archivePath(name: "M", sha256: InspectWorkspace.sha("b")), sha256: InspectWorkspace.sha("b"), size: 1,
                                      revision: 2, locales: ["en", "fr"], tables: ["Localizable"], entries: 2)])
        try store.saveManifest(bytes: manifest.encoded(), signature: Data(), etag: "\"e\"")
        var options = StoreInspector.Options(store: workspace.store.path)
        options.shipped = InspectWorkspace.catalog
        options.now = published.addingTimeInterval(40 * 86_400)
        options.maxAge = 30 * 86_400
        let first = StoreInspector.inspect(options)
        let serving = try #require(first.findings.first { $0.code == "manifest.too-old" }, "\(first.findings)")
        #expect(serving.message.contains("40d") && serving.message.contains("M still serve"), "\(serving.message)")

        try store.deactivate(module: "M")  // what a failed refresh past maxOverlayAge does
        let retired = StoreInspector.inspect(options)
        #expect(retired.modules.first { $0.name == "M" }?.shippedReason?.hasPrefix("too old for --max-age") == true,
                "\(retired.modules.map { ($0.name, $0.serving, $0.shippedReason ?? "-") })")
        options.maxAge = 60 * 86_400
        #expect(!StoreInspector.inspect(options).findings.contains { $0.code == "manifest.too-old" })
    }

    @Test("a development build's missed keys reach the journal through its sync, once per change, and inspect shows them")
    func missedKeysFromTheJournal() async throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let origin = workspace.root.appendingPathComponent("origin")
        try FileManager.default.createDirectory(at: origin, withIntermediateDirectories: true)
        let configuration = SyncConfiguration(
            origin: origin, appVersion: "1.0", trustedKeys: try TrustedKeys([try Ed25519PrivateKey.generate().publicKey]),
            shipped: InspectWorkspace.catalog, storeURL: workspace.store)
        let sync = SyncService(configuration: configuration, transport: FileTransport())
        let localizer = Localizer(
            catalog: InspectWorkspace.catalog, store: try await sync.snapshot(), preferredLanguages: ["fr"], mode: .development)
        await sync.attach(localizer)
        #expect(localizer.table(in: "M").string(forKey: "no.such.key") == "⟦M/Localizable:no.such.key⟧")
        await sync.start()
        await sync.start()  // nothing new missed: no second record
        let journal = try String(contentsOf: workspace.store.appendingPathComponent("journal.jsonl"), encoding: .utf8)
        #expect(journal.components(separatedBy: "\"missed-keys\"").count - 1 == 1, "\(journal)")

        let report = workspace.inspect(verify: false)
        #expect(report.missedKeys == [.init(module: "M", count: 1, overflow: 0, keys: ["Localizable:no.such.key"])])
        #expect(report.journal.allSatisfy { $0.outcome != "unknown" }, "the record is not read as a cycle")
        #expect(report.text.contains("M: 1 key(s): Localizable:no.such.key"), "\(report.text)")
    }

    /// Answers the manifest (and its signature) from memory; records what was asked.
    struct Origin: HTTPTransport {
        var manifest: Data?
        var signature: Data?
        var failure: SyncError?

        func fetch(_ request: TransportRequest) async throws(SyncError) -> TransportResponse {
            if let failure { throw failure }
            if request.url.lastPathComponent == "manifest.json" {
                return manifest.map { TransportResponse(status: 200, body: $0) } ?? TransportResponse(status: 404)
            }
            return signature.map { TransportResponse(status: 200, body: $0) } ?? TransportResponse(status: 404)
        }
    }

    @Test func originComparison() async throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        let key = try Ed25519PrivateKey.generate()
        try Self.save(Self.manifest(revision: 2), in: store, key: key)
        let report = workspace.inspect()
        let url = URL(string: "https://cdn.invalid/l10n")!
        func compare(_ manifest: Manifest?, signedBy signer: Ed25519PrivateKey? = nil, failure: SyncError? = nil,
                     trusted: TrustedKeys? = nil) async throws -> InspectReport.OriginComparison {
            let bytes = manifest?.encoded()
            let signature = try bytes.map { try SignatureFile.signing($0, with: [signer ?? key]).encoded() }
            return await StoreInspector.compare(origin: url, transport: Origin(manifest: bytes, signature: signature, failure: failure),
                                                report: report, appVersion: nil, trusted: trusted)
        }
        #expect(try await compare(Self.manifest(revision: 2)).status == "up-to-date")
        let behind = try await compare(Self.manifest(revision: 5, sha: InspectWorkspace.sha("e")))
        #expect(behind.status == "behind")
        #expect(behind.behindBy == 3)
        #expect(behind.changes.map(\.module) == ["M"])
        #expect(behind.changes.first?.to == InspectWorkspace.sha("e"))
        #expect(try await compare(Self.manifest(revision: 1)).status == "ahead")
        #expect(try await compare(nil).status == "not-published")
        #expect(try await compare(nil, failure: SyncError(code: .unreachable, message: "refused")).status == "unreachable")
        #expect(try await compare(Self.manifest(revision: 3, sourceHash: InspectWorkspace.sourceHash)).status == "rejected")
        let trusted = try TrustedKeys([key.publicKey])
        #expect(try await compare(Self.manifest(revision: 3), trusted: trusted).status == "behind")
        let forged = try await compare(Self.manifest(revision: 3), signedBy: try Ed25519PrivateKey.generate(), trusted: trusted)
        #expect(forged.status == "rejected")
    }
}
