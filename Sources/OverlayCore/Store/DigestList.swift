import Foundation

/// The digest list written last inside each revision directory: the SHA-256 of every other file.
///
/// `{"format_version":1,"files":{"Info.plist":"<sha256>","fr.lproj/Localizable.strings":"<sha256>"}}`
struct DigestList: Sendable, Equatable {
    /// Relative path → lowercase hex SHA-256.
    var files: [String: String]

    init(files: [String: Data]) {
        self.files = files.mapValues { SHA256.hash($0).hex }
    }

    var data: Data {
        var object = JSONObject()
        for path in files.keys.sorted() { object[path] = .string(files[path]!) }
        let root = JSONValue.object(JSONObject([("format_version", .number(JSONNumber(1))), ("files", .object(object))]))
        return Data(root.serialized(sortedKeys: true).utf8)
    }

    init(data: Data) throws {
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
