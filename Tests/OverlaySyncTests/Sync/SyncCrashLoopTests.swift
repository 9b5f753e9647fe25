import Foundation
import OverlayCore
import OverlayPublishing
import OverlaySync
import OverlayTestSupport
import Testing

/// The crash-loop guard with real processes: each launch is an `overlay _torture launch` child that takes the launch
/// snapshot through `SyncService.snapshot()` and dies by SIGKILL before `launchCompleted()`, unless told to complete.
@Suite("Crash-loop guard: launches killed before they complete", .serialized)
struct SyncCrashLoopTests {
    struct Launch {
        var lines: [String]
        var wasKilled: Bool
        /// The module → SHA-256 the launch served (empty: the shipped strings).
        var serving: [String: String] {
            guard let line = lines.first(where: { $0.hasPrefix("serving ") }), line != "serving shipped" else { return [:] }
            return Dictionary(uniqueKeysWithValues: line.dropFirst("serving ".count).split(separator: " ").map { pair in
                let parts = pair.split(separator: "=")
                return (String(parts[0]), String(parts[1]))
            })
        }
    }

    /// The harness publishes on the real clock: the children check expiry on it.
    static func harness() async throws -> (SyncHarness, URL) {
        let harness = try await SyncHarness(publish: false)
        harness.clock.set(Date())
        try await harness.publish(now: Date())
        let keyFile = harness.root.appendingPathComponent("trusted.pub.pem")
        try Data(harness.key.publicKey.pemRepresentation.utf8).write(to: keyFile)
        return (harness, keyFile)
    }

    static func launch(_ harness: SyncHarness, _ keyFile: URL, _ extra: [String] = []) async throws -> Launch {
        let overlay = try #require(SyncFaultTests.overlayExecutable, "the overlay binary is built next to the test bundle")
        let out = try SyncFaultTests.emptyFile(harness.root.appendingPathComponent("launch-\(UUID().uuidString).txt"))
        let process = Process()
        process.executableURL = overlay
        process.arguments = [
            "_torture", "launch", harness.storeURL.path, "--origin", harness.origin.path, "--app-version", "1.0",
            "--bundle", harness.catalogURL.path, "--trust", keyFile.path,
        ] + extra
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try await SyncFaultTests.runToExit([process])
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        return Launch(lines: lines, wasKilled: killed)
    }

    /// Publishes a wording fix of App and syncs it in process: App gets a new archive, the other modules keep theirs.
    static func publishFix(_ harness: SyncHarness, _ old: String, _ new: String) async throws -> String {
        try harness.editApp(old, new)
        harness.clock.set(Date())
        try await harness.publish(now: Date())
        let report = try await harness.service().start()
        #expect(report.outcome == .applied, "\(report.summary)")
        return try #require(try harness.manifest().modules.first { $0.name == "App" }?.sha256)
    }

