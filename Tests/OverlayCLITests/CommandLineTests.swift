import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func helpListsEveryCommand() throws {
        let result = try CLI.run(["--help"])
        #expect(result.status == 0)
        for command in ["keygen", "check", "source-hash", "publish", "validate", "sync", "resolve", "disable", "plural", "matrix"] {
            #expect(result.stdout.contains("  \(command) "))
        }
    }

    /// The store's crash-test child is a hidden mode of the one binary (what `overlay matrix` runs as its killed child):
    /// it works when called, and no help mentions it.
    @Test("the hidden _torture mode runs, is never listed, and refuses bad arguments with 64")
    func hiddenTortureMode() throws {
        let help = try CLI.run(["--help"])
        #expect(!help.stdout.contains("torture") && !help.stderr.contains("torture"))
        let unknown = try CLI.run(["help", "_torture"])
        #expect(unknown.status == 64)
        let bad = try CLI.run(["_torture", "--iterations"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("usage: overlay _torture"))
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("torture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let run = try CLI.run(["_torture", store.path, "--iterations", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "activated A 1\nactivated B 2\nactivated A 3\n")
    }

    @Test("every command teaches its options", arguments: ["keygen", "check", "source-hash", "publish", "validate", "sync", "resolve", "disable", "plural", "matrix"])
    func commandHelp(command: String) throws {
        for invocation in [[command, "--help"], ["help", command]] {
            let result = try CLI.run(invocation)
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: overlay \(command)"))
            #expect(result.stdout.contains("EXAMPLES:"))
        }
    }

    @Test("usage errors exit 64 with the usage line", arguments: [
        (["check"], "missing <catalog>"),
        (["check", "a", "b"], "unexpected argument 'b'"),
        (["check", "a", "--bogus"], "unknown option '--bogus'"),
        (["plural", "ru"], "missing <number>"),
        (["plural", "ru", "1,5"], "'1,5' is not a number"),
        (["frobnicate"], "unknown command 'frobnicate'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func noArgumentsPrintsOverviewAsUsageError() throws {
        let result = try CLI.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("USAGE: overlay <command>"))
    }
}

@Suite struct PluralCommandTests {
    @Test("categories as written, one line per number, category last", arguments: [
        (["ru", "1", "2", "5", "21", "1.5"], ["one", "few", "many", "one", "other"]),
        (["pl", "1", "21", "22", "1.5"], ["one", "many", "few", "other"]),
        (["ar", "0", "1", "2", "3", "11", "100"], ["zero", "one", "two", "few", "many", "other"]),
        (["en", "1", "1.0"], ["one", "other"]),
        (["fr", "1000000", "1c6", "1c3", "1.5"], ["many", "many", "other", "one"]),
        (["en", "1", "2", "3", "4", "11", "--ordinal"], ["one", "two", "few", "other", "other"]),
        (["pt-AO", "0", "1"], ["other", "one"]),
        (["pt", "0"], ["one"]),
    ])
    func categories(arguments: [String], expected: [String]) throws {
        let result = try CLI.run(["plural"] + arguments)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.compactMap { $0.split(separator: " ").last.map(String.init) } == expected)
        let numbers = arguments.dropFirst().filter { !$0.hasPrefix("--") }
        #expect(lines.compactMap { $0.split(separator: " ").first.map(String.init) } == Array(numbers))
    }

    @Test func jsonOutput() throws {
        let result = try CLI.run(["plural", "ru", "3", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: String]])
        #expect(results == [["number": "3", "category": "few"]])
        #expect(object["rules"] as? String == "cardinal")
    }
}

@Suite struct SourceHashCommandTests {
    @Test func designTestVector() throws {
        let result = try CLI.run(["source-hash", CLI.testdata("source-hash/vector")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "sha256:7a7553eaea52d80cc5757ff5937e328d4f7255b6c46d7873e198203a9f294b9f\n")
    }

    @Test func linesShowWhatWasHashed() throws {
        let result = try CLI.run(["source-hash", CLI.testdata("source-hash/vector"), "--lines"])
        #expect(result.stdout.split(separator: "\n").prefix(3) == [
            "M\tLocalizable\ta.greet\t1:object", "M\tLocalizable\ta.title\t", "M\tLocalizable\tn.items\t1:int64",
        ])
    }

    @Test func refusesACatalogWithErrors() throws {
        let result = try CLI.run(["source-hash", CLI.testdata("check/missing-semicolon-last-line")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("[strings.missing-semicolon]"))
        #expect(result.stdout.isEmpty)
    }
}
