import Foundation
import OverlayCore
import Testing

/// A store synced from a real (directory) origin three times: revision 1 before `launched`, the typo fix
/// (revision 2) after it, then a manifest published from another catalog that the client rejects every cycle.
struct TriageFixture: Sendable {
    let root: URL
    let environment: [String: String]

    static let shared: Result<TriageFixture, any Error> = Result { try TriageFixture() }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("triage-\(UUID().uuidString)")
        let catalog = root.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("testdata/catalog"), to: catalog)
        let bundle = CLI.testdata("catalog")
        let keys = root.appendingPathComponent("keys").path
        let origin = root.appendingPathComponent("origin").path
        let store = root.appendingPathComponent("store").path
        let trust = "\(keys)/overlay-signing-key.pub.pem"
        func must(_ arguments: [String]) throws {
            let result = try CLI.run(arguments)
            guard result.status == 0 else { throw FixtureError(text: "\(arguments): \(result.stderr)") }
        }
        let publish = ["publish", catalog.path, "--app-version", "1.0", "--key", "\(keys)/overlay-signing-key.pem", "--out", origin]
        let sync = ["sync", "--origin", origin, "--app-version", "1.0", "--bundle", bundle, "--store", store, "--trust", trust]
        try must(["keygen", "--out", keys])
        try must(publish)
        try must(sync)
        Thread.sleep(forTimeInterval: 1.1)
        let launched = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        Thread.sleep(forTimeInterval: 1.1)
        let strings = catalog.appendingPathComponent("App/en.lproj/Localizable.strings")
        try String(contentsOf: strings, encoding: .utf8).replacingOccurrences(of: "Notifcations", with: "Notifications")
            .write(to: strings, atomically: true, encoding: .utf8)
        try must(publish)
        try must(sync)
        // A new build's catalog (a placeholder changed: another source hash) published under the same app version.
        let onboarding = catalog.appendingPathComponent("Onboarding/Localizable.xcstrings")
        try String(contentsOf: onboarding, encoding: .utf8).replacingOccurrences(of: "%@", with: "%d")
            .write(to: onboarding, atomically: true, encoding: .utf8)
        try must(publish)
        try must(sync)
        try must(sync)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        environment = [
            "STORE": store, "BUNDLE": bundle, "NEW_BUNDLE": catalog.path, "ORIGIN": origin, "TRUST": trust,
            "LAUNCHED": formatter.string(from: launched),
            "PATH": CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
    }

    struct FixtureError: Error { var text: String }

    var store: String { environment["STORE"]! }
}

/// One ```sh block of docs/TRIAGE.md and the `<!-- test: exit N, output contains "…" -->` line before it.
struct TriageRecipe: Sendable, CustomTestStringConvertible {
    var command: String
    var exit: Int32
    var contains: String
    var testDescription: String { command }

