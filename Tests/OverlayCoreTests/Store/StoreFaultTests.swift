import Foundation
import Testing
@testable import OverlayCore

import OverlayTestSupport

@Suite("OverlayStore: injected faults and a crash at every call of an activation")
struct StoreFaultTests {
    /// A store serving A with P as previous, reopened through a fault plan that starts counting now.
    /// With `template`, copies that prepared store instead of activating P and A again.
    private func prepared(_ temp: TemporaryDirectory, from template: URL? = nil) throws -> (OverlayStore, FaultPlan) {
        if let template {
            try FileManager.default.copyItem(at: template, to: temp.store)
        } else {
            let live = try Sample.open(temp.store)
            try live.activate(module: "App", sha256: Sample.sha("P"), revision: 1, files: Sample.files("P"))
            try live.activate(module: "App", sha256: Sample.sha("A"), revision: 2, files: Sample.files("A"))
        }
        let plan = FaultPlan()
        let store = try Sample.open(temp.store, syscalls: .injecting(plan))
        plan.arm([])
        return (store, plan)
    }

    private func activateB(_ store: OverlayStore) throws {
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 3, files: Sample.files("B"))
    }

    /// Reopens the store as a restarted process would and checks it serves `tag`, whole, with `previous`.
    private func expectServes(_ temp: TemporaryDirectory, _ tag: String, previous: String,
                              _ comment: Comment? = nil) throws {
        let reopened = try Sample.open(temp.store)
        let active = try #require(reopened.snapshot().modules["App"], comment)
        #expect(active.sha256 == Sample.sha(tag), comment)
        #expect(reopened.cycleView().snapshot.fallbacks["App"]?.sha256 == Sample.sha(previous), comment)
        #expect(revisionFiles(active.directory) == Sample.files(tag), comment)
        #expect(try Sample.verify(temp.store, sha256: Sample.sha(tag)) == [], comment)
        #expect(names(temp.store.appendingPathComponent("tmp")) == [], comment)
        #expect(names(temp.store.appendingPathComponent("modules/App")) == [Sample.sha(tag), Sample.sha(previous)].sorted(),
                comment)
    }

    @Test("A recording plan sees the activation protocol in order: files, digest list, fsyncs, rename, state")
    func recordedProtocol() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        try activateB(store)
        let calls = plan.calls
        let renames = calls.filter { $0.kind == .rename }.map(\.path)
        #expect(renames.count == 2)
        #expect(renames.first?.hasSuffix("/modules/App/\(Sample.sha("B"))") == true)
        #expect(renames.last?.hasSuffix("/state.json") == true)
        let writes = calls.filter { $0.kind == .write }.map { ($0.path as NSString).lastPathComponent }
        #expect(writes.dropLast().last == StoreLayout.digestListFile)
        #expect(writes.last?.hasPrefix("state.json.") == true)
        // Every file written is fsynced before the rename, and the state file is fsynced before its rename.
        let firstRename = try #require(calls.firstIndex { $0.kind == .rename })
        let filesSynced = calls[..<firstRename].filter { $0.kind == .fsync }.count
        #expect(filesSynced >= Sample.files("B").count + 1 + 3)
        let afterRename = calls[firstRename...]
        #expect(afterRename.contains { $0.kind == .fsync && $0.path.hasSuffix("/modules/App") })
        #expect(calls.last?.kind == .close && calls.last?.path.hasSuffix("/LOCK") == true)
    }

    @Test("A failing call aborts the activation without retry, removes the temp, and A keeps serving",
          arguments: [
              (SyscallKind.fsync, 1, EIO, StoreError.Code.fsyncFailed),
              (.fsync, 6, EIO, .fsyncFailed),
              (.fsync, 9, EIO, .fsyncFailed),
              (.fsync, 11, EIO, .fsyncFailed),
              (.write, 1, ENOSPC, .diskFull),
              (.write, 5, ENOSPC, .diskFull),
              (.write, 6, ENOSPC, .diskFull),
              (.mkdir, 1, ENOSPC, .diskFull),
              (.mkdir, 2, ENOSPC, .diskFull),
              (.rename, 1, EIO, .ioError),
              (.rename, 2, ENOSPC, .diskFull),
              (.open, 6, EMFILE, .systemCallFailed),
          ])
    func failingCall(kind: SyscallKind, occurrence: Int, number: Int32, code: StoreError.Code) throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        plan.arm([FaultPlan.Rule(kind: kind, occurrence: occurrence, action: .fail(errno: number))])
        let error = try #require(throws: StoreError.self) { try activateB(store) }
        #expect(error.code == code)
        #expect(error.cause == number)
        #expect(error.syscall == kind.rawValue)
        #expect(plan.calls.filter { $0.kind == kind }.count >= occurrence)
        // No retry: the failing call is the last of its kind that touched the revision.
        let failing = plan.calls.filter { $0.kind == kind }[occurrence - 1]
        #expect(error.path == failing.path)
        #expect(names(temp.store.appendingPathComponent("tmp")) == [])
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
        try expectServes(temp, "A", previous: "P", "\(kind) #\(occurrence)")
    }

    @Test("A crash at every call of an activation (or a torn write) leaves exactly A or exactly B")
    func crashAtEveryCall() throws {
        let template = TemporaryDirectory()
        _ = try prepared(template)
        let recording = TemporaryDirectory()
        let (recorder, plan) = try prepared(recording, from: template.store)
        try activateB(recorder)
        let calls = plan.calls
        #expect(calls.count > 40)
        var served: Set<String> = []
        for (index, call) in calls.enumerated() {
            for action in [FaultPlan.Action.stop, .tornWrite] where action == .stop || call.kind == .write {
                let comment: Comment = "crash \(action) at call \(index + 1) of \(calls.count): \(call.kind) \(call.path)"
                let temp = TemporaryDirectory()
                let (store, plan) = try prepared(temp, from: template.store)
                plan.arm([FaultPlan.Rule(kind: nil, occurrence: index + 1, action: action)])
                do {
                    try activateB(store)
                } catch let error as StoreError {
                    #expect(error.code == .simulatedCrash, comment)
                }
                #expect(plan.hasCrashed, comment)
                let tag = try Sample.open(temp.store).snapshot().modules["App"]?.sha256 == Sample.sha("B") ? "B" : "A"
                served.insert(tag)
                try expectServes(temp, tag, previous: tag == "B" ? "A" : "P", comment)
                // After the restart, activating B again works and serves B whole.
                let restarted = try Sample.open(temp.store)
                try activateB(restarted)
                try expectServes(temp, "B", previous: "A", comment)
            }
        }
        #expect(served == ["A", "B"])
    }

    @Test("A revision directory left by a crash before the state switch is reused when it verifies")
    func leftoverDirectoryReused() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        let survivor = try Sample.open(temp.store)  // opened before the crash: no open-time cleaning after it
        plan.arm([FaultPlan.Rule(kind: .rename, occurrence: 2, action: .stop)])
        #expect(throws: StoreError.self) { try activateB(store) }
        let leftover = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        let inode = try FileManager.default.attributesOfItem(atPath: leftover.path)[.systemFileNumber] as? Int
        #expect(inode != nil)
        try activateB(survivor)
        #expect(try FileManager.default.attributesOfItem(atPath: leftover.path)[.systemFileNumber] as? Int == inode)
        try expectServes(temp, "B", previous: "A")
    }

    @Test("A leftover revision directory that does not verify is removed and written anew")
    func leftoverDirectoryRewritten() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        let survivor = try Sample.open(temp.store)
        plan.arm([FaultPlan.Rule(kind: .rename, occurrence: 2, action: .stop)])
        #expect(throws: StoreError.self) { try activateB(store) }
        let leftover = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        try Data("torn".utf8).write(to: leftover.appendingPathComponent("fr.lproj/Localizable.strings"))
        try activateB(survivor)
        try expectServes(temp, "B", previous: "A")
    }

    /// B for App and C for Checkout (which has no revision yet) in one batch.
    private func activateBatch(_ store: OverlayStore) throws {
        try store.activate([
            OverlayStore.PendingRevision(module: "Checkout", sha256: Sample.sha("C"), revision: 3, files: Sample.files("C")),
            OverlayStore.PendingRevision(module: "App", sha256: Sample.sha("B"), revision: 3, files: Sample.files("B")),
        ])
    }

    /// Which batch state a reopened store serves: "old" (App A, no Checkout) or "new" (App B, Checkout C), whole.
    private func batchState(_ temp: TemporaryDirectory, _ comment: Comment) throws -> String {
        let reopened = try Sample.open(temp.store)
        let modules = reopened.snapshot().modules
        #expect(names(temp.store.appendingPathComponent("tmp")) == [], comment)
        if modules["App"]?.sha256 == Sample.sha("A") {
            #expect(modules["Checkout"] == nil, comment)
            #expect(names(temp.store.appendingPathComponent("modules/Checkout")) == [], comment)
            try expectServes(temp, "A", previous: "P", comment)
            return "old"
        }
        let checkout = try #require(modules["Checkout"], comment)
        #expect(checkout.sha256 == Sample.sha("C"), comment)
        #expect(revisionFiles(checkout.directory) == Sample.files("C"), comment)
        try expectServes(temp, "B", previous: "A", comment)
        return "new"
    }

    @Test("A batch activation writes state.json once and fsyncs tmp/ once, after every revision is in place")
    func batchWritesStateOnce() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        try activateBatch(store)
        let calls = plan.calls
        let renames = calls.filter { $0.kind == .rename }.map { String($0.path.split(separator: "/").suffix(2).joined(separator: "/")) }
        #expect(renames == ["App/\(Sample.sha("B"))", "Checkout/\(Sample.sha("C"))", "\(temp.store.lastPathComponent)/state.json"])
        let tmpSyncs = calls.enumerated().filter { $0.element.kind == .fsync && $0.element.path.hasSuffix("/tmp") }
        #expect(tmpSyncs.count == 1)
        let lastRevisionRename = try #require(calls.lastIndex { $0.kind == .rename && $0.path.contains("/modules/") })
        #expect(tmpSyncs.first.map { $0.offset > lastRevisionRename } == true)
        #expect(try batchState(temp, "after the batch") == "new")

        // The same batch again changes nothing on disk and needs no fsync of tmp/.
        plan.arm([])
        try activateBatch(store)
        #expect(!plan.calls.contains { $0.kind == .fsync && $0.path.hasSuffix("/tmp") })
        #expect(!plan.calls.contains { $0.kind == .mkdir })
    }

    @Test("A crash at every call of a two-module batch leaves both old or both new")
    func batchCrashAtEveryCall() throws {
        let template = TemporaryDirectory()
        _ = try prepared(template)
        let recording = TemporaryDirectory()
        let (recorder, plan) = try prepared(recording, from: template.store)
        try activateBatch(recorder)
        let calls = plan.calls
        var seen: Set<String> = []
        for (index, call) in calls.enumerated() {
            let comment: Comment = "crash at call \(index + 1) of \(calls.count): \(call.kind) \(call.path)"
            let temp = TemporaryDirectory()
            let (store, plan) = try prepared(temp, from: template.store)
            plan.arm([FaultPlan.Rule(kind: nil, occurrence: index + 1, action: .stop)])
            do {
                try activateBatch(store)
            } catch let error as StoreError {
                #expect(error.code == .simulatedCrash, comment)
            }
            #expect(plan.hasCrashed, comment)
            seen.insert(try batchState(temp, comment))
            try activateBatch(try Sample.open(temp.store))
            #expect(try batchState(temp, comment) == "new")
        }
        #expect(seen == ["old", "new"])
    }

    @Test("A failure writing the second revision of a batch switches neither module")
    func batchFailureSwitchesNothing() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        // Checkout's files are written after App's whole revision is in place (modules go in name order).
        let appWrites = Sample.files("B").count + 1
        plan.arm([FaultPlan.Rule(kind: .write, occurrence: appWrites + 1, action: .fail(errno: ENOSPC))])
        let error = try #require(throws: StoreError.self) { try activateBatch(store) }
        #expect(error.code == .diskFull)
        #expect(try batchState(temp, "ENOSPC in Checkout") == "old")
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
    }

    @Test("A batch naming a module twice, or a bad name, is refused before anything is written")
    func batchArguments() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        let twice = try #require(throws: StoreError.self) {
            try store.activate([
                OverlayStore.PendingRevision(module: "App", sha256: Sample.sha("B"), revision: 3, files: Sample.files("B")),
                OverlayStore.PendingRevision(module: "App", sha256: Sample.sha("C"), revision: 4, files: Sample.files("C")),
            ])
        }
        #expect(twice.code == .invalidArgument)
        let badName = try #require(throws: StoreError.self) {
            try store.activate([
                OverlayStore.PendingRevision(module: "App", sha256: Sample.sha("B"), revision: 3, files: Sample.files("B")),
                OverlayStore.PendingRevision(module: "../x", sha256: Sample.sha("C"), revision: 4, files: Sample.files("C")),
            ])
        }
        #expect(badName.code == .invalidArgument)
        try store.activate([])
        #expect(plan.calls.isEmpty)
    }

    private var pendingB: OverlayStore.PendingRevision {
        OverlayStore.PendingRevision(module: "App", sha256: Sample.sha("B"), revision: 3, files: Sample.files("B"))
    }

    @Test("A staged revision is not served until activate, which reuses it without writing it again")
    func stagedRevisionIsReused() throws {
        let temp = TemporaryDirectory()
        let (store, plan) = try prepared(temp)
        try store.stage(pendingB)
        #expect(plan.calls.contains { $0.kind == .rename && $0.path.hasSuffix("/modules/App/\(Sample.sha("B"))") })
        #expect(!plan.calls.contains { $0.path.hasSuffix("/state.json") && $0.kind == .rename })
        #expect(store.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
        let staged = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        let inode = try FileManager.default.attributesOfItem(atPath: staged.path)[.systemFileNumber] as? Int

        plan.arm([])
        try store.activate([pendingB])
        let written = plan.calls.filter { $0.kind == .write || $0.kind == .mkdir }.map { ($0.path as NSString).lastPathComponent }
        #expect(written.allSatisfy { $0.hasPrefix("state.json.") }, "\(written)")
        #expect(try FileManager.default.attributesOfItem(atPath: staged.path)[.systemFileNumber] as? Int == inode)
        try expectServes(temp, "B", previous: "A")

        // Staging what is active now writes nothing at all.
        plan.arm([])
        try store.stage(pendingB)
        #expect(!plan.calls.contains { [.write, .mkdir, .rename, .fsync].contains($0.kind) })
    }

    @Test("A staged revision that another process's open collected is written again by activate")
    func stagedRevisionCollectedMeanwhile() throws {
        let temp = TemporaryDirectory()
        let (store, _) = try prepared(temp)
        try store.stage(pendingB)
        let staged = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))")
        #expect(FileManager.default.fileExists(atPath: staged.path))
        _ = try Sample.open(temp.store)  // another process starting: it keeps only what state.json names
        #expect(!FileManager.default.fileExists(atPath: staged.path))
        try store.activate([pendingB])
        try expectServes(temp, "B", previous: "A")
    }

    @Test("A staged revision damaged before activate is written anew, never served damaged")
    func stagedRevisionDamagedMeanwhile() throws {
        let temp = TemporaryDirectory()
        let (store, _) = try prepared(temp)
        try store.stage(pendingB)
        let file = temp.store.appendingPathComponent("modules/App/\(Sample.sha("B"))/fr.lproj/Localizable.strings")
        try Data("torn".utf8).write(to: file)
        try store.activate([pendingB])
        try expectServes(temp, "B", previous: "A")
    }

    @Test("A fault plan counts calls per kind and overall, and fails only the chosen one")
    func faultPlanCounting() throws {
        let temp = TemporaryDirectory()
        let plan = FaultPlan([FaultPlan.Rule(kind: nil, occurrence: 3, action: .fail(errno: EIO))])
        let syscalls = Syscalls.injecting(plan)
        let path = temp.url.appendingPathComponent("f").path
        let error = try #require(throws: StoreError.self) { try syscalls.writeNewFiles([(path, Data("x".utf8))]) }
        #expect(error.code == .fsyncFailed)
        #expect(plan.calls.map(\.kind) == [.open, .write, .fsync, .close])
        #expect(!plan.hasCrashed)

        plan.arm([FaultPlan.Rule(kind: .open, occurrence: 2, action: .fail(errno: EACCES))])
        #expect(try syscalls.readFile(path, limit: 10) == Data("x".utf8))
        let denied = try #require(throws: StoreError.self) { try syscalls.readFile(path, limit: 10) }
        #expect(denied.code == .permissionDenied)

        // After a stop, every call "crashes" without touching the disk.
        plan.arm([FaultPlan.Rule(kind: .unlink, occurrence: 1, action: .stop)])
        let stopped = try #require(throws: StoreError.self) { try syscalls.unlink(path) }
        #expect(stopped.code == .simulatedCrash)
        #expect(FileManager.default.fileExists(atPath: path))
        let directory = temp.url.appendingPathComponent("d").path
        let after = try #require(throws: StoreError.self) { try syscalls.mkdir(directory, 0o755) }
        #expect(after.code == .simulatedCrash)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
