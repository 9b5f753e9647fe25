import Foundation
import OverlayCore
import OverlayPublishing
import OverlaySync
import OverlayTestSupport

/// 12: real child processes (`overlay _torture sync`) that die by SIGKILL at chosen store syscalls of a sync cycle.
extension MatrixScenarios {
    /// Kill points spread over the revision write, and every call of the state switch.
    static let revisionWriteKills = 16

    static func killedProcess(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let expected = Dictionary(uniqueKeysWithValues: candidate.acceptedModules.compactMap { name in
            candidate.modules[name].map { (name, $0.entry.sha256) }
        })
        guard !expected.isEmpty else { throw ScenarioFailure("the candidate has no module the client accepts to write") }
        let child = try childExecutable(run.options)
        let lab = try run.lab("killed")
        let keys = lab.directory.appendingPathComponent("keys", isDirectory: true)
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
        var pems: [String] = []
        for (index, key) in run.options.trustedKeys.keys.values.sorted(by: { $0.keyID < $1.keyID }).enumerated() {
            let url = keys.appendingPathComponent("trusted-\(index).pub.pem")
            try Data(key.pemRepresentation.utf8).write(to: url)
            pems.append(url.path)
        }
        let trust = try TrustedKeys(Array(run.options.trustedKeys.keys.values))

        // The store's calls in one full cycle, recorded in process with the child's configuration.
        let recorder = FaultPlan()
        let recordStore = lab.directory.appendingPathComponent("record-store", isDirectory: true)
        let recording = await lab.sync(lab.configuration(
            trust: trust, store: recordStore, syscalls: .injecting(recorder), concurrentDownloads: 1))
        guard observation.require(recording.outcome == .applied, "the recorded cycle ended \(recording.brief)") else { return observation }
        let phases = try KillPhases(recorder.calls, storeRoot: recordStore.standardizedFileURL.path)
        let points = phases.points(revisionWrite: revisionWriteKills)

        // Children run a few at a time: each has its own store, and most of a child's life is spent starting up.
        let setup = KillSetup(lab: lab, child: child, pems: pems, trust: trust, expected: expected)
        let outcomes = try await withThrowingTaskGroup(of: (Int, KillOutcome).self) { group in
            var pending = points.enumerated().makeIterator()
            func launch() {
                guard let (order, point) = pending.next() else { return }
                group.addTask { (order, try await killAndCheck(point, setup)) }
            }
            for _ in 0..<concurrentChildren { launch() }
            var outcomes: [(Int, KillOutcome)] = []
            for try await outcome in group {
                outcomes.append(outcome)
                launch()
            }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var killed: [KillPhases.Phase: Int] = [:]
        var unreached = 0
        var served = (old: 0, new: 0)
        for outcome in outcomes {
            if outcome.wasKilled { killed[outcome.phase, default: 0] += 1 } else { unreached += 1 }
            if outcome.servedNew == true { served.new += 1 } else if outcome.servedNew == false { served.old += 1 }
            for failure in outcome.failures { observation.fail(failure) }
        }
        observation.require(killed[.revisionWrite, default: 0] > 0, "no child was killed during the revision write")
        observation.require(killed[.stateSwitch, default: 0] > 0, "no child was killed during the state switch")
        observation.note("\(killed.values.reduce(0, +)) children of \(child.lastPathComponent) sync SIGKILLed: \(killed[.revisionWrite, default: 0]) during the revision write (calls \(phases.revisionWrite.lowerBound + 1)–\(phases.revisionWrite.upperBound)), \(killed[.stateSwitch, default: 0]) during the state switch (calls \(phases.stateSwitch.lowerBound + 1)–\(phases.stateSwitch.upperBound)); after each a restart served \(served.old) × all old, \(served.new) × all new, never a mix, every file verified, and the next cycle recovered\(unreached > 0 ? "; \(unreached) finished before their kill point" : "")")
        return observation
    }

    /// Children alive at once.
    static let concurrentChildren = 3

    struct KillSetup: Sendable {
        var lab: Lab
        var child: URL
        var pems: [String]
        var trust: TrustedKeys
        /// Module → archive SHA-256 of the candidate's accepted modules.
        var expected: [String: String]
    }

    struct KillOutcome: Sendable {
        var phase: KillPhases.Phase
        var wasKilled = false
        /// true: all new revisions after the kill; false: all old; nil: a mix or not checked.
        var servedNew: Bool?
        var failures: [String] = []
    }

    /// One child killed at `point`, then the store checked as a restarted app finds it, then one recovering cycle.
    static func killAndCheck(_ point: KillPhases.Point, _ setup: KillSetup) async throws -> KillOutcome {
        let lab = setup.lab
        let candidate = lab.candidate
        var outcome = KillOutcome(phase: point.phase)
        let store = lab.directory.appendingPathComponent("kill-\(point.index)", isDirectory: true)
        let log = lab.directory.appendingPathComponent("kill-\(point.index).stderr")
        var arguments = [TortureChild.command, "sync", store.path, "--origin", candidate.originRoot.path, "--app-version", candidate.appVersion,
                         "--bundle", lab.run.options.bundle.path, "--kill-at", String(point.index + 1)]
        for pem in setup.pems { arguments += ["--trust", pem] }
        let label = "\(point.phase.rawValue) at call \(point.index + 1) (\(point.call))"
        switch try await runChild(setup.child, arguments, stderr: log) {
        case .killed:
            outcome.wasKilled = true
        case .exited(let code):
            // The child's calls did not line up with the recording (it ended first): said, not hidden.
            if code != 0 {
                let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                outcome.failures.append("\(label): the child exited \(code) instead of being killed: \(stderr.prefix(200))")
            }
        case .timedOut:
            outcome.failures.append("\(label): the child did not finish or die within 60 s")
            return outcome
        }
        let configuration = lab.configuration(trust: setup.trust, store: store)
        // A restarted app: complete revisions of one cycle, never a mix.
        let snapshot = try lab.restartSnapshot(configuration)
        let active = snapshot.modules.mapValues(\.sha256)
        if active.isEmpty {
            outcome.servedNew = false
        } else if active == setup.expected {
            outcome.servedNew = true
        } else {
            outcome.failures.append("\(label): a mix after the kill: \(active.keys.sorted()) active of \(setup.expected.keys.sorted())")
        }
        let problems = try lab.verifyActive(configuration)
        if !problems.isEmpty { outcome.failures.append("\(label): revision files do not match their digest lists: \(problems.prefix(3))") }
        let survey = LookupSurvey.run(catalog: candidate.shipped, store: snapshot)
        if !survey.misses.isEmpty { outcome.failures.append("\(label): \(survey.misses.count) keys missed after the kill") }
        // The next cycle recovers.
        let next = await lab.sync(configuration)
        let recovered = try lab.restartSnapshot(configuration).modules.mapValues(\.sha256)
        if !((next.outcome == .applied || next.outcome == .notModified) && recovered == setup.expected) {
            outcome.failures.append("\(label): the next cycle ended \(next.brief) serving \(recovered.keys.sorted())")
        }
        if !(try lab.verifyActive(configuration)).isEmpty {
            outcome.failures.append("\(label): after the next cycle revision files do not verify")
        }
        return outcome
    }

    enum ChildStatus { case killed, exited(Int32), timedOut }

    static func runChild(_ executable: URL, _ arguments: [String], stderr: URL) async throws -> ChildStatus {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let log = try FileHandle(forWritingTo: stderr)
        defer { try? log.close() }
        process.standardError = log
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .timedOut
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL { return .killed }
        return .exited(process.terminationStatus)
    }

    /// The `overlay` binary to spawn: the one given (the `overlay` command gives itself), else one next to the running
    /// executable (a test bundle beside `swift build`'s products).
    static func childExecutable(_ options: MatrixOptions) throws -> URL {
        if let given = options.childExecutable { return given }
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent("overlay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ScenarioFailure("no overlay binary to run as the child this scenario kills next to \(directories.first?.path ?? "the executable"); pass MatrixOptions.childExecutable")
    }
}

/// Where a sync cycle's store calls write revisions and where they switch state, from a recording.
struct KillPhases: Sendable {
    enum Phase: String, Sendable, Hashable {
        case revisionWrite = "revision write"
        case stateSwitch = "state switch"
    }

    struct Point: Sendable {
        var index: Int
        var phase: Phase
        var call: String
    }

    let calls: [FaultPlan.Call]
    let storeRoot: String
    /// Indices (0-based) of the calls that stage revision directories, up to the state switch.
    let revisionWrite: Range<Int>
    /// Indices of the activation's `state.json` replacement: temp file, fsync, rename, directory fsync.
    let stateSwitch: Range<Int>

    init(_ calls: [FaultPlan.Call], storeRoot: String) throws(ScenarioFailure) {
        self.calls = calls
        self.storeRoot = storeRoot
        let temporary = storeRoot + "/tmp/"
        guard let firstPlacement = calls.firstIndex(where: { $0.kind == .rename && $0.path.contains(" -> \(storeRoot)/modules/") }),
              let switchRename = calls.indices.first(where: {
                  $0 > firstPlacement && calls[$0].kind == .rename && calls[$0].path.hasSuffix(" -> \(storeRoot)/state.json")
              }),
              let switchStart = calls.indices.last(where: {
                  $0 < switchRename && calls[$0].kind == .open && calls[$0].path.hasPrefix(temporary + "state.json.")
              }),
              let writeStart = calls.indices.first(where: { calls[$0].kind == .mkdir && calls[$0].path.hasPrefix(temporary) }),
              writeStart < switchStart
        else {
            throw ScenarioFailure("the recorded cycle (\(calls.count) store calls) shows no revision write followed by a state switch")
        }
        revisionWrite = writeStart..<switchStart
        stateSwitch = switchStart..<min(calls.count, switchRename + 4)
    }

    /// `revisionWrite` points spread evenly over the revision write, and every call of the state switch.
    func points(revisionWrite count: Int) -> [Point] {
        var indices: [Int] = []
        let span = revisionWrite.count
        for step in 0..<count {
            let index = revisionWrite.lowerBound + (span - 1) * step / max(1, count - 1)
            if indices.last != index { indices.append(index) }
        }
        var points = indices.map { Point(index: $0, phase: .revisionWrite, call: describe($0)) }
        points += stateSwitch.map { Point(index: $0, phase: .stateSwitch, call: describe($0)) }
        return points
    }

    private func describe(_ index: Int) -> String {
        let call = calls[index]
        return "\(call.kind.rawValue) \(call.path.replacingOccurrences(of: storeRoot + "/", with: ""))"
    }
}
