import Foundation
import OverlayTestSupport
import Testing

/// `source-hash`, `resolve --bundle` and `inspect --bundle` given what Xcode built from testdata/catalog instead of the
/// catalog: the same answers, so CI can check the build artifact it is about to ship.
@Suite("overlay on a built .app", .serialized)
struct BuiltProductCommandTests {
    /// testdata/catalog as Xcode builds it: App's strings in Notes.app itself, Checkout a framework, Account a
    /// package's resource bundle, Onboarding an app extension.
    static let built: Result<URL, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-built-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try XcodeLayout.build(
            catalog: CLI.repositoryRoot.appendingPathComponent("testdata/catalog"), main: "App", into: directory,
            placements: ["Checkout": .framework, "Account": .resourceBundle(package: "NotesKit"), "Onboarding": .appExtension])
    }

    static func app() throws -> String { try built.get().path }

    @Test("source-hash prints the catalog's hash", arguments: [[], ["--lines"], ["--json"], ["--json", "--lines"]])
    func sourceHash(_ options: [String]) throws {
        let fromApp = try CLI.run(["source-hash", try Self.app()] + options)
        let fromCatalog = try CLI.run(["source-hash", CLI.testdata("catalog")] + options)
        #expect(fromApp.status == 0, "\(fromApp.stderr)")
        #expect(fromApp.stderr.isEmpty)
        #expect(fromApp.stdout == fromCatalog.stdout)
        #expect(fromApp.stdout.contains("sha256:"))
    }

    @Test("resolve --bundle App.app renders as from the catalog", arguments: ResolveCommandTests.cases)
    func resolve(_ test: ResolveCommandTests.Case) throws {
        let result = try CLI.run(["resolve"] + test.arguments + ["--bundle", try Self.app()])
        #expect(result.stdout == test.stdout + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    /// Each module's bundle kind answers through the CLI, with the same layer and chain as the catalog gives.
    @Test("resolve --json agrees for every kind of bundle", arguments: [
        ["onboarding.notes.count", "--module", "Onboarding", "--locale", "pl", "--count", "5"],
        ["account.greeting", "--module", "Account", "--locale", "de", "--sub", "name=Ana"],
        ["error.password.tooShort", "--module", "Account", "--table", "Errors", "--locale", "ru", "--arg", "8"],
        ["cart.summary", "--module", "Checkout", "--locale", "ar", "--count", "11"],
        ["settings.notifications.title", "--module", "App", "--locale", "fr-CA"],
    ])
    func resolveJSON(_ arguments: [String]) throws {
        let fromApp = try CLI.run(["resolve"] + arguments + ["--bundle", try Self.app(), "--json"])
        let fromCatalog = try CLI.run(["resolve"] + arguments + ["--bundle", CLI.testdata("catalog"), "--json"])
        #expect(fromApp.status == 0, "\(fromApp.stderr)")
        #expect(fromApp.stdout == fromCatalog.stdout)
    }

    /// A store synced for the catalog binds to its build: the overlay (the typo fix of revision 2) shows.
    @Test func aStoreSyncedForTheSourcesServesTheBuiltApp() throws {
        let fixture = try InspectCommandTests.fixture()
        let app = try Self.app()
        let resolved = try CLI.run([
            "resolve", "settings.notifications.title", "--module", "App", "--locale", "en", "--bundle", app,
            "--store", fixture.store, "--json",
        ])
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout.contains("\"value\": \"Notifications\""))
        #expect(resolved.stdout.contains("\"layer\": \"overlay\""))
        let explain = ["--explain", "settings.notifications.title", "--module", "App", "--locale", "en"]
        let fromApp = try CLI.run(["inspect", fixture.store, "--bundle", app] + explain)
        let fromCatalog = try CLI.run(["inspect", fixture.store, "--bundle", CLI.testdata("catalog")] + explain)
        #expect(fromApp.status == 0)
        #expect(fromApp.stdout == fromCatalog.stdout)
        let inspected = try CLI.run(["inspect", fixture.store, "--bundle", app])
        let inspectedFromCatalog = try CLI.run(["inspect", fixture.store, "--bundle", CLI.testdata("catalog")])
        #expect(inspected.status == inspectedFromCatalog.status)
        // The same report, but for ages ("4s old") that move between the two runs.
        func timeless(_ text: String) -> String {
            text.replacingOccurrences(of: #"\d+[smhd] (old|ago)"#, with: "_ $1", options: .regularExpression)
        }
        #expect(timeless(inspected.stdout) == timeless(inspectedFromCatalog.stdout))
        #expect(inspected.stdout.contains("binding    matches --bundle"))
        #expect(!inspected.stdout.contains("does not match"))
    }

    @Test func aBrokenTableInTheAppIsNamedWithItsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("Broken.app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data("bplist00 not really".utf8).write(to: app.appendingPathComponent("en.lproj/Localizable.strings"))
        let result = try CLI.run(["source-hash", app.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(app.path)/en.lproj/Localizable.strings: error: "))
    }

    @Test("help says a built .app is accepted, with an example", arguments: ["source-hash", "resolve", "inspect"])
    func help(_ command: String) throws {
        let help = try CLI.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains(".app"))
        #expect(help.stdout.contains("overlay \(command) ") && help.stdout.contains("Notes.app"))
    }
}
