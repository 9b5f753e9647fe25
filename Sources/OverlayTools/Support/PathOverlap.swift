import Foundation

/// Whether a folder a command writes and a path it reads lie inside one another, compared by real path.
///
/// A tree written inside the tree it copies copies itself until the disk fills (`overlay pseudo --out` inside the
/// catalog did); a catalog inside the folder `publish` writes, or a private key there, would be served with the
/// origin. Paths are compared after symbolic links are resolved and `.` and `..` applied, so `cat/../cat/out` and a
/// link into the catalog are seen for what they are; a part that does not exist yet cannot be a link and is taken as
/// written.
package enum PathOverlap {
    /// A sentence naming both paths when `output` is `input`, lies inside it, or holds it; nil when they are apart.
    /// - Parameters:
    ///   - output: the option that names the folder written (`--out`) and its value.
    ///   - input: what names the path read (`the catalog`, `--bundle`) and its value.
    package static func conflict(output: (name: String, path: String), input: (name: String, path: String)) -> String? {
        let written = realPath(output.path)
        let read = realPath(input.path)
        let shown = "\(output.name) \(output.path) (\(joined(written))) and \(input.name) \(input.path) (\(joined(read)))"
        if written == read {
            return "\(shown) are the same folder; write the output to a folder of its own"
        }
        if written.starts(with: read) {
            return "\(shown): the output folder lies inside the input, so writing it would copy or read its own output; write it outside"
        }
        if read.starts(with: written) {
            return "\(shown): the input lies inside the output folder, which is written (and may be served or published) whole; keep them apart"
        }
        return nil
    }

    /// The components of `path` made absolute, with every symbolic link of the part that exists resolved.
    static func realPath(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var resolved: [String] = []
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = resolved.popLast()
            default:
                resolved.append(String(component))
                let candidate = joined(resolved)
                // The part resolved so far is real, so `..` after it climbs from the real parent, as the kernel does.
                if FileManager.default.fileExists(atPath: candidate) {
                    resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path.split(separator: "/").map(String.init)
                }
            }
        }
        return resolved
    }

    private static func joined(_ components: [String]) -> String {
        "/" + components.joined(separator: "/")
    }
}
