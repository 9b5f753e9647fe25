import Foundation
import OverlayCore

/// `overlay source-hash CATALOG`: the compatibility fingerprint a client build is configured with.
enum SourceHashCommand: Command {
    static let name = "source-hash"
    static let summary = "Print the source hash (compatibility fingerprint) of a catalog."
    static let usage = "source-hash <catalog> [--lines] [--json]"
    static let discussion = """
        The source hash covers the structure of the development language's tables: every key and the
        types of its arguments, never the wording. Configure a client build with the hash of the
        catalog it ships; a published revision is only applied where the hashes are equal.

        EXAMPLES:
          overlay source-hash testdata/catalog
          overlay source-hash MyApp/Resources --lines   # what went into the hash, one key per line
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
            FindingPrinter(console: console, catalogPath: path).printDiagnostics(errors)
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

/// Loads a catalog for a command, turning an unreadable path into a command failure.
func loadCatalog(_ path: String, mode: CatalogLoader.Mode = .strict) throws -> CatalogLoadResult {
    do {
        return try CatalogLoader.load(at: URL(fileURLWithPath: path), mode: mode)
    } catch let error as CatalogError {
        throw CommandFailure(message: error.description)
    }
}
