import Foundation
import Testing

/// Every command that writes a tree refuses an output folder inside what it reads, or holding it, with a usage error
/// naming both paths — compared by real path, so `..` and symbolic links cannot sneak past — and writes nothing.
@Suite struct OutputFolderTests {
    /// A scratch folder with a copy of testdata/catalog at `cat`, a link `link → cat`, and a key pair at `keys`.
    struct Scene {
        let root: URL
        var catalog: String { root.appendingPathComponent("cat").path }
        var keys: String { root.appendingPathComponent("keys").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("testdata/catalog"), to: root.appendingPathComponent("cat"))
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: catalog)
            #expect(try CLI.run(["keygen", "--out", keys]).status == 0)
        }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        /// Every name under the catalog, to show nothing was written into it.
        func catalogListing() -> [String] { (FileManager.default.subpaths(atPath: catalog) ?? []).sorted() }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    /// `--out` values for `pseudo <scene>/cat`: inside it (plainly, through `..`, through a link), the catalog itself,
    /// and a folder holding it.
    static let pseudoOutputs = ["cat/pseudo", "cat/../cat/pseudo", "link/pseudo", "cat/App/../pseudo", "cat", "link", "."]

    @Test(arguments: pseudoOutputs)
    func pseudoRefusesAnOutputThatOverlapsTheCatalog(_ output: String) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let before = scene.catalogListing()
        // Bounded: before the check, an output inside the catalog copied itself into itself until the disk filled.
        let result = try CLI.spawn(
            ["pseudo", scene.catalog, "--style", "accented", "--locale", "en-XA", "--out", scene.path(output)], timeout: .seconds(60))
        #expect(!result.timedOut)
        #expect(result.status == 64, "\(result.stderrText)")
        #expect(result.stderrText.contains("--out \(scene.path(output))"))
        #expect(result.stderrText.contains("the catalog \(scene.catalog)"))
        #expect(result.stderrText.contains("See 'overlay help pseudo'"))
        #expect(scene.catalogListing() == before)
    }

    @Test func pseudoWritesBesideTheCatalog() throws {
        let scene = try Scene()
        defer { scene.remove() }
        let result = try CLI.run(["pseudo", scene.catalog, "--style", "accented", "--locale", "en-XA", "--out", scene.path("cat-pseudo")])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [
        (["--out", "cat/origin"], "the catalog"),
        (["--out", "link/../link/origin"], "the catalog"),
        (["--out", ".", "--bundle", "cat"], "the catalog"),
        (["--out", "keys"], "--key"),
    ])
    func publishRefusesAnOriginThatOverlapsTheCatalogOrAKey(_ options: [String], _ input: String) throws {
        let scene = try Scene()
        defer { scene.remove() }
        var arguments = ["publish", scene.catalog, "--app-version", "1.0", "--key", "\(scene.keys)/overlay-signing-key.pem"]
        for (index, option) in options.enumerated() { arguments.append(index % 2 == 1 ? scene.path(option) : option) }
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--out \(scene.path(options[1]))"))
        #expect(result.stderr.contains(input))
        #expect(!FileManager.default.fileExists(atPath: scene.path("cat/origin")))
    }

    @Test(arguments: ["cat/store", "link/store", "origin/store"])
    func syncRefusesAStoreInsideTheBundleOrADirectoryOrigin(_ store: String) throws {
        let scene = try Scene()
        defer { scene.remove() }
        let origin = scene.path("origin")
        let publish = try CLI.run(["publish", scene.catalog, "--app-version", "1.0", "--key", "\(scene.keys)/overlay-signing-key.pem", "--out", origin])
        #expect(publish.status == 0, "\(publish.stderr)")
        let result = try CLI.run([
            "sync", "--origin", origin, "--app-version", "1.0", "--bundle", scene.catalog, "--store", scene.path(store),
            "--trust", "\(scene.keys)/overlay-signing-key.pub.pem",
        ])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--store \(scene.path(store))"))
        #expect(!FileManager.default.fileExists(atPath: scene.path(store)))
    }
}