    static func all() -> [TriageRecipe] {
        let text = (try? String(contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/TRIAGE.md"), encoding: .utf8)) ?? ""
        var recipes: [TriageRecipe] = []
        var expectation: (Int32, String)?
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var lines = block {
                if line == "```" {
                    if let (exit, contains) = expectation {
                        recipes.append(TriageRecipe(command: lines.joined(separator: "\n"), exit: exit, contains: contains))
                    } else {
                        recipes.append(TriageRecipe(command: lines.joined(separator: "\n"), exit: -1, contains: "no test comment"))
                    }
                    block = nil
                    expectation = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line == "```sh" {
                block = []
            } else if line.hasPrefix("<!-- test: exit "), let exit = Int32(line.dropFirst(16).prefix { $0.isNumber }),
                      let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close {
                expectation = (exit, String(line[line.index(after: open)..<close]))
            }
        }
        return recipes
    }
}

@Suite("overlay inspect: the command and docs/TRIAGE.md", .serialized)
struct InspectCommandTests {
    static func fixture() throws -> TriageFixture { try TriageFixture.shared.get() }

    @Test("every TRIAGE.md recipe runs as documented and writes nothing", arguments: TriageRecipe.all())
    func triageRecipe(_ recipe: TriageRecipe) throws {
        let fixture = try Self.fixture()
        let before = try fingerprint(fixture.store)
        let result = try shell(recipe.command, environment: fixture.environment)
        #expect(result.status == recipe.exit, "\(recipe.command)\n\(result.stdout)\n\(result.stderr)")
        #expect((result.stdout + result.stderr).contains(recipe.contains), "\(result.stdout)\n\(result.stderr)")
        #expect(try fingerprint(fixture.store) == before)
    }

    @Test func triageHasARecipeForEachIncident() {
        let recipes = TriageRecipe.all()
        #expect(recipes.count >= 6)
        #expect(recipes.allSatisfy { $0.exit >= 0 })
        #expect(recipes.contains { $0.command.contains("--explain") })
    }

    @Test func jsonFollowsTheSchemasMembers() throws {
        let fixture = try Self.fixture()
        let result = try CLI.run(["inspect", fixture.store, "--bundle", CLI.testdata("catalog"), "--verify", "--json",
                                  "--origin", fixture.environment["ORIGIN"]!, "--explain", "cart.title", "--module", "Checkout",
                                  "--locale", "fr"])
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let schemaURL = CLI.repositoryRoot.appendingPathComponent("schemas/inspect-report.v1.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(report.keys) == Set(properties.keys))
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        let revision = Set((definitions["revision"]?["properties"] as? [String: Any])?.keys ?? [:].keys)
        let modules = try #require(report["modules"] as? [[String: Any]])
        #expect(modules.map { $0["name"] as? String } == ["Account", "App", "Checkout", "Onboarding"])
        for module in modules {
            let active = try #require(module["active"] as? [String: Any])
            #expect(Set(active.keys) == revision)
            #expect(active["digest"] as? String == "ok")
        }
        let explanation = try #require(report["explanation"] as? [String: Any])
        #expect(Set(explanation.keys) == Set((definitions["explanation"]?["properties"] as? [String: Any])?.keys ?? [:].keys))
        #expect(explanation["reason"] as? String == "overlay")
        let origin = try #require(report["origin"] as? [String: Any])
        #expect(origin["status"] as? String == "rejected")
        let journal = try #require(report["journal"] as? [[String: Any]])
        #expect(journal.map { $0["outcome"] as? String } == ["applied", "applied", "rejected", "rejected"])
    }

    @Test func explainWithoutALaunchTimeSaysWhenTheRevisionArrived() throws {
        let fixture = try Self.fixture()
        let result = try CLI.run(["inspect", fixture.store, "--explain", "settings.notifications.title", "--module", "App",
                                  "--locale", "en", "--bundle", CLI.testdata("catalog")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("answered by overlay en revision 2: \"Notifications\""))
        #expect(result.stdout.contains("an app launched before then still shows revision 1 until its next launch"))
        let miss = try CLI.run(["inspect", fixture.store, "--explain", "no.such.key", "--module", "App", "--locale", "en",
                                "--bundle", CLI.testdata("catalog"), "--dev"])
        #expect(miss.status == 1)
        #expect(miss.stdout.contains("⟦App/Localizable:no.such.key⟧"))
        #expect(miss.stdout.contains("because: "))
    }

    @Test func resolveTraceAndInspectExplainGiveOneExplanation() throws {
        let fixture = try Self.fixture()
        let key = ["cart.empty", "--module", "Checkout", "--locale", "fr-CA", "--bundle", CLI.testdata("catalog")]
        let trace = try CLI.run(["resolve"] + key + ["--store", fixture.store, "--trace"])
        let explain = try CLI.run(["inspect", fixture.store, "--explain"] + key)
        let traced = trace.stderr.split(separator: "\n").filter { $0.hasPrefix("trace: ") && !$0.contains("store revision") }
            .map { $0.dropFirst("trace: ".count) }
        let explained = explain.stdout.split(separator: "\n").filter { !$0.hasPrefix("note: ") }
        #expect(!traced.isEmpty)
        #expect(traced.map(String.init) == explained.map(String.init))
        #expect(explained.last?.hasPrefix("because: Shows ") == true)
    }

    @Test func aWriterInAnotherProcessIsNamed() throws {
        let fixture = try Self.fixture()
        let holder = Process()
        // The process that takes the lock holds it itself (flock(1) would leave it to its child).
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")  // the tool found on PATH (Homebrew on a Mac)
        holder.arguments = ["python3"] + ["-c", "import fcntl, sys, time\nf = open(sys.argv[1])\nfcntl.flock(f, fcntl.LOCK_EX)\ntime.sleep(30)",
                            fixture.store + "/LOCK"]
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        var result = try CLI.run(["inspect", fixture.store])
        for _ in 0..<50 where !result.stdout.contains("held") {  // until flock has taken it
            Thread.sleep(forTimeInterval: 0.1)
            result = try CLI.run(["inspect", fixture.store])
        }
        #expect(result.stdout.contains("lock       held by another process (pid \(holder.processIdentifier)): a sync is writing"))
        #expect(result.stderr.contains("[store.locked]"))
    }

    @Test func usageErrorsExit64() throws {
        #expect(try CLI.run(["inspect"]).status == 64)
        #expect(try CLI.run(["inspect", "/tmp", "--module", "App"]).status == 64)
        #expect(try CLI.run(["inspect", "/tmp", "--explain", "k", "--module", "App", "--locale", "en"]).status == 64)
        let badTime = try CLI.run(["inspect", "/tmp", "--launched-at", "yesterday"])
        #expect(badTime.status == 64)
        #expect(badTime.stderr.contains("RFC 3339"))
    }

    @Test func noStoreExitsOne() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-store-\(UUID().uuidString)").path
        let result = try CLI.run(["inspect", missing])
        #expect(result.status == 1)
        #expect(result.stdout.contains("state      no store"))
        #expect(result.stderr.contains("[store.absent]"))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func helpTeaches() throws {
        let help = try CLI.run(["inspect", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Never writes"))
        #expect(help.stdout.contains("Exit status: 0 healthy"))
        #expect(try CLI.run(["--help"]).stdout.contains("  inspect "))
    }

    @Test func controlCharactersInNamesAreEscaped() throws {
        let fixture = try Self.fixture()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("inspect-escape-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(atPath: fixture.store, toPath: copy.path)
        try FileManager.default.createDirectory(atPath: copy.path + "/modules/Evil\u{1B}[2J", withIntermediateDirectories: false)
        let result = try CLI.run(["inspect", copy.path, "--verify"])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"))
        #expect(result.stdout.contains("Evil"))
    }
}

/// Every path under `root` with kind, mode, size, mtime and (regular files) content hash, without following links.
func fingerprint(_ root: String) throws -> [String] {
    var lines: [String] = []
    func visit(_ path: String, _ relative: String) {
        guard let info = (try? LibC.status(path)) ?? nil else { return }
        var line = "\(relative) \(String(info.mode, radix: 8)) \(info.size) \(info.modified.seconds).\(info.modified.nanoseconds)"
        if info.kind == .regular, let data = FileManager.default.contents(atPath: path) {
            line += " " + SHA256.hash(data).hex
        }
        lines.append(line)
        if info.kind == .directory {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                visit("\(path)/\(name)", "\(relative)/\(name)")
            }
        }
    }
    visit(root, ".")
    return lines
}

/// Runs `command` with `/bin/sh -c` (as a reader of TRIAGE.md would), `environment` added to the test's own.
func shell(_ command: String, environment: [String: String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("triage-out-\(UUID().uuidString)")
    let err = FileManager.default.temporaryDirectory.appendingPathComponent("triage-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus,
                     stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
                     stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self))
}
