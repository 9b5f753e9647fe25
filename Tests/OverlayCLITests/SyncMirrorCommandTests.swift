import Foundation
import Testing

/// `overlay sync --origin A --origin B`: mirrors tried in order.
@Suite struct SyncMirrorCommandTests {
    @Test func anOriginWithoutTheManifestIsSkippedAndReported() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let empty = published.root.appendingPathComponent("empty-mirror")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let store = published.root.appendingPathComponent("store").path
        let arguments = [
            "sync", "--origin", empty.path, "--origin", published.origin.path, "--app-version", "1.0",
            "--bundle", CLI.testdata("catalog"), "--store", store, "--trust", published.publicKey,
        ]
        let result = try CLI.run(arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "applied")
        let skipped = try #require(report["skipped_origins"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["outcome"] as? String == "not-published")
        #expect((skipped.first?["origin"] as? String)?.hasSuffix("empty-mirror/") == true)

        let again = try CLI.run(arguments)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("not-modified"))
        #expect(again.stdout.contains("[skipped file://"), "\(again.stdout)")
    }

    @Test func mixingURLAndDirectoryOriginsIsAUsageError() throws {
        let published = try PublishedOrigin.shared()
        let result = try CLI.run([
            "sync", "--origin", "http://127.0.0.1:9/", "--origin", published.origin.path, "--app-version", "1.0",
            "--bundle", CLI.testdata("catalog"), "--store", published.root.appendingPathComponent("mixed").path,
            "--trust", published.publicKey,
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("mix http(s) URLs and directories"))
    }
}
