import Foundation
import OverlayCore

/// `overlay disable --store DIR`: the kill switch from the command line.
enum DisableCommand: Command {
    static let name = "disable"
    static let summary = "Kill switch: make a client store inert, then delete every byte it owns."
    static let usage = "disable --store <dir>"
    static let discussion = """
        Works on a damaged store too (LOCK a directory, tmp or modules a file or a link). Only a directory
        whose store.json is the marker Overlay wrote is touched. First the store is made inert: it is moved
        aside in one rename (or, when that fails, marked DISABLED and its state.json removed), so apps show
        their shipped strings even if a later deletion fails. Then the names the store owns are deleted
        (store.json, LOCK, state.json, seen.json, manifest.json(.sig), signatures/, modules/, journal*, tmp/,
        DISABLED); symbolic links among them are removed, never followed. Other files in the directory are
        left alone, and the directory is removed if it is then empty. A store that does not exist is not an
        error. Refused, untouched: /, a store path that is a symbolic link, a directory whose store.json is
        not Overlay's marker.
        Exit status: 0 when the store is gone (or was never there), 1 when it was refused or a file could not
        be deleted (the store is then inert; run disable again once the cause is fixed), 64 on a usage error.

        EXAMPLES:
          overlay disable --store /tmp/store
        """
    static let signature = CommandSignature(options: [
        .value("store", "dir", "The client store directory."),
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = try storeDirectory(arguments)
        let result: OverlayStore.Deletion
        do {
            result = try OverlayStore.delete(at: URL(fileURLWithPath: path))
        } catch let error as StoreError {
            throw CommandFailure(message: error.message)
        }
        switch result {
        case .absent:
            console.line("nothing to delete: \(path) holds no store")
        case .deleted:
            console.line("deleted the store at \(path)")
        case .keptForeignFiles(let names):
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", …" : "")
            console.line("deleted the store at \(path); kept \(names.count) file\(names.count == 1 ? "" : "s") Overlay did not create (\(shown))")
        }
        return ExitCode.success
    }
}

/// `--store`, refused as a usage error when it names `/`: a store creates, cleans and deletes names in its directory.
func storeDirectory(_ arguments: ParsedArguments) throws(UsageError) -> String {
    let path = try arguments.required("store")
    var standardized = URL(fileURLWithPath: path).standardizedFileURL.path
    while standardized.count > 1, standardized.hasSuffix("/") { standardized.removeLast() }
    guard standardized != "/" else {
        throw UsageError(message: "--store '\(path)' is the root directory; a store needs a directory of its own "
                         + "(Overlay creates, cleans and deletes names in it)")
    }
    return path
}
