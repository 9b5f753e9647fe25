import Foundation
import OverlayCore
import Testing

/// `inspect` prints the age and time of each revision from its digest list's mtime. tmpfs (like btrfs, and tar
/// extracting onto either) keeps 64-bit seconds, so a copied store can carry any of them; each printed date or age
/// is clamped, never a trap.
@Suite struct InspectTimeTests {
    /// A store synced under /dev/shm (tmpfs), whose App revision's digest list gets `seconds` as its mtime.
    struct Scene {
        let root: URL
        let digestList: String
        var store: String { root.appendingPathComponent("store").path }

        init() throws {
            root = URL(fileURLWithPath: "/dev/shm").appendingPathComponent("inspect-time-\(UUID().uuidString)")
            let keys = root.appendingPathComponent("keys").path
            let origin = root.appendingPathComponent("origin").path
            for arguments in [
                ["keygen", "--out", keys],
                ["publish", CLI.testdata("catalog"), "--app-version", "1.0", "--key", "\(keys)/overlay-signing-key.pem", "--out", origin],
                ["sync", "--origin", origin, "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
                 "--store", root.appendingPathComponent("store").path, "--trust", "\(keys)/overlay-signing-key.pub.pem"],
            ] {
                let result = try CLI.run(arguments)
                #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
            }
            let app = root.appendingPathComponent("store/modules/App")
            let revision = try #require(try FileManager.default.contentsOfDirectory(atPath: app.path).first)
            digestList = app.appendingPathComponent("\(revision)/overlay-digests.json").path
        }

        /// Sets the digest list's mtime and returns what the file system kept.
        func setModified(_ seconds: Int) -> Int {
            var times = [timespec(tv_sec: 0, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            guard utimensat(AT_FDCWD, digestList, &times, 0) == 0 else { return 0 }
            return ((try? LibC.status(digestList, followingLinks: true)) ?? nil)?.modified.seconds ?? 0
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test(arguments: [(Int.max, "9999-12-31T23:59:59Z", 0), (Int.min, "0000-01-01T00:00:00Z", 315_569_520_000)])
    func anExtremeModificationTimeIsPrintedClamped(_ seconds: Int, _ shown: String, _ age: Int) throws {
        let scene = try Scene()
        defer { scene.remove() }
        // tmpfs keeps any 64-bit time; a machine without one at /dev/shm cannot stage this store.
        try #require(scene.setModified(seconds) == seconds, "/dev/shm must be a tmpfs that keeps 64-bit file times")

        let text = try CLI.spawn(["inspect", scene.store, "--bundle", CLI.testdata("catalog")])
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(text.stdoutText.contains("App: overlay — active r1"))

        let json = try CLI.spawn(["inspect", scene.store, "--json"])
        #expect(json.status == 0, "\(json.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let app = try #require((report["modules"] as? [[String: Any]])?.first { $0["name"] as? String == "App" })
        let active = try #require(app["active"] as? [String: Any])
        #expect(active["written_at"] as? String == shown)
        #expect(active["age_seconds"] as? Int == age)

        // --explain without --launched-at says since when the revision serves.
        let explain = try CLI.spawn([
            "inspect", scene.store, "--explain", "settings.notifications.title", "--module", "App", "--locale", "en",
            "--bundle", CLI.testdata("catalog"),
        ])
        #expect(explain.status == 0, "\(explain.stderrText)")
        #expect(explain.stdoutText.contains("is active since \(shown)"))
        let launched = try CLI.spawn([
            "inspect", scene.store, "--bundle", CLI.testdata("catalog"), "--launched-at", "2026-12-02T05:00:00Z", "--json",
        ])
        #expect(launched.status == 0, "\(launched.stderrText)")
    }

    /// The crash-loop guard's record carries the time of each rollback; a copied or damaged record may hold any
    /// 64-bit second, and `inspect` prints it clamped through the store's own decoder of the record.
    @Test(arguments: [(Int.max, "9999-12-31T23:59:59Z"), (Int.min, "0000-01-01T00:00:00Z")])
    func anExtremeRollbackTimeIsPrintedClamped(_ seconds: Int, _ shown: String) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let sha = String(repeating: "a", count: 64)
        let record = #"{"format_version":1,"completed":true,"trial":{},"launches":0,"known_good":{},"crashed":{},"#
            + #""rollbacks":[{"module":"App","from_sha256":"\#(sha)","from_revision":2,"launches":3,"at":\#(seconds)}]}"#
        try Data(record.utf8).write(to: URL(fileURLWithPath: scene.store).appendingPathComponent("launch-guard.json"))

        // A rollback is a warning: exit 1 (docs/TRIAGE.md), not a trap.
        let text = try CLI.spawn(["inspect", scene.store])
        #expect(text.status == 1, "\(text.stderrText)")
        #expect(text.stderrText.contains("App: revision 2 (aaaaaaaaaaaa) was returned to the shipped strings at \(shown)"),
                "\(text.stderrText)")
    }
}
