import Foundation
import Testing

/// Hostile file systems against the real binary: symbolic links out of a catalog, FIFOs and directories where files
/// belong, sparse 2 GB inputs, paths the process cannot write, control characters in keys (issue 9).
@Suite struct HostileFileSystemTests {
    /// A small catalog: `App` in en and fr, plus whatever `extra` adds (path → contents).
    static func catalog(in workspace: HostileWorkspace, extra: [String: String] = [:]) throws -> String {
        let root = workspace.path("catalog")
        var files = [
            "App/en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
            "App/fr.lproj/Localizable.strings": "\"title\" = \"Titre\";\n",
        ]
        files.merge(extra) { $1 }
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        return root
    }

    /// A symlink to /etc/passwd used to be published, and its first line shown in a diagnostic.
    @Test func aSymlinkOutOfTheCatalogIsRefusedAndNeverRead() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let catalog = try Self.catalog(in: workspace)
        try FileManager.default.createSymbolicLink(atPath: catalog + "/App/fr.lproj/Passwd.strings", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: catalog + "/Linked", withDestinationPath: workspace.catalog + "/Checkout")
        let firstLine = try String(contentsOfFile: "/etc/passwd", encoding: .utf8).split(separator: "\n").first.map(String.init) ?? "root:"

        // Grouped, no line may start with the injected text either; with --all every line is one diagnostic.
        let grouped = try CLI.spawn(["check", catalog])
        #expect(!grouped.stderr.contains(0x1B))
        #expect(!grouped.stderrText.split(separator: "\n").contains { $0.hasPrefix("FAKE") })
        let check = try CLI.spawn(["check", catalog, "--all"])
        #expect(check.status == 1)
        #expect(check.stderrText.contains("catalog/App/fr.lproj/Passwd.strings: error: this is a symbolic link"), "\(check.stderrText)")
        #expect(check.stderrText.contains("catalog/Linked: error: this is a symbolic link"))
        #expect(!check.stderrText.contains(firstLine))
        #expect(check.stdoutText.contains("checked 1 modules"))

