import OverlayTools

/// The usage check of every command that writes a tree (`pseudo`, `publish`, `sync`): its output folder may neither
/// lie inside what it reads nor hold it (``PathOverlap``, real paths compared).
enum OutputFolder {
    static func check(_ output: (name: String, path: String), against inputs: [(name: String, path: String)]) throws(UsageError) {
        for input in inputs {
            if let conflict = PathOverlap.conflict(output: output, input: input) { throw UsageError(message: conflict) }
        }
    }
}
