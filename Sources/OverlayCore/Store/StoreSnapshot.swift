package import Foundation

/// One module's active overlay revision: a complete, fsynced, immutable directory in the store.
package struct ActiveRevision: Sendable, Hashable {
    package var module: String
    /// Lowercase hex SHA-256 of the module archive the revision was extracted from.
    package var sha256: String
    /// The manifest revision in which this content was first published.
    package var revision: Int
    /// The absolute path of `modules/<Module>/<sha256>/`: an Apple-style resource bundle (`Info.plist`,
    /// `<lang>.lproj/<Table>.strings…`). A path, not a `URL`: a launch reads 30 of these and serves one or two, and
    /// Foundation's URL parsing of each cost more than reading `state.json`.
    package var path: String
    /// `path` as a directory URL.
    package var directory: URL { URL(fileURLWithPath: path, isDirectory: true) }

    package init(module: String, sha256: String, revision: Int, path: String) {
        self.module = module
        self.sha256 = sha256
        self.revision = revision
        self.path = path
    }
}

/// What the store serves at one instant: the build it belongs to and each module's active revision.
/// A snapshot never changes; a running app keeps the one it started with until it asks for a new one.
public struct StoreSnapshot: Sendable, Hashable {
    public var appVersion: String
    public var sourceHash: String
    package var modules: [String: ActiveRevision]
    /// Each module's previous revision: what a `Localizer` serves when it finds the active one damaged on disk.
    package var fallbacks: [String: ActiveRevision]
    /// Read without the open's heal (``OverlayStore/readSnapshot(at:appVersion:sourceHash:syscalls:)``): a
    /// `Localizer` checks each revision against its digest list before serving it.
    package var isUnhealed = false

    package init(
        appVersion: String, sourceHash: String, modules: [String: ActiveRevision] = [:],
        fallbacks: [String: ActiveRevision] = [:]
    ) {
        self.appVersion = appVersion
        self.sourceHash = sourceHash
        self.modules = modules
        self.fallbacks = fallbacks
    }
}
