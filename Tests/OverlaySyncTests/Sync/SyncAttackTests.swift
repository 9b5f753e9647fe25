import Foundation
import Testing
import OverlayCore
@testable import OverlaySync
import OverlayTestSupport
@testable import OverlayPublishing
import OverlayTools

/// A manifest the client must refuse, staged after a first successful sync (App at revision 1, "Notifcations").
enum ManifestAttack: String, CaseIterable, CustomTestStringConvertible {
    /// The origin serves revision 1 again after the client saw revision 2.
    case rollback
    /// Revision 1 again, other bytes, validly signed.
    case equivocation
    /// A newer manifest that has already expired.
    case freeze
    /// A client built from another catalog (a key was added: other source hash).
    case otherSourceHash
    /// A client of app version 2.0 fed the 1.0 manifest (copied under 2.0/).
    case otherAppVersion

    var testDescription: String { rawValue }

    var expectedCode: String {
        switch self {
        case .rollback: "replay.rollback"
        case .equivocation: "replay.equivocation"
        case .freeze: "freeze.expired"
        case .otherSourceHash: "binding.source-hash"
        case .otherAppVersion: "binding.app-version"
        }
    }

    /// What the store serves for App's title once the attack is over (unchanged by it).
    var servedTitle: String { self == .rollback ? "Notifications" : "Notifcations" }

    /// Stages the attack on the origin and returns the configuration of the client that meets it.
    func stage(_ harness: SyncHarness, baseline: SyncService) async throws -> SyncConfiguration {
        switch self {
        case .rollback:
            try harness.editApp()
            try await harness.publish()
            #expect(await baseline.start().outcome == .applied)
            // The old manifest's signature is still at the origin, so it is genuinely signed.
            try harness.replaceManifest(with: Data(contentsOf: harness.versionRoot.appendingPathComponent("history/manifest.1.json")))
            return try harness.configuration()
        case .equivocation:
            var manifest = try harness.manifest()
            manifest.expiresAt = manifest.expiresAt.addingTimeInterval(-3_600)
            try harness.publishSigned(manifest)
            return try harness.configuration()
        case .freeze:
            try harness.editApp()
            try await harness.publish(expiresIn: 3_600)
            harness.clock.advance(by: 2 * 3_600)
            return try harness.configuration()
        case .otherSourceHash:
            let copy = harness.root.appendingPathComponent("other-catalog")
            try FileManager.default.copyItem(at: harness.catalogURL, to: copy)
            let strings = copy.appendingPathComponent("App/en.lproj/Localizable.strings")
            let handle = try FileHandle(forWritingTo: strings)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\n\"added.in.this.build\" = \"Added\";\n".utf8))
            try handle.close()
            let other = try CatalogLoader.load(at: copy, mode: .lenient).catalog
            #expect(other.sourceHash != harness.shipped.sourceHash)
            return try harness.configuration(shipped: other)
        case .otherAppVersion:
            try FileManager.default.copyItem(at: harness.versionRoot, to: harness.origin.appendingPathComponent("2.0"))
            return try harness.configuration(appVersion: "2.0")
        }
    }
}

/// Metadata attacks, tampering, endless bodies and slow origins, each against a real nginx origin.
@Suite struct SyncAttackTests {
    @Test(arguments: ManifestAttack.allCases)
    func refusedManifestChangesNothing(_ attack: ManifestAttack) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let baseline = try harness.service()
        #expect(await baseline.start().outcome == .applied)
        let configuration = try await attack.stage(harness, baseline: baseline)
        let before = try OverlayStore.inspect(at: harness.storeURL)
        let fingerprint = harness.durableFingerprint()
        let logged = harness.logged().count

        let report = try await harness.service(configuration).start()

