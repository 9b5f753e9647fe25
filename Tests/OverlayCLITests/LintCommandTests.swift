import Foundation
import Testing

/// `overlay lint` on testdata/lint: every line it must report carries `// lint-expect: <column> <code>`.
@Suite struct LintCommandTests {
    static let root = CLI.testdata("lint")

    /// `path:line:column code` for every marker under testdata/lint, sorted.
    static let expected: [String] = {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"),
                let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let marker = line.range(of: "// lint-expect: ") else { continue }
                let parts = line[marker.upperBound...].split(separator: " ")
                found.append("\(root)/\(relative):\(number + 1):\(parts[0]) \(parts[1])")
            }
        }
        return found.sorted()
    }()

    /// The `path:line:column code` of each diagnostic line, in printed order.
    static func diagnostics(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let warning = line.range(of: ": warning: "), line.hasSuffix("]"),
                let code = line.range(of: " [lint.", options: .backwards)
            else { return nil }
            return "\(line[..<warning.lowerBound]) \(line[line.index(after: code.lowerBound)...].dropFirst().dropLast())"
        }
    }

    @Test func theFixtureFolderIsNotSilentlyEmpty() {
        #expect(Self.expected.count == 13)
    }

    @Test func reportsEveryMarkedLineAndNothingElse() throws {
        let result = try CLI.run(["lint", Self.root])
        #expect(result.status == 1)
        let printed = Self.diagnostics(result.stderr)
        #expect(printed.sorted() == Self.expected)
        // Walk order: names sorted, a folder's files before its subfolders.
        #expect(printed.first?.hasPrefix("\(Self.root)/Sources/App/Legacy.swift:6:9") == true)
        #expect(printed.last?.hasPrefix("\(Self.root)/Sources/Checkout/Strings+Generated.swift:30:5") == true)
        #expect(result.stderr.split(separator: "\n").count == Self.expected.count)
        #expect(result.stdout == "checked 6 files, 138 lines: 13 findings\n")
    }

    @Test func aDiagnosticIsCompilerStyleWithTheFix() throws {
        let file = Self.root + "/Sources/Checkout/Receipt.swift"
        let result = try CLI.run(["lint", file])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(
            "\(file):6:12: warning: NSLocalizedString without bundle: reads the main bundle, which never holds the "
                + #"overlay; pass bundle: localizer.bundle(for: "Checkout") ?? .module [lint.nslocalizedstring]"#
                + "\n"))
    }

    @Test func allowExemptsTheHelperThatMeansToCallTheRawAPI() throws {
        let result = try CLI.run(["lint", Self.root, "--allow", "Sources/App/Localization/**"])
        #expect(result.status == 1)
        #expect(Self.diagnostics(result.stderr) .sorted() == Self.expected.filter { !$0.contains("/Localization/") })
        #expect(result.stdout == "checked 5 files, 126 lines, 1 allowed by --allow: 12 findings\n")
    }

    @Test func anAllowThatMatchesNothingIsAWarningNotAFailure() throws {
        let result = try CLI.run(["lint", Self.root + "/Sources/Checkout/Correct.swift", "--allow", "Localization/*.swift"])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: --allow 'Localization/*.swift' matched no file; patterns match the path "
            + "relative to each <path> (start it with '**/' to match at any depth)\n")
        #expect(result.stdout == "checked 1 file, 38 lines: 0 findings\n")
    }

    @Test func nothingFoundExitsZero() throws {
        let result = try CLI.run(["lint", Self.root + "/Sources/Checkout/Correct.swift"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func jsonListsEveryFindingAndASummary() throws {
        let result = try CLI.run(["lint", Self.root, "--json", "--allow", "**/OverlayStrings.swift"])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["paths"] as? [String] == [Self.root])
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary == ["files": 5, "lines": 126, "allowed": 1, "symlinks_skipped": 0, "findings": 12])
        let allow = try #require(report["allow"] as? [[String: Any]])
        #expect(allow.first?["glob"] as? String == "**/OverlayStrings.swift")
        #expect(allow.first?["files"] as? Int == 1)
        let findings = try #require(report["findings"] as? [[String: Any]])
        let described = findings.map { finding in
            "\(finding["file"] as? String ?? ""):\(finding["line"] as? Int ?? 0):\(finding["column"] as? Int ?? 0) "
                + "\(finding["code"] as? String ?? "")"
        }
        #expect(described.sorted() == Self.expected.filter { !$0.contains("OverlayStrings") })
        #expect(findings.allSatisfy { finding in
            let message = finding["message"] as? String ?? ""
            return message.contains("main bundle") || message.contains("the build shipped")
        })
        #expect(findings.contains { ($0["message"] as? String)?.contains("the build shipped") == true })
        #expect(findings.allSatisfy { $0["severity"] as? String == "warning" })
        #expect(Set(findings.compactMap { $0["module"] as? String }) == ["App", "Checkout"])
    }

    @Test("usage errors exit 64 and name the path or option", arguments: [
        (["lint"], "missing <path>"),
        (["lint", "testdata/no-such-folder"], "'testdata/no-such-folder' does not exist"),
        (["lint", CLI.testdata("lint/README.md")], "'\(CLI.testdata("lint/README.md"))' is not a directory or a .swift file"),
        (["lint", ".", "--allow", ""], "--allow needs a value (glob)"),
        (["lint", ".", "--allow", "/Sources/App"], "--allow '/Sources/App' is absolute"),
        (["lint", ".", "--bogus"], "unknown option '--bogus'"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("USAGE: overlay lint <path>... [--allow <glob>]... [--json]"))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpTeachesWithExamples() throws {
        for invocation in [["lint", "--help"], ["help", "lint"]] {
            let result = try CLI.run(invocation)
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: overlay lint <path>... [--allow <glob>]... [--json]"))
            #expect(result.stdout.contains("EXAMPLES:"))
            #expect(result.stdout.contains("lint.text-literal"))
            #expect(result.stdout.contains("--allow <glob> ..."))
        }
        #expect(try CLI.run(["--help"]).stdout.contains("  lint "))
    }
}
