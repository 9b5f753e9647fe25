import Foundation
import Testing

/// What `overlay check` prints for a person: groups that fit on a screen, and values the build already ships marked
/// as such without failing the check.
@Suite struct CheckOutputTests {
    /// Writes `files` (path → text) under a fresh directory and returns its path.
    static func catalog(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root.path
    }

    @Test func thousandsOfOneWarningAreOneGroup() throws {
        let english = (0..<2_000).map { "\"k\($0)\" = \"Text \($0)\";\n" }.joined()
        let root = try Self.catalog([
            "M/en.lproj/Localizable.strings": english,
            "M/de.lproj/Localizable.strings": "\"k0\" = \"Text\";\n",
            "M/fr.lproj/Localizable.strings": "\"k0\" = \"Texte\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["check", root])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count <= 4, "\(lines.count) lines")
        #expect(result.stderr.contains("warning: catalog.missing-translation ×3998 in M:"))
        #expect(result.stderr.contains("… and 3997 more"))
        #expect(result.stdout.contains("0 errors, 3998 warnings"))
        // --all lists each one, --json keeps every finding.
        #expect(try CLI.run(["check", root, "--all"]).stderr.split(separator: "\n").count == 3_998)
        let json = try CLI.run(["check", root, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["findings"] as? [Any])?.count == 3_998)
    }

    @Test func errorsComeFirstEachWithItsLocation() throws {
        let root = try Self.catalog([
            "M/en.lproj/Localizable.strings": "\"a\" = \"%@ left\";\n\"b\" = \"B\";\n",
            "M/de.lproj/Localizable.strings": "\"a\" = \"%d übrig\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["check", root])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: format.class-mismatch ×1 in M:")
        #expect(lines.dropFirst().first?.hasPrefix("\(root)/M/de.lproj/Localizable.strings:1: error: ") == true)
        #expect(lines.contains("warning: catalog.missing-translation ×1 in M:"))
    }

    @Test func aValueTheBuildShipsIsReportedButDoesNotFail() throws {
        let shipped = [
            "M/en.lproj/Localizable.strings": "\"go\" = \"Go to %1$@ > %2$@\";\n",
            "M/tr.lproj/Localizable.strings": "\"go\" = \"1$@ > %2$@ adresine gidin\";\n",
        ]
        let build = try Self.catalog(shipped)
        defer { try? FileManager.default.removeItem(atPath: build) }
        #expect(try CLI.run(["check", build]).status == 1)
        let same = try CLI.run(["check", build, "--bundle", build])
        #expect(same.status == 0)
        #expect(same.stderr.contains("error: format.gap ×1 (all already shipped) in M:"))
        #expect(same.stderr.contains("(already shipped: does not block)"))
        #expect(same.stdout.contains("1 error (all already shipped)"))
        let json = try CLI.run(["check", build, "--bundle", build, "--json"])
        #expect(json.stdout.contains("\"already_shipped\": true"))
        // A newly broken translation still fails.
        var changed = shipped
        changed["M/tr.lproj/Localizable.strings"] = "\"go\" = \"%d > %2$@ adresine gidin\";\n"
        let fix = try Self.catalog(changed)
        defer { try? FileManager.default.removeItem(atPath: fix) }
        #expect(try CLI.run(["check", fix, "--bundle", build]).status == 1)
    }
}

/// `overlay validate` answers as a client would: errors about values the build already ships do not fail it.
@Suite struct ValidateShippedTests {
    @Test func anOriginWhoseOnlyErrorsAreShippedValidates() throws {
        let files = [
            "M/en.lproj/Localizable.strings": "\"go\" = \"Go to %1$@ > %2$@\";\n",
            "M/tr.lproj/Localizable.strings": "\"go\" = \"1$@ > %2$@ adresine gidin\";\n",
        ]
        let build = try CheckOutputTests.catalog(files)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: build)
            try? FileManager.default.removeItem(atPath: root)
        }
        #expect(try CLI.run(["keygen", "--out", root + "/keys"]).status == 0)
        let publish = try CLI.run([
            "publish", build, "--bundle", build, "--app-version", "1.0", "--key", root + "/keys/overlay-signing-key.pem",
            "--out", root + "/origin",
        ])
        #expect(publish.status == 0, "\(publish.stderr)")
        let validate = ["validate", root + "/origin", "--trust", root + "/keys/overlay-signing-key.pub.pem", "--bundle"]
        let same = try CLI.run(validate + [build])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("1 error(s) (all already shipped)"))
        // Against a build whose tr value differs, the same archive's broken value is new there: rejected.
        var other = files
        other["M/tr.lproj/Localizable.strings"] = "\"go\" = \"%1$@ > %2$@ adresine gidin\";\n"
        let otherBuild = try CheckOutputTests.catalog(other)
        defer { try? FileManager.default.removeItem(atPath: otherBuild) }
        #expect(try CLI.run(validate + [otherBuild]).status == 1)
    }
}
