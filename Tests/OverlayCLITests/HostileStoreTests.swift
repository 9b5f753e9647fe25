import Foundation
import OverlayCore
import Testing

/// Hostile and damaged store directories against the real binary (issue 9): `sync` never takes over a directory it
/// did not create, `disable` works on a damaged store and never follows a link out, `resolve` answers as the app
/// would with a note that says what is wrong.
@Suite struct HostileStoreTests {
    /// A workspace with revision 1 of the test catalog published to its origin.
    static func published() throws -> HostileWorkspace {
        let workspace = try HostileWorkspace()
        let publish = try CLI.run(workspace.expand(["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "$OUT"]))
        guard publish.status == 0 else { throw POSIXError(.EIO) }
        return workspace
    }

    static func sync(_ workspace: HostileWorkspace, store: String? = nil, extra: [String] = []) throws -> CLIResult {
        try CLI.run(workspace.expand(["sync", "--origin", "$OUT", "--app-version", "1.0", "--bundle", "$CATALOG",
                                      "--store", store ?? "$STORE", "--trust", "$TRUST"] + extra))
    }

    static func resolve(_ workspace: HostileWorkspace, store: String? = nil) throws -> CLIResult {
        try CLI.run(workspace.expand(["resolve", "settings.notifications.title", "--module", "App", "--locale", "en",
                                      "--bundle", "$CATALOG", "--store", store ?? "$STORE"]))
    }

    static func contents(_ path: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for relative in (FileManager.default.subpaths(atPath: path) ?? []) {
            result[relative] = FileManager.default.contents(atPath: path + "/" + relative) ?? Data("<dir>".utf8)
        }
        return result
    }

    @Test func syncRefusesADirectoryItDidNotCreateAndTouchesNothing() throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        let foreign = workspace.path("home")
        try FileManager.default.createDirectory(atPath: foreign + "/tmp", withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: foreign + "/tmp/draft.txt"))
        try Data("{\"mine\":true}".utf8).write(to: URL(fileURLWithPath: foreign + "/state.json"))
        let before = Self.contents(foreign)
        let result = try Self.sync(workspace, store: foreign)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(foreign) is not empty"), "\(result.stderr)")
        #expect(result.stderr.contains("Overlay did not create"))
        #expect(Self.contents(foreign) == before)
    }

    /// `--trust` names no file: a binary that lost the refusal of `/` fails on the key before it opens any store, so
    /// this test can never empty /tmp (what `sync --store /` once did).
    @Test("--store / is a usage error for sync and disable", arguments: ["/", "//", "/tmp/.."])
    func rootIsAUsageError(_ root: String) throws {
        try #require(!FileManager.default.fileExists(atPath: "/store.json"), "a store marker at / would make disable act there")
        let sync = try CLI.run(["sync", "--origin", "/nonexistent-origin", "--app-version", "1.0", "--bundle", CLI.testdata("catalog"),
                                "--store", root, "--trust", "/nonexistent-key.pem"])
        #expect(sync.status == 64, "\(sync.stderr)")
        #expect(sync.stderr.contains("--store '\(root)' is the root directory"), "\(sync.stderr)")
        let disable = try CLI.run(["disable", "--store", root])
        #expect(disable.status == 64, "\(disable.stderr)")
        #expect(disable.stderr.contains("is the root directory"))
        #expect(!FileManager.default.fileExists(atPath: "/store.json"))
        #expect(!FileManager.default.fileExists(atPath: "/LOCK"))
    }

    @Test("disable deletes a damaged store whole, never following a link out",
          arguments: ["LOCK:directory", "tmp:file", "tmp:link", "modules:file", "modules:link", "store.json:keep"])
    func disableOnADamagedStore(_ damage: String) throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        #expect(try Self.sync(workspace).status == 0)
        let outside = workspace.path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/file.txt"))
        let parts = damage.split(separator: ":").map(String.init)
        let target = workspace.store + "/" + parts[0]
        if parts[1] != "keep" {
            try FileManager.default.removeItem(atPath: target)
            switch parts[1] {
            case "directory": try FileManager.default.createDirectory(atPath: target + "/x", withIntermediateDirectories: true)
            case "file": try Data("x".utf8).write(to: URL(fileURLWithPath: target))
            default: try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: outside)
            }
        }
        let disable = try CLI.run(["disable", "--store", workspace.store])
        #expect(disable.status == 0, "\(disable.stderr)")
        #expect(disable.stdout.contains("deleted the store at"))
        #expect(!FileManager.default.fileExists(atPath: workspace.store))
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside + "/file.txt")) == Data("keep".utf8))
        let resolved = try Self.resolve(workspace)
        #expect(resolved.status == 0)
        #expect(resolved.stdout == "Notifcations\n")
    }

    @Test("disable refuses, untouched: a store path that is a link, a store.json that is not Overlay's marker",
          arguments: ["link", "store.json:directory", "store.json:garbage", "store.json:empty"])
    func disableRefuses(_ case: String) throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        #expect(try Self.sync(workspace).status == 0)
        var path = workspace.store
        if `case` == "link" {
            path = workspace.path("link")
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: workspace.store)
        } else {
            let marker = workspace.store + "/store.json"
            try FileManager.default.removeItem(atPath: marker)
            switch `case` {
            case "store.json:directory": try FileManager.default.createDirectory(atPath: marker, withIntermediateDirectories: false)
            case "store.json:garbage": try Data("{\"format_version\":\"1\"}".utf8).write(to: URL(fileURLWithPath: marker))
            default: try Data().write(to: URL(fileURLWithPath: marker))
            }
        }
        let before = Self.contents(workspace.store)
        let disable = try CLI.run(["disable", "--store", path])
        #expect(disable.status == 1)
        #expect(disable.stderr.contains(`case` == "link" ? "is a symbolic link" : "not a store marker Overlay wrote"), "\(disable.stderr)")
        #expect(!disable.stderr.contains("newer"))
        #expect(Self.contents(workspace.store) == before)
        // Whatever is left, the app shows its shipped strings for a store it cannot vouch for.
        if `case` != "link" {
            let resolved = try Self.resolve(workspace)
            #expect(resolved.status == 0)
            #expect(resolved.stdout == "Notifcations\n")
            #expect(resolved.stderr.contains("not a store marker Overlay wrote"), "\(resolved.stderr)")
            #expect(!resolved.stderr.contains("newer"))
        }
    }

    @Test("resolve --store answers with the shipped string and a note when there is nothing to serve",
          arguments: ["missing", "after disable", "no state", "corrupt state"])
    func resolveWithoutAnOverlay(_ case: String) throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        switch `case` {
        case "missing": break
        case "after disable":
            #expect(try Self.sync(workspace).status == 0)
            #expect(try CLI.run(["disable", "--store", workspace.store]).status == 0)
        case "no state":
            // An origin with nothing for this app version: the store is created, nothing is applied.
            let empty = workspace.path("empty-origin")
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let sync = try CLI.run(workspace.expand(["sync", "--origin", empty, "--app-version", "1.0", "--bundle", "$CATALOG",
                                                     "--store", "$STORE", "--trust", "$TRUST"]))
            #expect(sync.stdout.hasPrefix("not-published"), "\(sync.stdout) \(sync.stderr)")
        default:
            #expect(try Self.sync(workspace).status == 0)
            try Data("{\"format_version\":1,".utf8).write(to: URL(fileURLWithPath: workspace.store + "/state.json"))
        }
        let resolved = try Self.resolve(workspace)
        #expect(resolved.status == 0, "\(resolved.stderr)")
        #expect(resolved.stdout == "Notifcations\n")
        let lines = resolved.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(resolved.stderr)")
        #expect(resolved.stderr.hasPrefix("\(workspace.store): note: "), "\(resolved.stderr)")
        #expect(resolved.stderr.contains("showing the shipped strings"))
        if `case` == "corrupt state" {
            #expect(!resolved.stderr.contains("no state yet"), "\(resolved.stderr)")
            #expect(resolved.stderr.contains("state.json does not decode"), "\(resolved.stderr)")
        }
    }

    @Test func aLockSymlinkIsNamedNotReportedAsADeletedStore() throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        #expect(try Self.sync(workspace).status == 0)
        try FileManager.default.removeItem(atPath: workspace.store + "/LOCK")
        try FileManager.default.createSymbolicLink(atPath: workspace.store + "/LOCK", withDestinationPath: workspace.path("elsewhere"))
        let sync = try Self.sync(workspace)
        #expect(sync.status == 1)
        let text = sync.stdout + sync.stderr
        #expect(!text.contains("was deleted"), "\(text)")
        #expect(text.contains("LOCK is a symbolic link"), "\(text)")
        #expect(text.contains("overlay disable"))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("elsewhere")))
        // The kill switch resets it.
        #expect(try CLI.run(["disable", "--store", workspace.store]).status == 0)
        #expect(try Self.sync(workspace).status == 0)
    }

    @Test func aModuleFailingOnSizeIsNamedWithItsReason() throws {
        let workspace = try Self.published()
        defer { workspace.remove() }
        let archives = try FileManager.default.contentsOfDirectory(atPath: workspace.origin + "/1.0/modules")
        let app = try #require(archives.first { $0.hasPrefix("App-") })
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: workspace.origin + "/1.0/modules/" + app))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(count: 4096))
        try handle.close()
        let sync = try Self.sync(workspace)
        #expect(sync.status == 1)
        #expect(sync.stderr.contains("error: module App could not be fetched or stored"), "\(sync.stderr)")
        #expect(sync.stderr.contains("bytes"), "\(sync.stderr)")
        #expect(sync.stdout.contains("1 failed"))
    }

    @Test func findingsOnValuesTheBuildAlreadyShipsAreACountNotErrors() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        // A German value with a gap (argument 1 unused) that the build ships as it is.
        let catalog = workspace.path("catalog")
        for (locale, text) in [("en", "\"cart.title\" = \"%1$@ > %2$@\";\n"), ("de", "\"cart.title\" = \"1$@ > %2$@\";\n")] {
            let directory = catalog + "/Shop/\(locale).lproj"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/Localizable.strings"))
        }
        let publish = try CLI.run(workspace.expand(["publish", catalog, "--bundle", catalog, "--app-version", "1.0", "--key", "$KEY", "--out", "$OUT"]))
        #expect(publish.status == 0, "\(publish.stderr)")
        let sync = try CLI.run(workspace.expand(["sync", "--origin", "$OUT", "--app-version", "1.0", "--bundle", catalog,
                                                 "--store", "$STORE", "--trust", "$TRUST"]))
        #expect(sync.status == 0, "\(sync.stderr)")
        #expect(sync.stdout.hasPrefix("applied revision 1: 1 activated"), "\(sync.stdout)")
        #expect(!sync.stdout.contains("[rejected"), "\(sync.stdout)")
        #expect(!sync.stderr.contains("error:"), "\(sync.stderr)")
        #expect(sync.stderr.contains("on values the build already ships (not blocking"), "\(sync.stderr)")
    }
}
