import Foundation
import OverlayCore
import OverlaySync
import Testing
@testable import OverlayTools
@testable import OverlayPublishing
import OverlayTestSupport

@Suite("Matrix: the release matrix against a candidate origin", .serialized)
struct MatrixTests {
    static let cleanSources = MatrixFixture.repositoryRoot.appendingPathComponent("testdata/lint/Sources/Checkout/Correct.swift").path
    static let bypassingSources = MatrixFixture.repositoryRoot.appendingPathComponent("testdata/lint/Sources").path

    @Test("A good candidate with clean --sources: all 14 scenarios pass, one progress line each")
    func goodCandidateIsGreen() async throws {
        let fixture = try await MatrixFixture()
        let lines = LockedValue<[String]>([])
        let report = try await Matrix.run(fixture.options(sources: [Self.cleanSources])) { line in lines.withLock { $0.append(line) } }
        #expect(report.results.count == 14)
        for result in report.results {
            #expect(result.verdict == .pass, "\(result.number) \(result.id): \(result.observed)")
        }
        #expect(report.isGreen)
        #expect(lines.withLock { $0 }.count == 14)
        #expect(report.candidate.revision == 1 && report.candidate.modules.map(\.name) == ["Account", "App", "Checkout", "Onboarding"])
        // No time bound: beside every other suite a loaded runner took 136 s. The one-minute budget is measured on an
        // idle machine (12–15 s); MatrixCommandTests only guards against a hang.
        // The temporary stores are gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).filter { $0.hasPrefix("overlay-matrix-") }
        #expect(left.isEmpty)
    }

    @Test("Without --sources scenario 9 is not run, says why, and the matrix is not green")
    func dependencyScenarioNotRun() async throws {
        let fixture = try await MatrixFixture()
        let report = try await Matrix.run(fixture.options(only: ["dependency-lookups"]))
        let result = try #require(report.results.first)
        #expect(result.verdict == .notRun)
        #expect(result.observed.hasPrefix("not run: no --sources given"))
        #expect(!report.isGreen)
    }

    @Test("Sources that bypass the overlay fail scenario 9, naming the modules")
    func dependencyScenarioFindsBypasses() async throws {
        let fixture = try await MatrixFixture()
        let report = try await Matrix.run(fixture.options(sources: [Self.bypassingSources], only: ["dependency-lookups"]))
        let result = try #require(report.results.first)
        #expect(result.verdict == .fail)
        #expect(result.observed.contains("App") && result.observed.contains("Checkout"), "\(result.observed)")
    }

    @Test("A candidate signed by a key the build does not trust turns the matrix red")
    func untrustedCandidateIsRed() async throws {
        let fixture = try await MatrixFixture()
        let other = try Ed25519PrivateKey.generate()
        let report = try await Matrix.run(fixture.options(trust: [other.publicKey], only: ["new-revision", "cached-offline"]))
        #expect(!report.isGreen)
        for result in report.results {
            #expect(result.verdict == .fail, "\(result.id): \(result.observed)")
        }
        #expect(report.results[1].observed.contains("signature"), "\(report.results[1].observed)")
    }