    static func inspect(_ harness: SyncHarness, _ extra: [String]) throws -> (stdout: String, stderr: String) {
        let overlay = try #require(SyncFaultTests.overlayExecutable, "the overlay binary is built next to the test bundle")
        let out = try SyncFaultTests.emptyFile(harness.root.appendingPathComponent("inspect-\(UUID().uuidString).out"))
        let err = try SyncFaultTests.emptyFile(harness.root.appendingPathComponent("inspect-\(UUID().uuidString).err"))
        let process = Process()
        process.executableURL = overlay
        process.arguments = ["inspect", harness.storeURL.path] + extra
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    static func record(_ harness: SyncHarness) throws -> JSONObject {
        let data = try Data(contentsOf: harness.storeURL.appendingPathComponent("launch-guard.json"))
        return try #require(try StrictJSON.parse(data).objectValue)
    }

    @Test func killedLaunchesFallBackToThePreviousKnownGoodRevisionThenToTheShippedStrings() async throws {
        let (harness, keyFile) = try await Self.harness()
        defer { harness.remove() }
        #expect(try await harness.service().start().outcome == .applied)
        let first = try harness.activeHashes()
        let firstApp = try #require(first["App"])

        // A launch that completes makes revision 1 known good.
        let good = try await Self.launch(harness, keyFile, ["--complete"])
        #expect(good.lines.last == "completed" && !good.wasKilled)
        #expect(good.serving == first)

        // Revision 2 changes App; three launches die before completing, and each still serves it.
        let secondApp = try await Self.publishFix(harness, "Notifcations", "Notifications")
        #expect(secondApp != firstApp)
        for attempt in 1...3 {
            let launch = try await Self.launch(harness, keyFile)
            #expect(launch.wasKilled, "launch \(attempt): \(launch.lines)")
            #expect(launch.serving["App"] == secondApp, "launch \(attempt)")
            #expect(try Self.record(harness)["launches"]?.numberValue?.intValue == attempt)
        }

        // The fourth returns App to revision 1 (the other modules did not change), reports it in the next cycle, and
        // that cycle does not apply revision 2 again although the manifest still lists it.
        let rolledBack = try await Self.launch(harness, keyFile, ["--sync"])
        #expect(rolledBack.wasKilled)
        #expect(rolledBack.serving == first, "\(rolledBack.lines)")
        #expect(rolledBack.lines.contains("rollback App \(secondApp) -> \(firstApp)"), "\(rolledBack.lines)")
        #expect(try harness.activeHashes()["App"] == firstApp)
        let record = try Self.record(harness)
        #expect(record["crashed"]?.objectValue?["App"]?.arrayValue?.compactMap(\.stringValue) == [secondApp])
        #expect(record["rollbacks"]?.arrayValue?.count == 1)
        let journal = try String(contentsOf: harness.storeURL.appendingPathComponent("journal.jsonl"), encoding: .utf8)
        #expect(journal.contains("\"event\":\"launch.rollback\""))
        // `overlay inspect` shows the rollback, as text (a diagnostic) and in --json.
        let text = try Self.inspect(harness, [])
        #expect(text.stderr.contains("warning: App: revision 2 (\(secondApp.prefix(12))) was returned to its previous known good revision 1"), "\(text.stderr)")
        #expect(text.stderr.contains("[store.launch-rollback]"), "\(text.stderr)")
        // The journal's rollback lines are not shown as sync cycles of an unknown outcome.
        #expect(!text.stdout.contains("unknown"), "\(text.stdout)")
        let json = try Self.inspect(harness, ["--json"])
        let findings = try #require(try StrictJSON.parse(Data(json.stdout.utf8)).objectValue?["findings"]?.arrayValue)
        #expect(findings.contains { $0.objectValue?["code"]?.stringValue == "store.launch-rollback" }, "\(json.stdout)")

        // Revision 1 is known good, yet launches keep dying with it: after the limit, the shipped strings.
        for attempt in 2...3 {
            let launch = try await Self.launch(harness, keyFile)
            #expect(launch.serving == first, "launch \(attempt) of revision 1 again")
        }
        let shipped = try await Self.launch(harness, keyFile, ["--sync"])
        #expect(shipped.serving == [:], "\(shipped.lines)")
        #expect(shipped.lines.filter { $0.hasPrefix("rollback ") }.count == first.count, "\(shipped.lines)")
        #expect(shipped.lines.contains("rollback App \(firstApp) -> shipped"))
        #expect(try harness.activeHashes() == [:])
        // Launches of the shipped strings are not counted: nothing applied, nothing to take back.
        let plain = try await Self.launch(harness, keyFile)
        #expect(plain.serving == [:])
    }

    @Test func launchCompletedStartsTheCountAgain() async throws {
        let (harness, keyFile) = try await Self.harness()
        defer { harness.remove() }
        #expect(try await harness.service().start().outcome == .applied)
        let applied = try harness.activeHashes()
        for _ in 1...2 { #expect(try await Self.launch(harness, keyFile).wasKilled) }
        #expect(try Self.record(harness)["launches"]?.numberValue?.intValue == 2)
        let completed = try await Self.launch(harness, keyFile, ["--complete"])
        #expect(completed.lines.last == "completed")
        #expect(try Self.record(harness)["completed"]?.boolValue == true)
        #expect(try Self.record(harness)["launches"]?.numberValue?.intValue == 0)
        // A set that completed a launch is not counted again: launches that die later keep it.
        for _ in 1...4 {
            let launch = try await Self.launch(harness, keyFile)
            #expect(launch.serving == applied)
        }
        #expect(try harness.activeHashes() == applied)
        #expect(try Self.record(harness)["rollbacks"]?.arrayValue?.isEmpty == true)
    }

    @Test func aNewGoodRevisionAfterTheFallbackIsAppliedAgain() async throws {
        let (harness, keyFile) = try await Self.harness()
        defer { harness.remove() }
        #expect(try await harness.service().start().outcome == .applied)
        let firstApp = try #require(try harness.activeHashes()["App"])
        #expect(try await Self.launch(harness, keyFile, ["--complete"]).lines.last == "completed")
        let bad = try await Self.publishFix(harness, "Notifcations", "Notifications")
        for _ in 1...3 { _ = try await Self.launch(harness, keyFile) }
        let rolledBack = try await Self.launch(harness, keyFile, ["--complete"])
        #expect(rolledBack.serving["App"] == firstApp, "\(rolledBack.lines)")

        // The next publish fixes the crash: a new archive, which the next sync applies.
        let fixed = try await Self.publishFix(harness, "Notifications", "Notifications settings")
        #expect(fixed != bad && fixed != firstApp)
        #expect(try harness.activeHashes()["App"] == fixed)
        let launch = try await Self.launch(harness, keyFile, ["--complete"])
        #expect(launch.serving["App"] == fixed)
        #expect(try Self.record(harness)["known_good"]?.objectValue?["App"]?.stringValue == fixed)
    }

    @Test func theGuardIsOffWithALimitOfZero() async throws {
        let (harness, keyFile) = try await Self.harness()
        defer { harness.remove() }
        #expect(try await harness.service().start().outcome == .applied)
        let applied = try harness.activeHashes()
        for _ in 1...4 {
            let launch = try await Self.launch(harness, keyFile, ["--limit", "0"])
            #expect(launch.serving == applied)
        }
        #expect(!FileManager.default.fileExists(atPath: harness.storeURL.appendingPathComponent("launch-guard.json").path))
    }
}
