import Foundation
import OverlayCore
@testable import OverlayPublishing
import Testing

@Suite struct SyncCommandTests {
    func sync(_ published: PublishedOrigin, store: String, extra: [String] = []) throws -> CLIResult {
        try CLI.run([
            "sync", "--origin", published.origin.path, "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
            "--store", store, "--trust", published.publicKey,
        ] + extra)
    }

    @Test func syncThenNotModifiedThenDisable() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let store = published.root.appendingPathComponent("store").path

        let first = try sync(published, store: store, extra: ["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "applied")
        #expect(report["activated"] as? Int == 4)

        let second = try sync(published, store: store)
        #expect(second.status == 0)
        #expect(second.stdout.hasPrefix("not-modified (1 request, 0 bytes"))

        let resolved = try CLI.run([
            "resolve", "settings.notifications.title", "--module", "App", "--locale", "en",
            "--bundle", CLI.testdata("catalog"), "--store", store, "--json",
        ])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(resolved.stdout.utf8)) as? [String: Any])
        #expect(answer["layer"] as? String == "overlay")

        // A foreign file in the store directory survives the kill switch; everything the store owns is gone.
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: store).appendingPathComponent("notes.txt"))
        let disabled = try CLI.run(["disable", "--store", store])
        #expect(disabled.status == 0, "\(disabled.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store) == ["notes.txt"])
        #expect(try CLI.run(["disable", "--store", store]).stdout.contains("nothing to delete"))
    }

    @Test func aRejectedManifestIsReportedAndTheCycleStillCompletes() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let other = try PublishedOrigin()
        defer { other.remove() }
        let store = published.root.appendingPathComponent("store").path
        let result = try CLI.run([
            "sync", "--origin", published.origin.path, "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
            "--store", store, "--trust", other.publicKey,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("rejected"))
        #expect(result.stderr.contains("[signature.threshold]"))
        #expect(try OverlayStore.inspect(at: URL(fileURLWithPath: store)).modules.isEmpty)
    }

    @Test func anUnreachableOriginExitsOne() throws {
        let published = try PublishedOrigin.shared()
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("sync-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let result = try CLI.run([
            "sync", "--origin", "http://127.0.0.1:9/", "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
            "--store", store, "--trust", published.publicKey, "--timeout", "2s",
        ])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("failed"))
    }

    @Test func aMissingOriginDirectoryIsAUsageError() throws {
        let published = try PublishedOrigin.shared()
        let result = try CLI.run([
            "sync", "--origin", "/nonexistent/origin", "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
            "--store", "/tmp/unused", "--trust", published.publicKey,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("neither an http(s) URL nor a directory"))
    }
}