    @Test("A candidate published from a catalog with another structure (wrong source hash) turns the matrix red")
    func wrongSourceHashCandidateIsRed() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: MatrixFixture.catalog, to: copy)
        let errors = copy.appendingPathComponent("Account/en.lproj/Errors.strings")
        var text = try String(contentsOf: errors, encoding: .utf8)
        let end = try #require(text.range(of: "\";"))
        text.insert(contentsOf: " %@", at: end.lowerBound)
        try text.write(to: errors, atomically: true, encoding: .utf8)
        let fixture = try await MatrixFixture(catalog: copy)
        let report = try await Matrix.run(fixture.options(only: ["new-revision"]))
        let result = try #require(report.results.first)
        #expect(result.verdict == .fail)
        #expect(result.observed.contains("binding.source-hash"), "\(result.observed)")
        #expect(report.candidate.sourceHash != report.candidate.buildSourceHash)
    }

    @Test("A candidate with a hostile archive (a ../ entry), properly signed, turns the matrix red")
    func hostileArchiveCandidateIsRed() async throws {
        let fixture = try await MatrixFixture()
        let hostile = try Data(contentsOf: MatrixFixture.repositoryRoot.appendingPathComponent("testdata/zip/name-parent-traversal.zip"))
        try fixture.replaceArchive(of: "Account", with: hostile)
        let report = try await Matrix.run(fixture.options(only: ["new-revision", "placeholder-plural-mismatch"]))
        #expect(!report.isGreen)
        let result = try #require(report.results.first)
        #expect(result.verdict == .fail)
        #expect(result.observed.contains("module Account"), "\(result.observed)")
    }

    @Test("A candidate with a broken placeholder, properly signed, turns scenarios 4 and 11 red")
    func brokenPlaceholderCandidateIsRed() async throws {
        let fixture = try await MatrixFixture()
        var files = try fixture.archiveFiles(of: "Account")
        var text = String(decoding: try #require(files["en.lproj/Errors.strings"]), as: UTF8.self)
        let end = try #require(text.range(of: "\";"))
        text.insert(contentsOf: " %d", at: end.lowerBound)
        files["en.lproj/Errors.strings"] = Data(text.utf8)
        try fixture.replaceArchive(of: "Account", with: ZIPWriter.archive(files))
        let report = try await Matrix.run(fixture.options(only: ["new-revision", "placeholder-plural-mismatch"]))
        #expect(report.results.map(\.verdict) == [.fail, .fail], "\(report.results.map(\.observed))")
        #expect(report.results[0].observed.contains("Account"))
        #expect(report.results[1].observed.contains("blocking finding"), "\(report.results[1].observed)")
    }

    @Test("An origin without a manifest for any app version is refused before any scenario, naming the folder")
    func emptyOriginIsRefused() async throws {
        let fixture = try await MatrixFixture()
        var options = try fixture.options()
        options.origin = fixture.directory
        await #expect(throws: MatrixError.self) { try await Matrix.run(options) }
        options.appVersion = "9.9"
        do {
            _ = try await Matrix.run(options)
            Issue.record("a missing manifest was not refused")
        } catch let error as MatrixError {
            #expect(error.message.contains("9.9/manifest.json"), "\(error.message)")
        }
    }

    @Test("Kill points of a recorded cycle: the revision write places directories into modules/, the state switch replaces state.json")
    func killPhasesOfARealCycle() async throws {
        let fixture = try await MatrixFixture()
        let shipped = try CatalogLoader.load(at: MatrixFixture.catalog, mode: .lenient).catalog
        let recorder = FaultPlan()
        let store = fixture.directory.appendingPathComponent("store")
        var configuration = SyncConfiguration(
            origin: fixture.origin, appVersion: fixture.appVersion, trustedKeys: try TrustedKeys([fixture.key.publicKey]),
            shipped: shipped, storeURL: store, maxConcurrentDownloads: 1)
        configuration.syscalls = .injecting(recorder)
        let report = await SyncService(configuration: configuration, transport: FileTransport()).start()
        #expect(report.outcome == .applied)
        let root = store.standardizedFileURL.path
        let calls = recorder.calls
        let phases = try KillPhases(calls, storeRoot: root)
        let write = phases.revisionWrite.map { calls[$0] }
        #expect(write.contains { $0.kind == .rename && $0.path.contains(" -> \(root)/modules/") })
        #expect(write.contains { $0.kind == .fsync })
        // The state is read under LOCK while revisions are written, but not replaced.
        #expect(!write.contains { $0.kind == .rename && $0.path.hasSuffix(" -> \(root)/state.json") })
        let stateSwitch = phases.stateSwitch.map { calls[$0] }
        #expect(stateSwitch.first?.kind == .open && stateSwitch.first?.path.hasPrefix(root + "/tmp/state.json.") == true)
        #expect(stateSwitch.contains { $0.kind == .rename && $0.path.hasSuffix(" -> \(root)/state.json") })
        let points = phases.points(revisionWrite: 16)
        #expect(points.filter { $0.phase == .revisionWrite }.count == 16)
        #expect(points.filter { $0.phase == .stateSwitch }.map(\.index) == Array(phases.stateSwitch))
    }

    @Test("A recording without a state switch after the revision write is refused, not guessed at")
    func killPhasesNeedAStateSwitch() throws {
        let plan = FaultPlan()
        #expect(throws: ScenarioFailure.self) { try KillPhases(plan.calls, storeRoot: "/s") }
    }
}

@Suite("Matrix reports: JUnit, HTML and JSON escape what they show")
struct MatrixReportTests {
    static func report(observed: String) -> MatrixReport {
        MatrixReport(
            candidate: MatrixCandidateSummary(
                origin: "/o<rigin>", appVersion: "1.0", revision: 2, sourceHash: "sha256:ab", buildSourceHash: "sha256:ab",
                publishedAt: nil, expiresAt: nil, modules: [.init(name: "App", sha256: "ff", revision: 2, size: 3, locales: ["en"])]),
            results: [
                MatrixResult(number: 1, id: "a", title: "A & B", expected: "<ok>", observed: observed, verdict: .fail, duration: .milliseconds(5)),
                MatrixResult(number: 2, id: "b", title: "B", expected: "e", observed: "not run: why", verdict: .notRun, duration: .zero),
                MatrixResult(number: 3, id: "c", title: "C", expected: "e", observed: "fine", verdict: .pass, duration: .zero),
            ],
            duration: .seconds(1))
    }

    @Test("XML text escapes markup and writes characters XML 1.0 cannot hold as \\u{…}")
    func xmlEscaping() {
        #expect(MatrixReport.xml("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;")
        #expect(MatrixReport.xml("x\u{1B}[31m\u{0}y\n") == "x\\u{1B}[31m\\u{0}y&#10;")
    }

    @Test("JUnit: every scenario a test case, failures and not-run as <failure> with the observed text, nothing skipped")
    func junitShape() {
        let xml = Self.report(observed: "FAILED: <script>\u{7}").junit()
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.contains(#"failures="2""#) && xml.contains(#"skipped="0""#))
        #expect(xml.contains("message=\"not run: why\""))
        #expect(xml.contains("FAILED: &lt;script&gt;\\u{7}"))
        #expect(!xml.contains("<script>") && !xml.contains("<skipped"))
    }

    @Test("HTML: self-contained, one row per scenario, every text escaped")
    func htmlShape() {
        let html = Self.report(observed: "<img src=x onerror=alert(1)>").html()
        #expect(!html.contains("<img") && !html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        for number in 1...3 { #expect(html.contains(#"id="scenario-\#(number)""#)) }
        #expect(html.contains("/o&lt;rigin&gt;"))
    }

    @Test("JSON: parses, carries every scenario and keeps exact strings")
    func jsonShape() throws {
        let text = Self.report(observed: "a\"b\u{1}").json()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["schema_version"] as? Int == 1)
        #expect(root["green"] as? Bool == false)
        let scenarios = try #require(root["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 3)
        #expect(scenarios[0]["observed"] as? String == "a\"b\u{1}")
        #expect(scenarios[1]["verdict"] as? String == "not-run")
    }
}
