import Foundation

/// The highest manifest revision a store has seen, and that manifest's SHA-256.
package struct SeenManifest: Sendable, Hashable {
    package var revision: Int
    /// Lowercase hex SHA-256 of the manifest's bytes.
    package var sha256: String

    package init(revision: Int, sha256: String) {
        self.revision = revision
        self.sha256 = sha256
    }
}

/// The contents of `state.json`: which build the store belongs to and what each module serves.
package struct StoreState: Sendable, Equatable {
    package struct Revision: Sendable, Equatable {
        package var sha256: String
        package var revision: Int
        /// `modules/<Module>/<sha256>`, relative to the store root.
        package var directory: String
    }

    package struct Module: Sendable, Equatable {
        package var active: Revision?
        package var previous: Revision?
        /// Archive SHA-256s rejected under the current manifest, sorted.
        package var rejected: [String] = []

        var isEmpty: Bool { active == nil && previous == nil && rejected.isEmpty }
    }

    static let formatVersion = 1

    package var appVersion: String
    package var sourceHash: String
    package var modules: [String: Module] = [:]
    package var highestSeen: SeenManifest?
    package var etag: String?

    func belongs(appVersion: String, sourceHash: String) -> Bool {
        self.appVersion == appVersion && self.sourceHash == sourceHash
    }

    /// Returns `name` to the shipped strings: no active and no previous revision.
    mutating func deactivate(_ name: String) {
        guard var entry = modules[name] else { return }
        entry.active = nil
        entry.previous = nil
        modules[name] = entry.isEmpty ? nil : entry
    }

    /// Every revision directory the state names (active and previous), relative to the root.
    var namedDirectories: Set<String> {
        Set(modules.values.flatMap { [$0.active?.directory, $0.previous?.directory].compactMap { $0 } })
    }
}

// MARK: - JSON

extension StoreState {
    var json: JSONValue {
        var modulesObject = JSONObject()
        for name in modules.keys.sorted() {
            let module = modules[name]!
            var object = JSONObject()
            if let active = module.active { object["active"] = active.json }
            if let previous = module.previous { object["previous"] = previous.json }
            object["rejected"] = .array(module.rejected.map { .string($0) })
            modulesObject[name] = .object(object)
        }
        var root = JSONObject()
        root["format_version"] = .number(JSONNumber(Self.formatVersion))
        root["app_version"] = .string(appVersion)
        root["source_hash"] = .string(sourceHash)
        root["modules"] = .object(modulesObject)
        if let highestSeen {
            root["highest_manifest_revision"] = .number(JSONNumber(highestSeen.revision))
            root["highest_manifest_sha256"] = .string(highestSeen.sha256)
        }
        if let etag { root["etag"] = .string(etag) }
        return .object(root)
    }

    /// Decodes `state.json`; any structural problem throws (the caller treats the store as empty).
    init(json data: [UInt8]) throws {
        let root = try JSONNode(StrictJSON.parse(Data(data))).object()
        guard try root.required("format_version").int() == Self.formatVersion else {
            throw StoreError.invalid("state.json has an unknown format_version")
        }
        appVersion = try root.required("app_version").string()
        sourceHash = try root.required("source_hash").string()
        for (name, node) in try root.required("modules").object().members {
            let object = try node.object()
            var module = Module()
            module.active = try object.optional("active").map { try Revision(node: $0, module: name) }
            module.previous = try object.optional("previous").map { try Revision(node: $0, module: name) }
            module.rejected = try object.required("rejected").array().map { try $0.string() }
            modules[name] = module
        }
        if let revision = try root.optional("highest_manifest_revision")?.int() {
            highestSeen = SeenManifest(revision: revision,
                                       sha256: try root.required("highest_manifest_sha256").string())
        }
        etag = try root.optional("etag")?.string()
    }
}

extension StoreState.Revision {
    var json: JSONValue {
        .object(JSONObject([("sha256", .string(sha256)), ("revision", .number(JSONNumber(revision))),
                            ("dir", .string(directory))]))
    }

    /// A revision of `module`, whose directory must lie in `modules/<module>/`.
    init(node: JSONNode, module: String) throws {
        let object = try node.object()
        sha256 = try object.required("sha256").string()
        revision = try object.required("revision").int()
        directory = try object.required("dir").string()
        try StoreLayout.validate(sha256: sha256)
        guard directory.hasPrefix("\(StoreLayout.modulesDirectory)/\(module)/") else {
            throw StoreError.invalid("state.json names a directory outside modules/\(module)/")
        }
        guard Self.isDirectory(directory, of: sha256) else {
            throw StoreError.invalid("state.json: dir \(directory) does not end in the revision's sha256")
        }
    }

    /// Whether `directory` ends in `/<sha256>` and holds no `..`.
    static func isDirectory(_ directory: String, of sha256: String) -> Bool {
        var directory = directory, sha256 = sha256  // for `withUTF8`, which lends the bytes without copying them
        return directory.withUTF8 { path in sha256.withUTF8 { digest in
            let suffix = path.count - digest.count
            guard suffix > 0, path[suffix - 1] == UInt8(ascii: "/"),
                digest.isEmpty || memcmp(path.baseAddress! + suffix, digest.baseAddress!, digest.count) == 0
            else { return false }
            return !zip(path, path.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
        } }
    }
}
