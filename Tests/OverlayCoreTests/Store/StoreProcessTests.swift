import Foundation
import Testing
@testable import OverlayCore
import OverlayTestSupport

@Suite("OverlayStore: SIGKILLed and concurrent processes", .serialized)
struct StoreProcessTests {
    private func launch(_ store: URL, _ arguments: [String] = [], stderr: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = overlayExecutable
        process.arguments = ["_torture", store.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Reopens the store as a restarted app would; checks the active revision is whole A or whole B.
    /// - Returns: The tag served, or `nil` when no revision is active yet.
    private func verify(_ url: URL, _ comment: Comment) throws -> String? {
        let store = try OverlayStore.open(at: url, appVersion: TortureRevisions.appVersion,
                                          sourceHash: TortureRevisions.sourceHash)
        #expect(names(url.appendingPathComponent("tmp")) == [], comment)
        #expect(names(url.appendingPathComponent("modules/\(TortureRevisions.module)")).count <= 2, comment)
        guard let active = store.snapshot().modules[TortureRevisions.module] else { return nil }
        #expect(try Syscalls.live.verifyRevision(at: active.path, fileLimit: OverlayStore.fileLimit) == [], comment)
        let files = revisionFiles(active.directory)
        let module = try files["overlay-module.json"].map { try StrictJSON.parse($0) }
        let tag = module?.objectValue?["revision"]?.stringValue
        #expect(tag == "A" || tag == "B", comment)
        #expect(files == TortureRevisions.files(tag ?? "?"), comment)
        #expect(active.revision == (tag == "A" ? 1 : 2), comment)
        return tag
    }

    @Test("SIGKILL at a random instant, 200 times: the store serves whole A or whole B")
    func killLoop() throws {
        let seed = ProcessInfo.processInfo.environment["OVERLAY_TORTURE_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0 ... .max)
        var generator = SplitMix64(state: seed)
        let temp = TemporaryDirectory()
        var served: [String: Int] = [:]
        // Kill within twice the time a child takes to start and finish one activation (at least 40 ms), so slow
        // machines and sanitizer builds still kill children mid-activation rather than always before the first.
        let warmup = try launch(temp.store, ["--iterations", "1"])
        let started = ContinuousClock.now
        warmup.waitUntilExit()
        let firstActivation = ContinuousClock.now - started
        let window = max(UInt32(40_000), UInt32(min(2_000_000, firstActivation.components.seconds * 2_000_000
            + firstActivation.components.attoseconds / 500_000_000_000)))
        for iteration in 0..<200 {
            let delay = UInt32.random(in: 1_000...window, using: &generator)
            let process = try launch(temp.store)
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let comment: Comment = "iteration \(iteration), kill after \(delay) µs; replay with OVERLAY_TORTURE_SEED=\(seed)"
            if let tag = try verify(temp.store, comment) { served[tag, default: 0] += 1 }
        }
        // The children got far enough to activate (else this test would prove nothing).
        #expect(served.values.reduce(0, +) > 0, "replay with OVERLAY_TORTURE_SEED=\(seed)")
    }

    @Test("Two processes activating on one store at once: every activation succeeds and the store verifies")
    func twoProcesses() throws {
        let temp = TemporaryDirectory()
        let logs = (0..<2).map { temp.url.appendingPathComponent("child\($0).stderr") }
        let children = try logs.map { try launch(temp.store, ["--iterations", "40", "--reopen-every", "7"], stderr: $0) }
        for (child, log) in zip(children, logs) {
            child.waitUntilExit()
            let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(child.terminationStatus == 0, "child stderr: \(stderr)")
        }
        #expect(try verify(temp.store, "after two children") != nil)
        let store = try OverlayStore.open(at: temp.store, appVersion: TortureRevisions.appVersion,
                                          sourceHash: TortureRevisions.sourceHash)
        // Each child journals one line per activation, under LOCK: none is lost.
        #expect(try store.readJournal(last: 1000).count == 80)
    }
}