        #expect(report.outcome == .rejected, "\(report.summary)")
        #expect(report.errorCodes.contains(attack.expectedCode), "\(report.errorCodes)")
        #expect(!report.modules.contains { $0.action == .activated })
        // Nothing beyond the manifest and its signature was fetched.
        #expect(!harness.logged(from: logged).contains { $0.path.hasSuffix(".zip") })
        // Not a byte of the store changed: the active revisions, the ETag, the saved manifest, the seen mark.
        #expect(harness.durableFingerprint() == fingerprint)
        let after = try OverlayStore.inspect(at: harness.storeURL)
        #expect(after.snapshot == before.snapshot)
        #expect(after.highestSeen == before.highestSeen)
        #expect(after.etag == before.etag)
        #expect(try harness.notificationsTitle() == (attack.servedTitle, .overlay))
        // And the build that owns the store keeps refusing it on the next check too.
        if configuration.appVersion == "1.0", configuration.sourceHash == harness.shipped.sourceHash {
            #expect(await baseline.start().outcome == .rejected)
        }
    }

    /// Bytes that are not the archive the signed manifest lists (one bit flipped on the way) are a failed transfer:
    /// nothing is remembered as rejected, and the next cycle fetches the genuine archive.
    @Test func aTamperedTransferFailsAloneAndIsRetriedNextCycle() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let app = try #require(try harness.manifest().module(named: "App"))
        let transport = harness.transport()
        transport.inject(.init(pathSuffix: app.path, fault: .flipBit(offset: 200), times: 1))
        let service = try harness.service(transport: transport)

        let first = await service.start()
        #expect(first.outcome == .partial, "\(first.summary)")
        #expect(first.actions == ["Account": .activated, "App": .failed, "Checkout": .activated, "Onboarding": .activated])
        #expect(first.errorCodes.isEmpty)
        #expect(first.rejectedByCode.isEmpty)
        #expect(first.failedByCode == [SyncError.Code.mismatch.rawValue: 1])
        let failure = try #require(first.modules.first { $0.name == "App" }?.fetchErrors.first)
        #expect(failure.url?.path == "/1.0/\(app.path)")
        #expect(try harness.activeHashes()["App"] == nil)
        #expect(try OverlayStore.inspect(at: harness.storeURL).modules.first { $0.name == "App" }?.rejected ?? [] == [])

        let logged = harness.logged().count
        let second = await service.start()
        #expect(second.outcome == .applied, "\(second.summary)")
        #expect(second.actions["App"] == .activated)
        #expect(harness.logged(from: logged).map(\.path).last == "/1.0/\(app.path)")
        #expect(try harness.activeHashes()["App"] == app.sha256)
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }

    /// An archive whose size and SHA-256 are the manifest's and whose content fails validation is rejected alone and
    /// not fetched again until the manifest changes.
    @Test func aVerifiedArchiveThatFailsValidationIsRejectedUntilTheManifestChanges() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        // A genuinely signed manifest (revision 2) whose App archive holds a name outside the module layout.
        var manifest = try harness.manifest()
        let original = try #require(manifest.module(named: "App"))
        let genuine = try Data(contentsOf: harness.versionRoot.appendingPathComponent(original.path))
        var files = try #require(ModuleValidator.validateContents(
            genuine, expectedModule: "App", expectedRevision: original.revision,
            context: ValidationContext(
                trustedKeys: TrustedKeys([harness.key.publicKey]), appVersion: "1.0", sourceHash: harness.shipped.sourceHash),
            file: original.path).files)
        files["notes.txt"] = Data("not part of a module\n".utf8)
        let archive = ZIPWriter.archive(files)
        var bad = original
        bad.sha256 = SHA256.hash(archive).hex
        bad.size = archive.count
        bad.path = Manifest.archivePath(name: "App", sha256: bad.sha256)
        try archive.write(to: harness.versionRoot.appendingPathComponent(bad.path))
        manifest.modules = manifest.modules.map { $0.name == "App" ? bad : $0 }
        manifest.revision = 2
        try harness.publishSigned(manifest)
        let transport = harness.transport()
        let service = try harness.service(transport: transport)

        let first = await service.start()
        #expect(first.outcome == .applied, "\(first.summary)")
        #expect(first.actions == ["Account": .activated, "App": .rejected, "Checkout": .activated, "Onboarding": .activated])
        #expect(!first.errorCodes.isEmpty && !first.errorCodes.contains { $0.hasPrefix("integrity.") }, "\(first.errorCodes)")
        #expect(first.failedByCode.isEmpty)
        #expect(try OverlayStore.inspect(at: harness.storeURL).modules.first { $0.name == "App" }?.rejected == [bad.sha256])
        #expect(try harness.notificationsTitle() == ("Notifcations", .shipped))

        // The same manifest answered 200 again (its file touched: a new ETag): the archive is not fetched again.
        let manifestURL = harness.versionRoot.appendingPathComponent("manifest.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: manifestURL.path)
        var logged = harness.logged().count
        let second = await service.start()
        #expect(second.outcome == .applied, "\(second.summary)")
        #expect(harness.logged(from: logged).map(\.status) == [200, 200])
        #expect(second.actions["App"] == .skippedRejected)
        #expect(!transport.requests.dropFirst(first.requests).contains { $0.url.path.hasSuffix(bad.path) })

        // A new manifest (revision 3, with a corrected App) lifts the rejection.
        try harness.editApp()
        #expect(try await harness.publish().revision == 3)
        let fixed = try #require(try harness.manifest().module(named: "App"))
        logged = harness.logged().count
        let third = await service.start()
        #expect(third.outcome == .applied, "\(third.summary)")
        #expect(third.actions["App"] == .activated)
        #expect(harness.logged(from: logged).map(\.path).last == "/1.0/\(fixed.path)")
        #expect(try harness.notificationsTitle() == ("Notifications", .overlay))
    }

    /// A transport failure before anything is verified: the cycle fails with the transport's code, writes nothing.
    struct RefreshFailure: Sendable, CustomTestStringConvertible {
        var name: String
        var serverExtra: String
        var maxManifestBytes: Int
        var requestTimeout: Duration
        var code: SyncError.Code
        var testDescription: String { name }
    }

    static let refreshFailures = [
        // The published manifest is a few KB: a 256-byte cap stops it.
        RefreshFailure(name: "manifest beyond the cap", serverExtra: "", maxManifestBytes: 256,
                       requestTimeout: .seconds(10), code: .tooLarge),
        // 64 bytes/s: the manifest would take most of a minute; the deadline is 400 ms.
        RefreshFailure(name: "origin slower than the deadline", serverExtra: "limit_rate 64;", maxManifestBytes: 1 << 20,
                       requestTimeout: .milliseconds(400), code: .deadline),
    ]

    @Test(arguments: refreshFailures)
    func refreshFailureActivatesNothing(_ failure: RefreshFailure) async throws {
        let harness = try await SyncHarness(serverExtra: failure.serverExtra)
        defer { harness.remove() }
        var limits = ValidationLimits.default
        limits.maxManifestBytes = failure.maxManifestBytes
        let manifestSize = try Data(contentsOf: harness.versionRoot.appendingPathComponent("manifest.json")).count
        #expect(manifestSize > 1_000)
        let report = try await harness.service(harness.configuration(limits: limits, requestTimeout: failure.requestTimeout)).start()

        #expect(report.outcome == .failed, "\(report.summary)")
        #expect(report.error?.code == failure.code, "\(String(describing: report.error))")
        #expect(report.modules.isEmpty)
        #expect(try harness.storeSnapshot().modules.isEmpty)
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.highestSeen == nil)
        #expect(inspection.etag == nil)
    }
}
