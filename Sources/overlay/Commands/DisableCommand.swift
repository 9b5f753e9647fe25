import Foundation
import OverlayCore

/// `overlay disable --store DIR`: the kill switch from the command line.
enum DisableCommand: Command {
    static let name = "disable"
    static let summary = "Kill switch: delete every byte of a client store."
    static let usage = "disable --store <dir>"
    static let discussion = """
        Takes the store's LOCK (waiting for a sync in progress), moves the store aside and deletes the names
        it owns (store.json, LOCK, state.json, manifest.json, signatures/, modules/, journal*, tmp/); other
        files in the directory are left alone, and the directory is removed if it is then empty. Apps then
        show exactly their shipped strings. A store that does not exist is not an error.

        EXAMPLES:
          overlay disable --store /tmp/store
        """
    static let signature = CommandSignature(options: [
        .value("store", "dir", "The client store directory."),
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = try arguments.required("store")
        let url = URL(fileURLWithPath: path)
        let inspection = try OverlayStore.inspect(at: url)
        guard inspection.format != .absent else {
            console.out("nothing to delete: \(path) holds no store")
            return ExitCode.success
        }
        do {
            // The identity passed does not matter: deleteAll removes the store whoever it belongs to.
            let store = try OverlayStore.open(
                at: url, appVersion: inspection.appVersion ?? "", sourceHash: inspection.sourceHash ?? "")
            try store.deleteAll()
        } catch {
            throw CommandFailure(message: "\(path): \(error)")
        }
        console.out("deleted the store at \(path)")
        return ExitCode.success
    }
}