        let publish = try CLI.spawn(["publish", catalog, "--app-version", "1.0", "--key", workspace.key, "--out", workspace.origin])
        #expect(publish.status == 1)
        #expect(publish.stderrText.contains("[catalog.symlink]"))
        #expect(!publish.stderrText.contains(firstLine))
        #expect(!FileManager.default.fileExists(atPath: workspace.origin))
    }

    @Test("a FIFO or a directory where a table belongs is refused without blocking", arguments: ["fifo", "directory"])
    func notARegularFile(_ kind: String) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let catalog = try Self.catalog(in: workspace)
        let path = catalog + "/App/fr.lproj/Errors.strings"
        if kind == "fifo" {
            #expect(mkfifo(path, 0o644) == 0)
        } else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let result = try CLI.spawn(["check", catalog], timeout: .seconds(20))
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderrText.contains("App/fr.lproj/Errors.strings: error: this is \(kind == "fifo" ? "a FIFO" : "a directory")"), "\(result.stderrText)")
    }

    /// A FIFO as manifest.json used to hang `sync` past its --timeout (opening it waits for a writer).
    @Test func aFIFOManifestInADirectoryOriginIsRefusedAtOnce() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(atPath: workspace.origin + "/1.0", withIntermediateDirectories: true)
        #expect(mkfifo(workspace.origin + "/1.0/manifest.json", 0o644) == 0)
        let sync = try CLI.spawn(
            ["sync", "--origin", workspace.origin, "--app-version", "1.0", "--bundle", workspace.catalog, "--store", workspace.store,
             "--trust", workspace.trust, "--timeout", "2s", "--json"], timeout: .seconds(30))
        #expect(!sync.timedOut)
        #expect(sync.elapsed < .seconds(20))
        #expect(sync.status == 1)
        #expect(sync.stdoutText.contains("FIFO"), "\(sync.stdoutText)")

        let validate = try CLI.spawn(["validate", workspace.origin, "--bundle", workspace.catalog, "--trust", workspace.trust], timeout: .seconds(30))
        #expect(!validate.timedOut)
        #expect(validate.status == 1)
        #expect(validate.stderrText.contains("FIFO"), "\(validate.stderrText)")
    }

    /// `validate` of a 2 GB file used to reach 2.1 GB RSS before reporting the cap.
    @Test("a 2 GB artifact is refused from its size with a small RSS", arguments: [
        ("big.zip", "16777216-byte cap"), ("big.json", "8388608-byte cap"), ("1.0/manifest.json", "1048576-byte cap"),
    ])
    func hugeArtifacts(_ name: String, _ cap: String) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let path = workspace.path("artifacts/" + name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 2 << 30) == 0)
        let result = try CLI.spawn(["validate", path, "--bundle", workspace.catalog, "--trust", workspace.trust, "--json"])
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stdoutText.contains("is \(2 << 30) bytes, over the \(cap)"), "\(result.stdoutText)")
        // A debug `overlay` with the catalog loaded stays well under 200 MB; reading the file would need 2 GB.
        #expect(result.maxResidentKilobytes < 200_000, "peak RSS \(result.maxResidentKilobytes) KB")
    }

    @Test("key files must be regular files", arguments: ["directory", "fifo"])
    func keyFiles(_ kind: String) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let path = workspace.path("key.pem")
        if kind == "fifo" {
            #expect(mkfifo(path, 0o600) == 0)
        } else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let result = try CLI.spawn(
            ["publish", workspace.catalog, "--app-version", "1.0", "--key", path, "--out", workspace.origin], timeout: .seconds(20))
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderrText.contains("\(path): the private key file is \(kind == "fifo" ? "a FIFO" : "a directory")"), "\(result.stderrText)")
    }

    /// A path the process cannot create (even as root: /proc refuses new entries) is a message, not a trap.
    @Test("an --out the process cannot create is named", arguments: [
        ["keygen", "--out", "/proc/overlay-hostile/keys"],
        ["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "/proc/overlay-hostile/origin"],
    ])
    func unwritableOut(_ arguments: [String]) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let result = try CLI.spawn(workspace.expand(arguments))
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stderrText.contains("/proc/overlay-hostile"), "\(result.stderrText)")
        #expect(result.stderrText.contains("mkdir failed"), "\(result.stderrText)")
    }

    /// Keys with control characters are echoed escaped, one line each; `--json` keeps the exact key.
    @Test func controlCharactersInKeysAreEscapedOnTheTerminal() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let evil = "evil\u{1B}[2J\nFAKE: error: injected\u{202E}"
        let catalog = try Self.catalog(in: workspace, extra: [
            "App/fr.lproj/Localizable.strings": "\"title\" = \"Titre\";\n\"\(evil)\" = \"x\";\n",
        ])
        // Grouped, no line may start with the injected text either; with --all every line is one diagnostic.
        let grouped = try CLI.spawn(["check", catalog])
        #expect(!grouped.stderr.contains(0x1B))
        #expect(!grouped.stderrText.split(separator: "\n").contains { $0.hasPrefix("FAKE") })
        let check = try CLI.spawn(["check", catalog, "--all"])
        #expect(check.status == 0 || check.status == 1)
        #expect(!check.stderr.contains(0x1B))
        #expect(!check.stderrText.contains("\u{202E}"))
        #expect(check.stderrText.contains("evil\\u{1B}[2J\\nFAKE: error: injected\\u{202E}"), "\(check.stderrText)")
        let lines = check.stderrText.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("FAKE") })
        #expect(lines.allSatisfy { $0.hasPrefix(catalog) }, "\(lines)")

        let publish = try CLI.spawn(["publish", catalog, "--app-version", "1.0", "--key", workspace.key, "--out", workspace.origin])
        #expect(publish.status == 1)
        #expect(publish.stderrText.contains("[key.control-character]"))
        #expect(!publish.stderr.contains(0x1B))
        #expect(!publish.stderrText.split(separator: "\n").contains { $0.hasPrefix("FAKE") })

        let json = try CLI.spawn(["check", catalog, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let keys = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(keys.contains(evil))
    }
}
