import Foundation
import Testing

/// A scratch directory with a key pair, a copy-free catalog path and an origin path, for hostile command lines.
struct HostileWorkspace {
    let root: URL
    var key: String { root.appendingPathComponent("keys/overlay-signing-key.pem").path }
    var trust: String { root.appendingPathComponent("keys/overlay-signing-key.pub.pem").path }
    var origin: String { root.appendingPathComponent("origin").path }
    var store: String { root.appendingPathComponent("store").path }
    var catalog: String { CLI.testdata("catalog") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let keygen = try CLI.run(["keygen", "--out", root.appendingPathComponent("keys").path])
        guard keygen.status == 0 else { throw POSIXError(.EIO) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// `$KEY`, `$TRUST`, `$CATALOG`, `$OUT`, `$STORE`, `$ROOT` replaced by this workspace's paths.
    func expand(_ arguments: [String]) -> [String] {
        arguments.map { argument in
            argument.replacingOccurrences(of: "$KEY", with: key).replacingOccurrences(of: "$TRUST", with: trust)
                .replacingOccurrences(of: "$CATALOG", with: catalog).replacingOccurrences(of: "$OUT", with: origin)
                .replacingOccurrences(of: "$STORE", with: store).replacingOccurrences(of: "$ROOT", with: root.path)
        }
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// Hostile command lines against the real binary: huge, negative and malformed numbers and durations, empty values,
/// repeated options, options where values belong, bytes that are not UTF-8 (issue 9). Each must be a usage error
/// (exit 64) or a clear failure (exit 1), never a trap (132), never a hang, never a write outside `--out`.
@Suite struct HostileCommandLineTests {
    static let publish = ["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "$OUT"]
    static let sync = ["sync", "--origin", "$ROOT", "--app-version", "1.0", "--bundle", "$CATALOG", "--store", "$STORE", "--trust", "$TRUST"]
    static let validate = ["validate", "$ROOT", "--bundle", "$CATALOG", "--trust", "$TRUST"]
    static let resolve = ["resolve", "cart.items", "--module", "Checkout", "--locale", "ru", "--bundle", "$CATALOG"]

    static let outOfRangeCases: [[String]] = {
        var cases: [[String]] = []
        for revision in ["0", "-1", "9223372036854775807", "9007199254740992", "99999999999999999999999", "1e3", "0x10",
                         " 5", "+5", "5.0", "٣", "1_000"] {
            cases.append(publish + ["--revision", revision])
        }
        for duration in ["99999999999999999999d", "91d", "0s", "59s", "-1d", "nand", "infd", "inf", "1e3s", "30", "d",
                         "30x", "1.5.5h", ".5h", "5.h", "30 d", String(repeating: "9", count: 40) + "d", "0x10s"] {
            cases.append(publish + ["--expires-in", duration])
        }
        for timeout in ["99999999999999999999d", "0s", "2d", "nans", "-5s"] { cases.append(sync + ["--timeout", timeout]) }
        for age in ["99999999999999999999d", "0s", "3651d"] {
            cases.append(sync + ["--max-age", age])
            cases.append(validate + ["--max-age", age])
        }
        for threshold in ["2", "0", "-1", "99999999999999999999", "1.5"] {
            cases.append(sync + ["--threshold", threshold])
            cases.append(validate + ["--threshold", threshold])
        }
        cases.append(resolve + ["--count", "99999999999999999999"])
        cases.append(resolve + ["--count", "21", "--width", "99999999999999999999"])
        return cases
    }()

    @Test("numbers and durations out of range are usage errors", arguments: outOfRangeCases)
    func outOfRange(_ arguments: [String]) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let result = try CLI.spawn(workspace.expand(arguments), timeout: .seconds(60))
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("error: "), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: workspace.origin))
        #expect(!FileManager.default.fileExists(atPath: workspace.store))
    }

    /// `--revision 9223372036854775807` then another publish used to trap (exit 132) on `+ 1`.
    @Test func theHighestRevisionThenAnotherPublishIsAMessage() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let top = try CLI.run(workspace.expand(Self.publish + ["--revision", "9007199254740991"]))
        #expect(top.status == 0, "\(top.stderr)")
        let next = try CLI.spawn(workspace.expand(Self.publish))
        #expect(next.status == 1)
        #expect(next.stderrText.contains("no later revision exists"))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: workspace.origin + "/1.0/manifest.json"))
        #expect(String(decoding: manifest, as: UTF8.self).contains("\"revision\" : 9007199254740991"))
    }

    @Test("empty values and arguments are refused", arguments: [
        ["publish", "$CATALOG", "--app-version=", "--key", "$KEY", "--out", "$OUT"],
        ["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", ""],
        ["publish", "$CATALOG", "--app-version", "1.0", "--key", "", "--out", "$OUT"],
        ["publish", "", "--app-version", "1.0", "--key", "$KEY", "--out", "$OUT"],
        ["check", ""],
        ["source-hash", ""],
        ["sync", "--origin", "$ROOT", "--app-version", "1.0", "--bundle", "$CATALOG", "--store", "", "--trust", "$TRUST"],
        ["sync", "--origin", "$ROOT", "--app-version", "1.0", "--bundle=", "--store", "$STORE", "--trust", "$TRUST"],
        ["keygen", "--out="],
        ["validate", "$ROOT", "--bundle", "$CATALOG", "--trust", ""],
    ])
    func emptyValues(_ arguments: [String]) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let result = try CLI.spawn(workspace.expand(arguments))
        #expect(result.status == 64, "\(arguments): \(result.stderrText)")
        #expect(result.stderrText.contains("empty"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: workspace.origin))
        #expect(!FileManager.default.fileExists(atPath: workspace.store))
    }

