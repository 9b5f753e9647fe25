import Foundation
import Testing

/// `overlay codegen` writes typed keys, reports odd keys, and `--check` fails exactly when a file is stale.
@Suite struct CodegenCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A one-module catalog `Shop` with the given `en` Localizable.strings text.
    static func catalog(in root: URL, _ strings: String) throws -> String {
        let lproj = root.appendingPathComponent("catalog/Shop/en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        return root.appendingPathComponent("catalog").path
    }

    @Test func writesThenChecksCurrentThenStale() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try Self.catalog(in: root, "\"cart.title\" = \"Cart\";\n\"cart.total\" = \"Total: %@\";\n")
        let out = root.appendingPathComponent("Sources/Shop/Strings.swift").path
        let glue = root.appendingPathComponent("Sources/Shop/Overlay.swift").path
        let write = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--integration", glue])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout == "wrote \(out) and \(glue): 1 table, 2 members of Shop\n")
        #expect(write.stderr.isEmpty)
        let source = try String(contentsOfFile: out, encoding: .utf8)
        #expect(source.contains("public func cartTotal(_ arg1: String) -> String"))
        #expect(try String(contentsOfFile: glue, encoding: .utf8).contains("public func shopBundle(shipped: Bundle) -> Bundle"))

        let current = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--integration", glue, "--check"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout == "\(out) is current\n\(glue) is current\n")

        // The catalog changes: a key added, one removed, one retyped.
        _ = try Self.catalog(in: root, "\"cart.title\" = \"Cart\";\n\"cart.total\" = \"Total: %ld\";\n\"cart.empty\" = \"Empty\";\n")
        let stale = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("error: \(out) is stale (1 added: Localizable.cartEmpty; 1 changed: Localizable.cartTotal)"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == source, "--check writes nothing")
        let json = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--check", "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let check = try #require((object["check"] as? [[String: Any]])?.first)
        #expect(check["current"] as? Bool == false)
        #expect(check["added"] as? [String] == ["Localizable.cartEmpty"])
        #expect(check["changed"] as? [String] == ["Localizable.cartTotal"])

        _ = try Self.catalog(in: root, "\"cart.title\" = \"Cart\";\n")
        let removed = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--check"])
        #expect(removed.status == 1)
        #expect(removed.stderr.contains("1 removed: Localizable.cartTotal"))
        let missing = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", root.appendingPathComponent("none.swift").path, "--check"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("is stale (1 added: Localizable.cartTitle)"))
    }

    @Test func oddKeysAreWarnedWithTheirLineAndListedInJSON() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try Self.catalog(in: root, "\"a.b\" = \"1\";\n\"a-b\" = \"2\";\n\"default\" = \"3\";\n\"p\" = \"%p\";\n")
        let out = root.appendingPathComponent("S.swift").path
        let result = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("Shop/en.lproj/Localizable.strings:1: warning: key \"a.b\"") && $0.hasSuffix("[codegen.collision]") })
        #expect(lines.contains { $0.hasPrefix("Shop/en.lproj/Localizable.strings:3: warning:") && $0.hasSuffix("[codegen.keyword]") })
        #expect(lines.contains { $0.hasPrefix("Shop/en.lproj/Localizable.strings:4: warning:") && $0.hasSuffix("[codegen.unsupported]") })
        let json = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", out, "--json"])
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let notes = try #require(object["notes"] as? [[String: Any]])
        #expect(notes.map { $0["reason"] as? String } == ["collision", "keyword", "unsupported"])
        #expect(notes.first?["name"] as? String == "aB_2")
        let members = (object["tables"] as? [[String: Any]])?.first?["members"] as? [[String: Any]]
        #expect(members?.map { $0["name"] as? String } == ["aB", "aB_2", "default"])
    }

    @Test func refusesWhatItMustNotTouch() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = try Self.catalog(in: root, "\"a\" = \"A\";\n")
        let handWritten = root.appendingPathComponent("Mine.swift")
        try Data("let mine = 1\n".utf8).write(to: handWritten)
        let overwrite = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", handWritten.path])
        #expect(overwrite.status == 1)
        #expect(overwrite.stderr.contains("is not a file 'overlay codegen' wrote"))
        #expect(try String(contentsOf: handWritten, encoding: .utf8) == "let mine = 1\n")

        let escape = try CLI.run(["codegen", catalog, "--module", "../catalog", "--out", root.appendingPathComponent("x.swift").path])
        #expect(escape.status == 1)
        #expect(escape.stderr.contains("is not a module name"))
        let absent = try CLI.run(["codegen", catalog, "--module", "Nope", "--out", root.appendingPathComponent("x.swift").path])
        #expect(absent.status == 1)
        #expect(absent.stderr.contains("no module folder Nope"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("x.swift").path))

        let access = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", "x.swift", "--access", "open"])
        #expect(access.status == 64)
        #expect(access.stderr.contains("--access takes public or internal"))
        let same = try CLI.run(["codegen", catalog, "--module", "Shop", "--out", "x.swift", "--integration", "x.swift"])
        #expect(same.status == 64)
        let missingOut = try CLI.run(["codegen", catalog, "--module", "Shop"])
        #expect(missingOut.status == 64)
    }

    @Test func aModuleWithoutDevelopmentTablesIsWarnedAbout() throws {
        let root = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lproj = root.appendingPathComponent("catalog/Shop/fr.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        let out = root.appendingPathComponent("S.swift").path
        let result = try CLI.run(["codegen", root.appendingPathComponent("catalog").path, "--module", "Shop", "--out", out])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: module Shop has no en (development language) table"))
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("static let moduleName = \"Shop\""))
    }

    @Test func helpTeaches() throws {
        let help = try CLI.run(["codegen", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Checkout.Localizable(localizer).cartTitle"))
        #expect(help.stdout.contains("--check"))
        #expect(try CLI.run(["--help"]).stdout.contains("codegen"))
    }
}
