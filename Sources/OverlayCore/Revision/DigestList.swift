import Foundation

/// The digest list written last inside each revision directory: the SHA-256 of every other file.
///
/// `{"files":{"Info.plist":"<sha256>",…},"format_version":1,"sizes":{"Info.plist":312,…}}`. `sizes` lets an open
/// check a revision cheaply (no hashing); lists written before it have none and are checked for presence only.
struct DigestList: Sendable, Equatable {
    /// Relative path → lowercase hex SHA-256.
    var files: [String: String]
    /// Relative path → byte count; empty for a list written before sizes were recorded.
    var sizes: [String: Int]

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

    /// Decodes a digest list: straight from its bytes when it can (``JSONDirectReader``, as a launch checks each
    /// revision it serves), else through the JSON tree, which has the last word and the message.
    init(data: Data) throws {
        if let direct = Self.decodeDirect(Array(data)) {
            self = direct
        } else {
            try self.init(decodingTree: data)
        }
    }

    /// Only ever agrees with ``init(decodingTree:)``: nil for anything else, the tree decoder then decides.
    static func decodeDirect(_ bytes: [UInt8]) -> DigestList? {
        JSONDirectReader.read(bytes) { reader throws(JSONError) -> DigestList in
            var formatVersion: Int?
            var files: [String: String]?
            var sizes: [String: Int] = [:]
            // Each member takes at least a 64-digit value (or a number and its path): no table grows on the way.
            let capacity = min(bytes.count / 64, 4_096)
            try reader.members { reader, key throws(JSONError) in
                if key.is("format_version") {
                    formatVersion = try reader.int()
                } else if key.is("files") {
                    var read: [String: String] = [:]
                    read.reserveCapacity(capacity)
                    try reader.members { reader, pathKey throws(JSONError) in
                        let path = pathKey.string
                        guard (try? StoreLayout.validate(relativePath: path)) != nil else { throw JSONDirectReader.giveUp }
                        read[path] = try reader.string()
                    }
                    files = read
                } else if key.is("sizes") {
                    sizes.reserveCapacity(capacity)
                    try reader.members { reader, path throws(JSONError) in sizes[path.string] = try reader.int() }
                } else {
                    try reader.skipValue()
                }
            }
            guard formatVersion == 1, let files else { throw JSONDirectReader.giveUp }
            for (path, size) in sizes {
                guard files[path] != nil, size >= 0 else { throw JSONDirectReader.giveUp }
            }
            return DigestList(files: files, sizes: sizes)
        }
    }

    /// The list without the store's own index file (derived from the others, not given by the archive).
    var withoutStoreIndex: DigestList {
        DigestList(files: files.filter { $0.key != OverlayStrings.revisionIndexFile },
                   sizes: sizes.filter { $0.key != OverlayStrings.revisionIndexFile })
    }

    init(files: [String: String], sizes: [String: Int]) {
        self.files = files
        self.sizes = sizes
    }

    /// Decodes a digest list through a JSON tree: every rule with its message.
    init(decodingTree data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        guard try root.required("format_version", as: Int.self) == 1 else {
            throw StoreError.invalid("\(StoreLayout.digestListFile) has an unknown format_version")
        }
        var files: [String: String] = [:]
        for (path, node) in try root.required("files").object().members {
            try StoreLayout.validate(relativePath: path)
            files[path] = try node.string()
        }
        self.files = files
        var sizes: [String: Int] = [:]
        for (path, node) in try root.optional("sizes")?.object().members ?? [] {
            let size = try node.int()
            guard files[path] != nil, size >= 0 else {
                throw StoreError.invalid("\(StoreLayout.digestListFile) records a size for \(path), which it does not list")
            }
            sizes[path] = size
        }
        self.sizes = sizes
    }
}

extension Syscalls {
    /// The paths (relative to `directory`) whose content does not match the directory's digest list:
    /// changed or missing files, files the list does not name, and the list itself when it is unreadable.
    func verifyRevision(at directory: String, fileLimit: Int) throws -> [String] {
        let list: DigestList
        do {
            let data = try readFile("\(directory)/\(StoreLayout.digestListFile)", limit: 4 << 20)
            list = try DigestList(data: data)
        } catch let error as StoreError where error.code == .simulatedCrash {
            throw error
        } catch {
            return [StoreLayout.digestListFile]
        }
        var differing: Set<String> = []
        for (path, expected) in list.files {
            let actual = try? readFile("\(directory)/\(path)", limit: fileLimit)
            if actual.map({ SHA256.hash($0).hex }) != expected { differing.insert(path) }
        }
        for path in try listFiles(under: directory)
        where path != StoreLayout.digestListFile && list.files[path] == nil {
            differing.insert(path)
        }
        return differing.sorted()
    }
}

extension Syscalls {
    /// Cheap check of a revision directory at open: it is a directory, its digest list reads, and every file it
    /// lists is a regular file of the recorded size. Contents are not hashed (that is `verifyRevision`).
    /// - Returns: Why the revision is damaged, or `nil` when it looks intact.
    func damage(ofRevisionAt directory: String) throws -> String? {
        do {
            guard try status(directory)?.isDirectory == true else { return "its directory is missing" }
            let list = try DigestList(data: readFile("\(directory)/\(StoreLayout.digestListFile)", limit: 4 << 20))
            // Every file is looked at (in the list's order, one path buffer for all); the first damaged one in path
            // order is named.
            var damaged: (path: String, reason: String)?
            var full = ""
            full.reserveCapacity(directory.utf8.count + 1 + 1_024)
            for path in list.files.keys where damaged.map({ path < $0.path }) ?? true {
                full.removeAll(keepingCapacity: true)
                full.append(directory)
                full.append("/")
                full.append(path)
                guard let info = try status(full), info.kind == .regular else {
                    damaged = (path, "\(path) is missing")
                    continue
                }
                if let size = list.sizes[path], size != info.size {
                    damaged = (path, "\(path) is \(info.size) bytes, not the \(size) written")
                }
            }
            return damaged?.reason
        } catch let error as StoreError where error.code == .simulatedCrash {
            throw error
        } catch {
            return "its digest list cannot be read (\(error))"
        }
    }
}
