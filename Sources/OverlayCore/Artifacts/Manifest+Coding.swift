package import Foundation

extension Manifest {
    static let fileName = "manifest.json"
    static let fields: Set<String> = [
        "schema_version", "app_version", "source_hash", "development_region", "revision", "published_at",
        "expires_at", "revoked", "modules",
    ]
    static let moduleFields: Set<String> = [
        "name", "path", "sha256", "size", "revision", "locales", "tables", "entries",
    ]
    static let revocationFields: Set<String> = ["module", "sha256"]

    /// Decodes and checks a manifest, returning one `artifact.unknown-field` warning per ignored member.
    ///
    /// Checks beyond types: hex digests and `source_hash` shape, revision within 1…``maximumRevision``, each module's
    /// revision within 1…manifest revision, `app_version` and module names by ``NameGrammar``, module names unique,
    /// each path equal to ``archivePath(name:sha256:)``, `expires_at` after `published_at`.
    package static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits = .default
    ) throws(ArtifactError) -> (value: Manifest, warnings: [Finding]) {
        var decoder = ArtifactDecoder(artifact: fileName)
        let root = try decoder.root(data, maxBytes: limits.manifestBytes, maxDepth: limits.maxDepth)
        decoder.noteUnknownFields(of: root, known: fields)
        let revision = try decoder.revision(root, "revision")
        let publishedAt = try decoder.date(root, "published_at")
        let expiresAt = try decoder.date(root, "expires_at")
        guard expiresAt > publishedAt else {
            throw decoder.invalid(
                try decoder.node(root, "expires_at"),
                "must be after published_at (\(RFC3339.string(from: publishedAt))); publish with a positive --expires-in")
        }
        var manifest = Manifest(
            appVersion: try decoder.appVersion(root, "app_version"),
            sourceHash: try decoder.sourceHash(root, "source_hash"),
            developmentRegion: try decoder.nonEmptyString(root, "development_region"),
            revision: revision, publishedAt: publishedAt, expiresAt: expiresAt, modules: [])
        for node in try decoder.json({ () throws(JSONError) in try root.required("revoked").array() }) {
            let object = try decoder.json { () throws(JSONError) in try node.object() }
            decoder.noteUnknownFields(of: object, known: revocationFields)
            manifest.revoked.append(
                Revocation(module: try decoder.moduleName(object, "module"), sha256: try decoder.hex64(object, "sha256")))
        }
        var names: Set<String> = []
        for node in try decoder.json({ () throws(JSONError) in try root.required("modules").array() }) {
            let module = try decodeModule(node, manifestRevision: revision, decoder: &decoder)
            guard names.insert(module.name).inserted else {
                throw decoder.invalid(
                    try decoder.node(try decoder.json { () throws(JSONError) in try node.object() }, "name"),
                    "module \(decoder.quoted(module.name)) is listed twice; list each module once")
            }
            manifest.modules.append(module)
        }
        return (manifest, decoder.warnings)
    }

    private static func decodeModule(
        _ node: JSONNode, manifestRevision: Int, decoder: inout ArtifactDecoder
    ) throws(ArtifactError) -> Module {
        let object = try decoder.json { () throws(JSONError) in try node.object() }
        decoder.noteUnknownFields(of: object, known: moduleFields)
        let name = try decoder.moduleName(object, "name")
        let sha256 = try decoder.hex64(object, "sha256")
        let path = try decoder.string(object, "path")
        let expectedPath = archivePath(name: name, sha256: sha256)
        guard path == expectedPath else {
            throw decoder.invalid(
                try decoder.node(object, "path"),
                "expected \(decoder.quoted(expectedPath)) (modules/<name>-<first \(archiveHashPrefixLength) hex "
                    + "digits of sha256>.zip), found \(decoder.quoted(path))")
        }
        let revision = try decoder.revision(object, "revision")
        guard revision <= manifestRevision else {
            throw decoder.invalid(
                try decoder.node(object, "revision"),
                "module revision \(revision) is above the manifest revision \(manifestRevision); a module's "
                    + "revision is the manifest revision that first published its content")
        }
        return Module(
            name: name, path: path, sha256: sha256, size: try decoder.int(object, "size", minimum: 0),
            revision: revision, locales: try decoder.stringList(object, "locales"),
            tables: try decoder.stringList(object, "tables"), entries: try decoder.int(object, "entries", minimum: 0))
    }
}
