import Foundation
import Testing
@testable import OverlayCore

/// iOS kills a suspended app that holds a lock on a file in an App Group container (0xdead10cc), so the store takes
/// `LOCK` only for its short synchronous writes: never across a suspension point, never after a call returns.
@Suite("OverlayStore: LOCK is held only inside a write")
struct StoreLockTests {
    /// Whether another open file description can take `LOCK` within half a second (`flock` locks belong to one). Not
    /// at once: a test of the same process that spawns a child while a write holds `LOCK` lends the child that
    /// description until its `exec` closes it (`O_CLOEXEC`), which once made the first probe fail under load.
    static func lockIsFree(_ store: URL) -> Bool {
        let fd = LibC.open(store.appendingPathComponent("LOCK").path, O_RDWR | O_CLOEXEC, 0)
        guard fd >= 0 else { return true }
        defer { _ = LibC.close(fd) }
        for _ in 0..<50 {
            if LibC.flock(fd, LOCK_EX | LOCK_NB) == 0 {
                _ = LibC.flock(fd, LOCK_UN)
                return true
            }
            usleep(10_000)
        }
        return false
    }

    @Test("after open and after every kind of write, LOCK is free again")
    func lockReleasedAfterEveryCall() throws {
        let temp = TemporaryDirectory()
        let store = try Sample.open(temp.store)
        var free = [Self.lockIsFree(temp.store)]
        try store.activate(module: "Checkout", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        free.append(Self.lockIsFree(temp.store))
        try store.stage(OverlayStore.PendingRevision(module: "Checkout", sha256: Sample.sha("B"), revision: 2, files: Sample.files("B")))
        free.append(Self.lockIsFree(temp.store))
        try store.recordManifestSeen(revision: 2, sha256: Sample.sha("manifest"))
        try store.markRejected(module: "Checkout", sha256: Sample.sha("C"))
        free.append(Self.lockIsFree(temp.store))
        _ = try store.rollback(module: "Checkout")
        try store.deactivate(module: "Checkout")
        try store.appendJournal(.object(JSONObject([("event", .string("test"))])))
        try store.saveManifest(bytes: Data("{}".utf8), signature: Data("{}".utf8), etag: "\"e\"")
        free.append(Self.lockIsFree(temp.store))
        #expect(free == Array(repeating: true, count: free.count))
        // The probe is not vacuous: a held lock is seen.
        let holder = LibC.open(temp.store.appendingPathComponent("LOCK").path, O_RDWR | O_CLOEXEC, 0)
        defer { _ = LibC.close(holder) }
        #expect(LibC.flock(holder, LOCK_EX) == 0)
        #expect(!Self.lockIsFree(temp.store))
    }

    /// A synchronous body cannot suspend, so the lock cannot be held across an `await`: the store stays synchronous.
    @Test("the store's code is synchronous: no async function and no await in the files that take LOCK")
    func storeIsSynchronous() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/OverlayCore/Store")
        var offenders: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (number, line) in text.split(separator: "\n").enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                if code.contains(" async") || code.contains("await ") { offenders.append("\(name):\(number + 1): \(line)") }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
