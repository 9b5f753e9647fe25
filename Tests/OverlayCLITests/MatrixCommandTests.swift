import Foundation
@testable import OverlayPublishing
import Testing

@Suite("overlay matrix", .serialized)
struct MatrixCommandTests {
    func matrix(_ published: PublishedOrigin, _ extra: [String], executable: URL = CLI.executable) throws -> CLIResult {
        try CLI.run([
            "matrix", "--bundle", CLI.testdata("catalog"), "--origin", published.origin.path, "--trust", published.publicKey,
        ] + extra, executable: executable)
    }

    /// Run as a user who installed only `overlay` runs it: the binary alone in an empty folder (scenario 12's killed
    /// child is its own hidden `_torture` mode, nothing next to it).
    @Test("A good candidate, with only the overlay binary in its folder: exit 0, a table, 14 progress lines, JSON, well-formed JUnit, an HTML page Chromium renders with every row")
    func greenRunWritesEveryReport() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let alone = published.root.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        // Copied by cp, not in this process: a child another suite forks while our copy's descriptor is open for
        // writing keeps that descriptor, and running the copy then fails with ETXTBSY ("Text file busy").
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = [CLI.executable.path, alone.appendingPathComponent("overlay").path]
        try copy.run()
        copy.waitUntilExit()
        try #require(copy.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: alone.path) == ["overlay"])
        let junit = published.root.appendingPathComponent("reports/matrix.xml")
        let html = published.root.appendingPathComponent("reports/matrix.html")
        let started = ContinuousClock.now
        let result = try matrix(published, [
            "--sources", CLI.testdata("lint/Sources/Checkout/Correct.swift"), "--junit", junit.path, "--html", html.path,
        ], executable: alone.appendingPathComponent("overlay"))
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        // The budget is a minute on an idle two-core machine (12–15 s measured); the bound only catches a hang, since a
        // runner loaded by every other suite took over two minutes.
        #expect(elapsed < .seconds(300), "the matrix took \(elapsed)")
        let progress = result.stderr.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(progress.count == 14, "\(result.stderr)")
        #expect(progress.allSatisfy { $0.contains("] PASS ") })
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.first?.hasPrefix(" #  scenario") == true)
        #expect(rows.last?.hasPrefix("matrix green: 14 passed, 0 failed, 0 not run of 14 (candidate 1.0 revision 1)") == true, "\(rows.last ?? "")")

        // JUnit: Python's XML parser reads it; 14 test cases, no failure, nothing skipped.
        let parsed = try Tool.run("python3", ["-c", """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            cases = root.findall('.//testcase')
            print(len(cases), len(root.findall('.//failure')), len(root.findall('.//skipped')))
            """, junit.path])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "14 0 0", "\(parsed.stdout)")

        // HTML: Chromium renders it; every scenario row is in the DOM, and nothing is fetched from elsewhere.
        let page = try String(contentsOf: html, encoding: .utf8)
        // Scenario 12 ran children of the copied binary itself.
        #expect(page.contains("children of overlay sync SIGKILLed"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("<script"))
        let dom = try Tool.run("chromium", [
            "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", html.absoluteString,
        ], timeout: .seconds(90))
        #expect(dom.status == 0, "\(dom.stderr.suffix(500))")
        for number in 1...14 {
            #expect(dom.stdout.contains(#"id="scenario-\#(number)""#), "row \(number) missing from the rendered page")
        }
        #expect(dom.stdout.components(separatedBy: #"data-verdict="pass""#).count - 1 == 14)
        #expect(dom.stdout.contains(#"id="modules""#) && dom.stdout.contains("Onboarding"))
    }

    @Test("Without --sources: exit 1, scenario 9 a JUnit failure 'not run: …', never a skip; --json carries it")
    func notRunIsAFailureInJUnit() throws {
        let published = try PublishedOrigin()
        defer { published.remove() }
        let junit = published.root.appendingPathComponent("matrix.xml")
        let result = try matrix(published, ["--junit", junit.path, "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["green"] as? Bool == false)
        let scenarios = try #require(report["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 14)
        #expect(scenarios.filter { $0["verdict"] as? String == "pass" }.count == 13)
        #expect(scenarios[8]["verdict"] as? String == "not-run")
        let parsed = try Tool.run("python3", ["-c", """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            failures = root.findall('.//failure')
            print(len(root.findall('.//testcase')), len(failures), len(root.findall('.//skipped')))
            print(failures[0].get('message'))
            """, junit.path])
        let lines = parsed.stdout.split(separator: "\n")
        #expect(lines.first == "14 1 0", "\(parsed.stdout) \(parsed.stderr)")
        #expect(lines.last?.hasPrefix("not run: no --sources given") == true)
    }

    @Test("Usage errors: a missing option, an origin that is not a directory, a --sources that does not exist (exit 64)")
    func usageErrors() throws {
        let missing = try CLI.run(["matrix", "--origin", "/tmp"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--bundle"))
        let published = try PublishedOrigin.shared()
        let notDirectory = try CLI.run([
            "matrix", "--bundle", CLI.testdata("catalog"), "--origin", "https://cdn.example.com/l10n", "--trust", published.publicKey,
        ])
        #expect(notDirectory.status == 64, "\(notDirectory.stderr)")
        #expect(notDirectory.stderr.contains("is not a directory"))
        let noSources = try matrix(published, ["--sources", "/nonexistent/sources"])
        #expect(noSources.status == 64)
        #expect(noSources.stderr.contains("--sources '/nonexistent/sources' does not exist"))
        let threshold = try matrix(published, ["--threshold", "2"])
        #expect(threshold.status == 64)
        #expect(threshold.stderr.contains("--threshold 2 needs at least 2 different --trust keys"))
        let version = try matrix(published, ["--app-version", "../1.0"])
        #expect(version.status == 64)
        #expect(version.stderr.contains("is not an app version"))
    }

    @Test("A candidate origin with no manifest: exit 1 naming the folder, no report written")
    func unreadableCandidate() throws {
        let published = try PublishedOrigin.shared()
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-origin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try CLI.run([
            "matrix", "--bundle", CLI.testdata("catalog"), "--origin", empty.path, "--trust", published.publicKey,
            "--html", empty.appendingPathComponent("m.html").path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no <app-version>/manifest.json"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent("m.html").path))
    }
}

/// Runs a helper program (python3, chromium) with a deadline.
enum Tool {
    static func run(_ path: String, _ arguments: [String], timeout: Duration = .seconds(30)) throws -> CLIResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path.contains("/") ? path : "/usr/bin/env")  // a name: on PATH
        process.arguments = (path.contains("/") ? [] : [path]) + arguments
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout.components.seconds * 1000)), execute: timer)
        defer { timer.cancel() }
        return CLI.collect(process, stdout: outPipe, stderr: errPipe)
    }
}
