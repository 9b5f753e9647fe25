/// `state.json` decoded straight from its bytes (``JSONDirectReader``), without a JSON tree: what every launch reads.
///
/// Parsing the tree and then walking it was most of reading a snapshot (BENCHMARKS.md). This
/// decoder only ever **agrees** with the tree decoder (``StoreState/init(decodingTree:)``): it gives up (nil) on
/// anything it is not sure of — a syntax error, a duplicate key, a wrong type, a `null`, a missing field — and
/// ``StoreState/init(json:)`` then decodes the tree for the verdict and its message. The tests compare the two over
/// generated states and thousands of damaged ones.
extension StoreState {
    static func decodeDirect(_ bytes: [UInt8]) -> StoreState? {
        JSONDirectReader.read(bytes) { reader throws(JSONError) in try reader.storeState() }
    }
}

extension JSONDirectReader {
    fileprivate mutating func storeState() throws(JSONError) -> StoreState {
        var formatVersion: Int?
        var appVersion: String?
        var sourceHash: String?
        var modules: [String: StoreState.Module]?
        var highestRevision: Int?
        var highestSHA256: String?
        var highestSHA256IsString = true
        var etag: String?
        try members { reader, key throws(JSONError) in
            if key.is("format_version") {
                formatVersion = try reader.int()
            } else if key.is("app_version") {
                appVersion = try reader.string()
            } else if key.is("source_hash") {
                sourceHash = try reader.string()
            } else if key.is("modules") {
                modules = try reader.modules()
            } else if key.is("highest_manifest_revision") {
                highestRevision = try reader.int()
            } else if key.is("highest_manifest_sha256") {
                // Read only when the revision is there: any value is fine without it.
                if reader.atString {
                    highestSHA256 = try reader.string()
                } else {
                    try reader.skipValue()
                    highestSHA256IsString = false
                }
            } else if key.is("etag") {
                etag = try reader.string()
            } else {
                try reader.skipValue()
            }
        }
        guard formatVersion == StoreState.formatVersion, let appVersion, let sourceHash, let modules else { throw Self.giveUp }
        var state = StoreState(appVersion: appVersion, sourceHash: sourceHash, modules: modules, etag: etag)
        if let highestRevision {
            guard highestSHA256IsString, let highestSHA256 else { throw Self.giveUp }
            state.highestSeen = SeenManifest(revision: highestRevision, sha256: highestSHA256)
        }
        return state
    }

    /// `modules`: a module's name is a member key, so a duplicate is met by the members' own check.
    private mutating func modules() throws(JSONError) -> [String: StoreState.Module] {
        var modules: [String: StoreState.Module] = [:]
        // A module that serves a revision takes about 200 bytes: no table regrows on the way for a store as written.
        modules.reserveCapacity(min(parser.bytes.count / 192, 4_096))
        try members { reader, nameKey throws(JSONError) in
            let name = nameKey.string
            var module = StoreState.Module()
            var rejected: [String]?
            try reader.members { reader, key throws(JSONError) in
                if key.is("active") {
                    module.active = try reader.revision()
                } else if key.is("previous") {
                    module.previous = try reader.revision()
                } else if key.is("rejected") {
                    rejected = try reader.strings()
                } else {
                    try reader.skipValue()
                }
            }
            guard let rejected else { throw Self.giveUp }
            module.rejected = rejected
            if let active = module.active, !Self.isDirectory(active.directory, of: nameKey) { throw Self.giveUp }
            if let previous = module.previous, !Self.isDirectory(previous.directory, of: nameKey) { throw Self.giveUp }
            modules[name] = module
        }
        return modules
    }

    /// Whether `directory` starts with `modules/<name>/`, as the tree decoder's `hasPrefix` asks, compared without
    /// making the prefix. The name is printable ASCII, so equal bytes are equal characters, unless what follows the
    /// last `/` combines with it (`hasPrefix` compares characters): that byte must be ASCII too.
    private static func isDirectory(_ directory: String, of name: Key) -> Bool {
        var directory = directory
        let modules = StoreLayout.modulesPrefix
        return directory.withUTF8 { path in
            let count = modules.utf8CodeUnitCount + name.bytes.count + 1
            guard path.count >= count, let base = path.baseAddress,
                Key.equal(base, modules.utf8Start, count: modules.utf8CodeUnitCount),
                Key.equal(base + modules.utf8CodeUnitCount, name.bytes.baseAddress, count: name.bytes.count),
                path[count - 1] == UInt8(ascii: "/"), path.count == count || path[count] < 0x80
            else { return false }
            return true
        }
    }

    private mutating func revision() throws(JSONError) -> StoreState.Revision {
        var sha256: String?
        var revision: Int?
        var directory: String?
        try members { reader, key throws(JSONError) in
            if key.is("sha256") {
                sha256 = try reader.string()
            } else if key.is("revision") {
                revision = try reader.int()
            } else if key.is("dir") {
                directory = try reader.string()
            } else {
                try reader.skipValue()
            }
        }
        guard let sha256, let revision, let directory, (try? StoreLayout.validate(sha256: sha256)) != nil,
            StoreState.Revision.isDirectory(directory, of: sha256)
        else { throw Self.giveUp }
        return StoreState.Revision(sha256: sha256, revision: revision, directory: directory)
    }
}