    @Test("repeated options and options where a value belongs are refused", arguments: [
        (publish + ["--out", "$ROOT/other"], "--out given more than once"),
        (publish + ["--app-version", "2.0"], "--app-version given more than once"),
        (["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "--json"], "not the option '--json'"),
        (["keygen", "--out", "--json"], "not the option '--json'"),
        (publish + ["--json=yes"], "--json takes no value"),
        (publish + ["-x"], "unknown option '-x'"),
    ])
    func repeatedOptions(_ arguments: [String], _ message: String) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let result = try CLI.spawn(workspace.expand(arguments))
        #expect(result.status == 64)
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: workspace.origin))
    }

    @Test("app versions that would leave the origin are refused by every command", arguments: [
        ["../escaped", "", ".", "/x", "1.0\nx", "-1"].flatMap { version in
            [publish.map { $0 == "1.0" ? version : $0 }, sync.map { $0 == "1.0" ? version : $0 },
             validate + ["--app-version", version]]
        },
    ].flatMap { $0 })
    func appVersions(_ arguments: [String]) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        let result = try CLI.spawn(workspace.expand(arguments))
        #expect(result.status == 64, "\(arguments): \(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("escaped")))
        #expect(!FileManager.default.fileExists(atPath: workspace.origin))
    }

    /// `st\xff` used to become `st\u{FFFD}`: another directory, silently.
    @Test func argumentsThatAreNotUTF8AreRefusedWithTheirBytes() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        // A real catalog under the name the repaired argument would have: it must not be the one checked.
        try FileManager.default.copyItem(atPath: workspace.catalog, toPath: workspace.path("st\u{FFFD}"))
        let path = Array(workspace.root.path.utf8) + Array("/st".utf8) + [0xFF]
        let check = try CLI.spawn([Array("check".utf8), path])
        #expect(check.status == 64)
        #expect(check.stderrText.contains("/st\\xFF' is not valid UTF-8"), "\(check.stderrText)")
        #expect(check.stdout.isEmpty)

        let publish = try CLI.spawn(
            workspace.expand(Self.publish.dropLast()).map { Array($0.utf8) } + [Array(workspace.origin.utf8) + [0xC3]])
        #expect(publish.status == 64)
        #expect(publish.stderrText.contains("\\xC3' is not valid UTF-8"))
        #expect(publish.stderrText.contains("USAGE: overlay publish"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root.path).sorted() == ["keys", "st\u{FFFD}"])

        let command = try CLI.spawn([[0x63, 0xFF]])
        #expect(command.status == 64)
        #expect(command.stderrText.contains("'c\\xFF' is not valid UTF-8"))
    }

    @Test func aThresholdAboveTheDistinctTrustedKeysIsAUsageError() throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        for arguments in [Self.sync + ["--threshold", "2"], Self.sync + ["--trust", "$TRUST", "--threshold", "2"]] {
            let result = try CLI.spawn(workspace.expand(arguments))
            #expect(result.status == 64)
            #expect(result.stderrText.contains("--threshold 2 needs at least 2 different --trust keys, and 1 was given"))
        }
    }

    @Test("an --out that is a file is named, not NSCocoaErrorDomain", arguments: [
        ["keygen", "--out", "$ROOT/file"], ["keygen", "--out", "$ROOT/file/sub"],
        ["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "$ROOT/file"],
        ["publish", "$CATALOG", "--app-version", "1.0", "--key", "$KEY", "--out", "$ROOT/file/sub"],
    ])
    func outIsAFile(_ arguments: [String]) throws {
        let workspace = try HostileWorkspace()
        defer { workspace.remove() }
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: workspace.path("file")))
        let result = try CLI.spawn(workspace.expand(arguments))
        #expect(result.status == 1)
        #expect(result.stderrText.contains("\(workspace.path("file")) is a regular file, not a directory"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("NSCocoaErrorDomain"))
        #expect(try String(contentsOfFile: workspace.path("file"), encoding: .utf8) == "not a directory")
    }

    @Test("--help states the ranges", arguments: [
        ("publish", ["1m to 90d", "2^53 - 1", "--first-publish", "--trust"]),
        ("sync", ["0.001s to 1d", "1m to 3650d", "1 to the number of --trust keys"]),
        ("validate", ["1m to 3650d", "1 to the number of distinct --trust keys"]),
    ])
    func helpStatesRanges(_ command: String, _ phrases: [String]) throws {
        let result = try CLI.run([command, "--help"])
        for phrase in phrases { #expect(result.stdout.contains(phrase), "\(command): \(phrase)") }
    }

    /// A control character in an option name is echoed escaped: the diagnostic stays one line.
    @Test func controlCharactersInArgumentsAreEscapedInDiagnostics() throws {
        let result = try CLI.spawn(["check", CLI.testdata("catalog"), "--\u{1B}[2J\nerror: fake"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains(0x1B))
        #expect(result.stderrText.contains("unknown option '--\\u{1B}[2J\\nerror: fake'"), "\(result.stderrText)")
        #expect(!result.stderrText.split(separator: "\n").contains { $0.hasPrefix("error: fake") })
    }
}
