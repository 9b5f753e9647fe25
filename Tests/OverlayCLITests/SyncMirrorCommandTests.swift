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

    /// An error page in place of an archive on the first origin: the mirror's copy is used, the report and the
    /// journal say which origin served what, and `inspect` points at the origin, not at the catalog. Without the
    /// mirror the module fails (exit 1) and is asked for again at the next sync; nothing is recorded as rejected.
    @Test func anArchiveServedWrongIsFetchedFromTheMirrorAndBlamedOnTheOrigin() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let mirror = published.root.appendingPathComponent("mirror")
        try FileManager.default.copyItem(at: published.origin, to: mirror)
        let modules = published.origin.appendingPathComponent("1.0/modules")
        let app = try #require(try FileManager.default.contentsOfDirectory(atPath: modules.path).first { $0.hasPrefix("App-") })
        try Data("<html>502 Bad Gateway</html>\n".utf8).write(to: modules.appendingPathComponent(app))
        func sync(_ origins: [URL], store: String) throws -> CLIResult {
            try CLI.run(["sync"] + origins.flatMap { ["--origin", $0.path] } + [
                "--app-version", "1.0", "--bundle", CLI.testdata("catalog"), "--store", store, "--trust", published.publicKey,
                "--json",
            ])
        }

        let store = published.root.appendingPathComponent("store").path
        let result = try sync([published.origin, mirror], store: store)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "applied")
        #expect(report["failed_by_code"] as? [String: Int] == ["sync.mismatch": 1])
        let entry = try #require((report["modules"] as? [[String: Any]])?.first { $0["name"] as? String == "App" })
        #expect(entry["action"] as? String == "activated")
        let errors = try #require(entry["fetch_errors"] as? [[String: Any]])
        #expect(errors.map { $0["code"] as? String } == ["sync.mismatch"])
        #expect((errors.first?["url"] as? String)?.hasSuffix("/origin/1.0/modules/\(app)") == true)
        let inspect = try CLI.run(["inspect", store, "--bundle", CLI.testdata("catalog")])
        #expect(inspect.stderr.contains("origin/1.0/modules/\(app) served bytes that are not the archive the signed manifest lists"))
        #expect(inspect.stderr.contains("[origin.wrong-bytes]"))

        let alone = published.root.appendingPathComponent("alone").path
        let failed = try sync([published.origin], store: alone)
        #expect(failed.status == 1)
        let shown = try CLI.run(["inspect", alone, "--bundle", CLI.testdata("catalog")])
        #expect(shown.status == 1)
        #expect(shown.stdout.contains("App: shipped strings — its archive could not be fetched intact from any origin"), "\(shown.stdout)")
        #expect(shown.stderr.contains("not the catalog"))
        #expect(!shown.stderr.contains("fix the catalog") && !shown.stderr.contains("module.rejected"))
        #expect(shown.stdout.contains("[fetch failed: sync.mismatch×1]"))
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
