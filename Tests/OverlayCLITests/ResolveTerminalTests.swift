import Foundation
import Testing

/// `overlay resolve` prints a published value exactly into a pipe (scripts compare it) and escaped on a terminal, where
/// an escape sequence or a bidi control would drive the screen; `--raw` prints it exactly on a terminal too.
@Suite struct ResolveTerminalTests {
    /// A store synced from an origin whose French `cart.title` holds an SGR colour sequence and a right-to-left
    /// override (the publisher accepts both: they are text to it).
    struct Fixture {
        let root: URL
        let store: String
        static let value = "\u{1B}[31mPanier\u{202E} rouge"

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-tty-\(UUID().uuidString)")
            let catalog = root.appendingPathComponent("catalog")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("testdata/catalog"), to: catalog)
            let strings = catalog.appendingPathComponent("Checkout/fr.lproj/Localizable.strings")
            let text = try String(contentsOf: strings, encoding: .utf8)
            precondition(text.contains("\"cart.title\" = \"Panier\";"))
            try text.replacingOccurrences(of: "\"cart.title\" = \"Panier\";", with: "\"cart.title\" = \"\(Self.value)\";")
                .write(to: strings, atomically: true, encoding: .utf8)
            let keys = root.appendingPathComponent("keys").path
            let origin = root.appendingPathComponent("origin").path
            store = root.appendingPathComponent("store").path
            for arguments in [
                ["keygen", "--out", keys],
                ["publish", catalog.path, "--bundle", CLI.testdata("catalog"), "--app-version", "1.0", "--key", "\(keys)/overlay-signing-key.pem", "--out", origin],
                ["sync", "--origin", origin, "--app-version", "1.0", "--bundle", CLI.testdata("catalog"), "--store", store, "--trust", "\(keys)/overlay-signing-key.pub.pem"],
            ] {
                let result = try CLI.run(arguments)
                guard result.status == 0 else { throw CLIFailure(text: "\(arguments[0]): \(result.stderr)") }
            }
        }

        var resolve: [String] {
            ["resolve", "cart.title", "--module", "Checkout", "--locale", "fr", "--bundle", CLI.testdata("catalog"), "--store", store]
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    struct CLIFailure: Error { var text: String }

    /// Runs `overlay` with its stdout on a pseudo-terminal (python's `pty`): what a person at a terminal would see,
    /// with the line discipline's `\r\n` turned back into `\n`.
    static func onTerminal(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let script = """
            import os, pty, subprocess, sys
            master, slave = pty.openpty()
            child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.DEVNULL)
            os.close(slave)
            out = b""
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            sys.stdout.buffer.write(out)
            sys.exit(child.wait())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, CLI.executable.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test func aTerminalSeesThePublishedValueEscapedAPipeSeesItExactly() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }

        let terminal = try Self.onTerminal(fixture.resolve)
        #expect(terminal.status == 0)
        #expect(terminal.stdout == "\\u{1B}[31mPanier\\u{202E} rouge\n")
        #expect(!terminal.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })

        let piped = try CLI.run(fixture.resolve)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == Fixture.value + "\n")

        let raw = try Self.onTerminal(fixture.resolve + ["--raw"])
        #expect(raw.status == 0)
        #expect(raw.stdout == Fixture.value + "\n")
    }

    @Test func theHelpSaysWhenTheStringIsEscaped() throws {
        let help = try CLI.run(["help", "resolve"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--raw"))
        #expect(help.stdout.contains("on a terminal"))
        #expect(help.stdout.contains("exactly, when stdout is a pipe or a file"))
    }
}
