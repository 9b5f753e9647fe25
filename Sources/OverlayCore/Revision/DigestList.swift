package import Foundation

/// The digest list written last inside each revision directory, `overlay-digests.json` (docs/FORMATS.md): the
/// SHA-256 and size of every file the revision was given. It is also what a revision *is* to its readers: the resolver
/// opens no name it does not list. Lists written before sizes were recorded have none and are checked for presence only.
package struct DigestList: Sendable, Equatable {
    package static let fileName = "overlay-digests.json"
    /// The derived index older stores wrote beside the list (and some listed): never read, never taken from an archive.
    package static let retiredIndexFile = "overlay-strings.index"

    /// Relative path → lowercase hex SHA-256.
    package var files: [String: String]
    /// Relative path → byte count.
    package var sizes: [String: Int]

    init(files: [String: Data]) {
        self.files = files.mapValues { SHA256.hash($0).hex }
        self.sizes = files.mapValues(\.count)
    }

    var data: Data {
        var object = JSONObject()
        for path in files.keys.sorted() { object[path] = .string(files[path]!) }
        var sizeObject = JSONObject()
        for path in sizes.keys.sorted() { sizeObject[path] = .number(JSONNumber(sizes[path]!)) }
        let root = JSONValue.object(JSONObject([
            ("format_version", .number(JSONNumber(1))), ("files", .object(object)), ("sizes", .object(sizeObject)),
        ]))
        return Data(root.serialized(sortedKeys: true).utf8)
    }

    /// An entry for ``retiredIndexFile`` (an older store listed it) is dropped.
    package init(data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        guard try root.required("format_version").int() == 1 else {
            throw Self.invalid("has an unknown format_version")
        }
        var files: [String: String] = [:]
        for (path, node) in try root.required("files").object().members {
            guard Self.isListable(path) else {
                throw Self.invalid("lists \"\(path)\", which is not a plain relative path inside the revision")
            }
            files[path] = try node.string()
        }
        var sizes: [String: Int] = [:]
        if let listed = try root.optional("sizes")?.object() {
            for (path, node) in listed.members {
                let size = try node.int()
                guard files[path] != nil, size >= 0 else { throw Self.invalid("records a size for \(path), which it does not list") }
                sizes[path] = size
            }
        }
        files[Self.retiredIndexFile] = nil
        sizes[Self.retiredIndexFile] = nil
        self.files = files
        self.sizes = sizes
    }

    private static func invalid(_ problem: String) -> JSONError {
        JSONError(code: .invalidValue, message: "\(fileName) \(problem)")
    }

    /// Why the revision at `directory` does not hold what this list names (a file missing, not a regular file, or of
    /// another size), naming the first in path order; nil when it does. No hashing: the check of an open and a launch.
    func damage(in directory: String, status: (String) throws -> FileInfo?) rethrows -> String? {
        var damaged: (path: String, reason: String)?
        // One path buffer for all: a launch checks every file of each revision it serves.
        var full = ""
        full.reserveCapacity(directory.utf8.count + 1 + 1_024)
        for path in files.keys where damaged.map({ path < $0.path }) ?? true {
            full.removeAll(keepingCapacity: true)
            full.append(directory)
            full.append("/")
            full.append(path)
            guard let info = try status(full) else {
                damaged = (path, "\(path) is missing")
                continue
            }
            if info.kind != .regular {
                damaged = (path, "\(path) is \(info.kind == .symbolicLink ? "a symbolic link" : "not a regular file"), "
                    + "where the revision has a file")
            } else if let size = sizes[path], size != info.size {
                damaged = (path, "\(path) is \(info.size) bytes, not the \(size) written")
            }
        }
        return damaged?.reason
    }

    /// A name a revision may list: a plain relative path (``isPlainPath(_:)``) other than the list's own.
    static func isListable(_ path: String) -> Bool { isPlainPath(path) && path != fileName }

    /// Components split on `/`, each 1–255 bytes and not `.` or `..`; at most 1,024 bytes in all; no NUL or
    /// backslash. Checked over bytes: no string canonically equals `.` or `..` but those, and it runs at launch.
    static func isPlainPath(_ path: String) -> Bool {
        let bytes = path.utf8
        guard !bytes.isEmpty, bytes.count <= 1024 else { return false }
        var length = 0
        var dots = 0
        for byte in bytes {
            switch byte {
            case 0, UInt8(ascii: "\\"):
                return false
            case UInt8(ascii: "/"):
                guard length > 0, length <= 255, !(length == dots && dots <= 2) else { return false }
                length = 0
                dots = 0
            default:
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && length <= 255 && !(length == dots && dots <= 2)
    }
}
