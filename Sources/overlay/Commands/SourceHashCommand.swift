import Foundation
import OverlayCore
import OverlayPublishing

/// `overlay source-hash CATALOG`: the compatibility fingerprint a client build is configured with.
enum SourceHashCommand: Command {
    static let name = "source-hash"
    static let summary = "Print the source hash (compatibility fingerprint) of a catalog."
    static let usage = "source-hash <catalog | built .app> [--lines] [--json]"
    static let discussion = """
        The source hash covers the structure of the development language's tables: every key and the
        types of its arguments, never the wording (a string whose text is its own key is left out:
        Xcode does not build it). Configure a client build with the hash of the catalog it ships; a
        published revision is only applied where the hashes are equal.

        <catalog> is a catalog folder (one folder per module), or what Xcode built from it: a .app
        folder (its own strings, resource bundles <Package>_<Target>.bundle, Frameworks/*.framework,
        PlugIns/*.appex, each a module named after it) or one .bundle or .framework folder. A build
        artifact gives the same hash as its sources, so CI can check what it is about to ship.

        EXAMPLES:
          overlay source-hash testdata/catalog
          overlay source-hash MyApp/Resources --lines   # what went into the hash, one key per line
          overlay source-hash build/Build/Products/Release-iphoneos/Notes.app   # a built app
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .flag("lines", "Also print the hashed lines (module, table, key, argument signature)."),
            .flag("json", "Print {\"source_hash\": …, \"keys\": N} as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let result = try loadCatalog(path)
        let errors = result.findings.filter { $0.severity == .error }
        if !errors.isEmpty {
            FindingPrinter(console: console, catalogPath: findingRoot(path)).printDiagnostics(errors)
            throw CommandFailure(message: "the catalog has \(errors.count) error(s); fix them (see 'overlay check \(path)') before hashing")
        }
        let lines = SourceHash.lines(of: result.catalog)
        let hash = SourceHash.compute(for: result.catalog)
        if arguments.flag("json") {
            var members: [(String, JSONOutput)] = [("source_hash", .string(hash)), ("keys", .int(lines.count))]
            if arguments.flag("lines") {
                members.append(("lines", .array(lines.map { .string(String($0.dropLast())) })))
            }
            console.out(JSONOutput.object(members).rendered())
        } else {
            if arguments.flag("lines") {
                for line in lines { console.out(TerminalText.escaped(String(line.dropLast()), keepingTabs: true)) }
            }
            console.out(hash)
        }
        return ExitCode.success
    }
}

/// Loads a catalog for a command — a catalog folder, or a built product (`.app`, `.bundle`, `.framework`) when
/// `builtProducts` — turning an unreadable path into a command failure.
func loadCatalog(_ path: String, mode: CatalogLoader.Mode = .strict, builtProducts: Bool = true) throws -> CatalogLoadResult {
    let url = URL(fileURLWithPath: path)
    do {
        if builtProducts, BuiltCatalogLoader.isBuiltProduct(at: url) { return try BuiltCatalogLoader.load(at: url, mode: mode) }
        return try CatalogLoader.load(at: url, mode: mode)
    } catch let error as CatalogError {
        throw CommandFailure(message: error.description)
    }
}

/// What the file paths of `path`'s findings are relative to: the catalog folder, or for a built product the folder
/// that holds it (its findings name `Notes.app/fr.lproj/…`).
func findingRoot(_ path: String) -> String {
    BuiltCatalogLoader.isBuiltProduct(at: URL(fileURLWithPath: path)) ? (path as NSString).deletingLastPathComponent : path
}
