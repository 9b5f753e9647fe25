package import Foundation

/// `overlay-module.json` inside a module archive, schema_version 1: what the archive claims to hold.
///
/// The validator binds it to the manifest: its `module` and `revision` must equal the manifest entry's.
package struct ModuleHeader: Sendable, Equatable, WireArtifact {
    /// The module's name (``NameGrammar``: ASCII letters, digits, `_ . -`, not starting with `.` or `-`).
    package var module: String
    /// The shipped catalog's structural fingerprint, `sha256:<64 lowercase hex>`.
    package var sourceHash: String
    /// The manifest revision that first published this content; at least 1.
    package var revision: Int
    /// The catalog's development language.
    package var developmentRegion: String
    package var locales: [String]
    package var tables: [String]

    package init(
        module: String, sourceHash: String, revision: Int, developmentRegion: String, locales: [String],
        tables: [String]
    ) {
        self.module = module
        self.sourceHash = sourceHash
        self.revision = revision
        self.developmentRegion = developmentRegion
        self.locales = locales
        self.tables = tables
    }

    /// The file name inside the archive.
    package static let fileName = "overlay-module.json"
    static let fields: Set<String> = [
        "schema_version", "module", "source_hash", "revision", "development_region", "locales", "tables",
    ]

    /// Decodes a module header, returning one `artifact.unknown-field` warning per ignored member.
    package static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits = .default
    ) throws(ArtifactError) -> (value: ModuleHeader, warnings: [Finding]) {
        var decoder = ArtifactDecoder(artifact: fileName)
        let root = try decoder.root(data, maxBytes: limits.moduleHeaderBytes, maxDepth: limits.maxDepth)
        decoder.noteUnknownFields(of: root, known: fields)
        let header = ModuleHeader(
            module: try decoder.moduleName(root, "module"),
            sourceHash: try decoder.sourceHash(root, "source_hash"),
            revision: try decoder.revision(root, "revision"),
            developmentRegion: try decoder.nonEmptyString(root, "development_region"),
            locales: try decoder.stringList(root, "locales"),
            tables: try decoder.stringList(root, "tables"))
        return (header, decoder.warnings)
    }
}
