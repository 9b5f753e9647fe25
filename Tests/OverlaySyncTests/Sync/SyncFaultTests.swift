import Foundation
import Testing
import OverlayCore
@testable import OverlaySync
@testable import OverlayPublishing
import OverlayTestSupport

/// Server errors and back-off, a missing archive, two writers on one store, and the kill switch mid-download.
@Suite struct SyncFaultTests {
    @Test func serverErrorBacksOffUntilRetryAfterThenSucceeds() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        transport.inject(.init(pathSuffix: "manifest.json", fault: .status(503, retryAfter: .seconds(120)), times: 1))
        let service = try harness.service(transport: transport)

        let failed = await service.start()
        #expect(failed.outcome == .failed, "\(failed.summary)")
        #expect(failed.httpStatus == 503)
        #expect(failed.retryAfter == .seconds(120))
        #expect(transport.requests.count == 1)

        // Within the Retry-After window start() asks nothing.
        harness.clock.advance(by: 60)
        let skipped = await service.start()
        #expect(skipped.outcome == .skipped)
        #expect(transport.requests.count == 1)
        #expect(harness.logged().isEmpty)

        harness.clock.advance(by: 61)
        let applied = await service.start()
        #expect(applied.outcome == .applied, "\(applied.summary)")
        #expect(try harness.activeHashes().count == 4)
        #expect(harness.logged().count == 6)
    }

    @Test func missingArchiveMakesThePartialCycleRetryOnlyThatModule() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let checkout = try #require(try harness.manifest().module(named: "Checkout"))
        try FileManager.default.moveItem(
            at: harness.versionRoot.appendingPathComponent(checkout.path), to: harness.root.appendingPathComponent("held"))
        let service = try harness.service()

        let first = await service.start()
        #expect(first.outcome == .partial, "\(first.summary)")
        #expect(first.actions == ["Account": .activated, "App": .activated, "Checkout": .failed, "Onboarding": .activated])
        #expect(harness.logged().filter { $0.status == 404 }.map(\.path) == ["/1.0/\(checkout.path)"])
        // The manifest and its ETag wait until every module succeeded; the seen mark does not.
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.etag == nil)
        #expect(inspection.manifest == nil)
        #expect(inspection.highestSeen?.revision == 1)
        let active = try harness.activeHashes()
        #expect(active.keys.sorted() == ["Account", "App", "Onboarding"])

        // Still missing: the next cycle asks again for that archive only (no ETag sent: a full 200).
        var logged = harness.logged().count
        #expect(await service.start().outcome == .partial)
        #expect(harness.logged(from: logged).map(\.path) == [
            "/1.0/manifest.json", "/1.0/signatures/\(try manifestHash(harness)).sig", "/1.0/\(checkout.path)",
        ])

        try FileManager.default.moveItem(
            at: harness.root.appendingPathComponent("held"), to: harness.versionRoot.appendingPathComponent(checkout.path))
        logged = harness.logged().count
        let fixed = await service.start()
        #expect(fixed.outcome == .applied, "\(fixed.summary)")
        #expect(fixed.actions == ["Account": .unchanged, "App": .unchanged, "Checkout": .activated, "Onboarding": .unchanged])
        #expect(harness.logged(from: logged).map(\.path).last == "/1.0/\(checkout.path)")
        #expect(harness.logged(from: logged).count == 3)
        #expect(try harness.activeHashes().filter { $0.key != "Checkout" } == active)
        #expect(try OverlayStore.inspect(at: harness.storeURL).etag != nil)
        logged = harness.logged().count
        #expect(await service.start().outcome == .notModified)
        #expect(harness.logged(from: logged).map(\.status) == [304])
    }

    @Test func twoServicesSyncingOneStoreLeaveItConsistent() async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let manifest = try harness.manifest()
        // Two SyncService instances, each opening its own OverlayStore on the same directory (as an app and its
        // extension would), one download at a time so their activations interleave.
        let configuration = try harness.configuration(maxConcurrentDownloads: 1)
        let a = try harness.service(configuration)
        let b = try harness.service(configuration)
        async let first = a.start()
        async let second = b.start()
        let reports = await [first, second]

        for report in reports {
            #expect([.applied, .partial].contains(report.outcome), "\(report.summary)")
        }
        let expected = Dictionary(uniqueKeysWithValues: manifest.modules.map { ($0.name, $0.sha256) })
        // Whatever interleaving happened, one more cycle of each settles it, and the store verifies.
        for service in [a, b] {
            let report = await service.start()
            #expect([.applied, .notModified].contains(report.outcome), "\(report.summary)")
        }
        #expect(try harness.activeHashes() == expected)
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.temporaryDebris.isEmpty)
        for module in inspection.modules {
            let active = try #require(module.active)
            #expect(try OverlayStore.verify(active).isEmpty)
            #expect(module.previous == nil)
        }
        // Exactly the active revision directories exist: nothing half-written or duplicated beside them.
        let directories = (harness.storeEntries() ?? []).filter { $0.hasPrefix("modules/") && $0.split(separator: "/").count == 3 }
        #expect(directories.sorted() == expected.map { "modules/\($0.key)/\($0.value)" }.sorted())
        #expect(try harness.notificationsTitle() == ("Notifcations", .overlay))
    }

    @Test func threeOverlaySyncProcessesOnOneStoreLeaveItConsistent() async throws {
        let overlay = try #require(Self.overlayExecutable, "the overlay binary is built next to the test bundle by swift build")
        // The children check expiry on the real clock, so the origin is published on it.
        let harness = try await SyncHarness(publish: false)
        defer { harness.remove() }
        try await harness.publish(now: Date())
        let manifest = try harness.manifest()
        let keyFile = harness.root.appendingPathComponent("trusted.pub.pem")
        try Data(harness.key.publicKey.pemRepresentation.utf8).write(to: keyFile)
        let processes = try (0..<3).map { index in
            let process = Process()
            process.executableURL = overlay
            process.arguments = [
                "sync", "--origin", harness.server.baseURL.absoluteString, "--app-version", "1.0",
                "--bundle", harness.catalogURL.path, "--store", harness.storeURL.path, "--trust", keyFile.path, "--json",
            ]
            process.standardOutput = try FileHandle(forWritingTo: Self.emptyFile(harness.root.appendingPathComponent("out-\(index).json")))
            process.standardError = try FileHandle(forWritingTo: Self.emptyFile(harness.root.appendingPathComponent("err-\(index).txt")))
            return process
        }
        try await Self.runToExit(processes)

        for (index, process) in processes.enumerated() where process.terminationStatus != 0 {
            let stderr = (try? String(contentsOf: harness.root.appendingPathComponent("err-\(index).txt"), encoding: .utf8)) ?? ""
            Issue.record("overlay sync \(index) exited \(process.terminationStatus) (\(process.terminationReason == .uncaughtSignal ? "signal" : "exit")): \(stderr)")
        }
        let outcomes = try (0..<3).map { index in
            let data = try Data(contentsOf: harness.root.appendingPathComponent("out-\(index).json"))
            return try JSONNode(StrictJSON.parse(data)).object().required("outcome").string()
        }
        #expect(outcomes.allSatisfy { $0 == "applied" || $0 == "not-modified" }, "\(outcomes)")
        let expected = Dictionary(uniqueKeysWithValues: manifest.modules.map { ($0.name, $0.sha256) })
        #expect(try harness.activeHashes() == expected)
        let inspection = try OverlayStore.inspect(at: harness.storeURL)
        #expect(inspection.temporaryDebris.isEmpty)
        for module in inspection.modules {
            #expect(try OverlayStore.verify(try #require(module.active)).isEmpty)
        }
        // The store is settled: this build's next check is one 304.
        let logged = harness.logged().count
        #expect(try await harness.service().start().outcome == .notModified)
        #expect(harness.logged(from: logged).map(\.status) == [304])
    }

    /// Starts every process and waits for all to exit without blocking a cooperative thread: on two cores a
    /// blocking wait here starved the other suites' cycles of a thread until the children finished.
    static func runToExit(_ processes: [Process]) async throws {
        let (exits, continuation) = AsyncStream<Void>.makeStream()
        for process in processes { process.terminationHandler = { _ in continuation.yield() } }
        for process in processes { try process.run() }
        var remaining = processes.count
        for await _ in exits {
            remaining -= 1
            if remaining == 0 { break }
        }
    }

    static func emptyFile(_ url: URL) throws -> URL {
        try Data().write(to: url)
        return url
    }

    /// The `overlay` executable SwiftPM builds beside the test bundle.
    static let overlayExecutable: URL? = {
        var candidates: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("overlay"))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("overlay"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The kill switch pressed while the manifest answer, or the archives, are still on their way.
    @Test(arguments: ["manifest.json", ".zip"])
    func disableMidCycleLeavesNothingAndNothingIsResurrected(_ delayed: String) async throws {
        let harness = try await SyncHarness()
        defer { harness.remove() }
        let transport = harness.transport()
        transport.inject(.init(pathSuffix: delayed, fault: .delay(.milliseconds(700))))
        let service = try harness.service(transport: transport)
        let localizer = Localizer(catalog: harness.shipped, store: try await service.snapshot(), preferredLanguages: ["en"])
        await service.attach(localizer)

        let cycle = Task { await service.start() }
        #expect(await waitUntil { transport.requests.contains { $0.url.path.hasSuffix(delayed) } })
        await service.disable()

        #expect(await cycle.value.outcome == .cancelled)
        #expect(harness.storeEntries() == nil)
        #expect(localizer.activeRevisions.isEmpty)
        // Well after the delayed downloads would have landed, still nothing.
        try await Task.sleep(for: .milliseconds(1_000))
        #expect(harness.storeEntries() == nil)
        #expect(FileManager.default.fileExists(atPath: harness.root.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.root.path).sorted() == ["catalog", "origin"])
        #expect(await service.start().outcome == .disabled)
        #expect(harness.storeEntries() == nil)

        transport.removeAllFaults()
        await service.enable()
        let logged = harness.logged().count
        let report = await service.start()
        #expect(report.outcome == .applied, "\(report.summary)")
        #expect(report.actions.values.allSatisfy { $0 == .activated })
        #expect(report.actions.count == 4)
        // From nothing: a full 200 for the manifest (no stored ETag), every archive again.
        #expect(harness.logged(from: logged).count == 6)
        #expect(harness.logged(from: logged).allSatisfy { $0.status == 200 })
    }
}
