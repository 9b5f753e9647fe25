package import Foundation

/// `<origin>/<app-version>/manifest.json`, schema_version 1: what the origin publishes for one app version.
package struct Manifest: Sendable, Equatable, WireArtifact {
    /// One module archive the manifest lists.
    package struct Module: Sendable, Equatable {
        /// The module's name (``NameGrammar``: ASCII letters, digits, `_ . -`, not starting with `.` or `-`), unique
        /// within the manifest.
        package var name: String
        /// `modules/<name>-<sha256 prefix>.zip`, relative to the app version's folder (see ``archivePath(name:sha256:)``).
        package var path: String
        /// Lowercase hex SHA-256 of the archive's bytes.
        package var sha256: String
        /// The archive's size in bytes.
        package var size: Int
        /// The manifest revision in which this content was first published (1 ≤ revision ≤ the manifest's).
        package var revision: Int
        package var locales: [String]
        package var tables: [String]
        /// The number of entries (strings and plurals) over all its tables and locales.
        package var entries: Int

        package init(
            name: String, path: String, sha256: String, size: Int, revision: Int, locales: [String],
            tables: [String], entries: Int
        ) {
            self.name = name
            self.path = path
            self.sha256 = sha256
            self.size = size
            self.revision = revision
            self.locales = locales
            self.tables = tables
            self.entries = entries
        }
    }

    /// A module archive clients must never activate, named by its module and SHA-256.
    package struct Revocation: Sendable, Hashable {
        package var module: String
        /// Lowercase hex SHA-256 of the revoked archive.
        package var sha256: String

        package init(module: String, sha256: String) {
            self.module = module
            self.sha256 = sha256
        }
    }

    /// The app version (the `<app-version>` folder) this manifest belongs to; ``NameGrammar`` decides its spelling.
    package var appVersion: String
    /// The shipped catalog's structural fingerprint, `sha256:<64 lowercase hex>`.
    package var sourceHash: String
    /// The catalog's development language, e.g. `en`.
    package var developmentRegion: String
    /// Increases with every publish for this app version; 1…``maximumRevision``.
    package var revision: Int
    /// When the manifest was published (whole seconds).
    package var publishedAt: Date
    /// After this instant clients stop trusting the manifest (freeze-attack protection); after ``publishedAt``.
    package var expiresAt: Date
    /// Archives clients must not activate.
    package var revoked: [Revocation]
    /// The module archives, in publication order.
    package var modules: [Module]

    package init(
        appVersion: String, sourceHash: String, developmentRegion: String, revision: Int, publishedAt: Date,
        expiresAt: Date, revoked: [Revocation] = [], modules: [Module]
    ) {
        self.appVersion = appVersion
        self.sourceHash = sourceHash
        self.developmentRegion = developmentRegion
        self.revision = revision
        self.publishedAt = publishedAt
        self.expiresAt = expiresAt
        self.revoked = revoked
        self.modules = modules
    }

    /// The highest revision a manifest, a module or an archive header may carry: 2^53 − 1, the largest integer every
    /// JSON reader (JavaScript, Python's float path, jq) keeps exact, so a revision never changes on the way.
    package static let maximumRevision = 9_007_199_254_740_991

    /// The number of hex digits of the archive's SHA-256 in its file name (the "sha256 prefix").
    package static let archiveHashPrefixLength = 16

    /// `modules/<name>-<first 16 hex digits of sha256>.zip`: where a module archive lives in the origin.
    package static func archivePath(name: String, sha256: String) -> String {
        "modules/\(name)-\(sha256.prefix(archiveHashPrefixLength)).zip"
    }

    package func module(named name: String) -> Module? {
        modules.first { $0.name == name }
    }

    package func isRevoked(module: String, sha256: String) -> Bool {
        revoked.contains(Revocation(module: module, sha256: sha256))
    }
}
