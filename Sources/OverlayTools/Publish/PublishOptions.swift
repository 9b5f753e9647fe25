public import Foundation
public import OverlayCore
public import OverlayPublishing

/// What `overlay publish` was asked to do.
public struct PublishOptions: Sendable {
    public var catalog: URL
    /// The catalog the build shipped (`--bundle`): values identical to it cannot change what devices show, so their
    /// findings do not block, and the publish must bind to its source hash. Nil judges every value in full.
    public var shipped: URL?
    /// The `<app-version>` folder of the origin: ``NameGrammar`` (`1.0`, `2.3.1-beta+45`), nothing that could escape.
    public var appVersion: String
    public var keys: [Ed25519PrivateKey]
    /// The origin root to write (`<origin>/<app-version>/…`).
    public var output: URL
    /// Where the current manifest lives when `output` does not hold it (an ephemeral CI runner): an origin URL or
    /// directory. Revision numbering and module reuse continue from it; a missing manifest there is an error unless
    /// ``firstPublish`` says there is none yet.
    public var from: String?
    /// The revision to publish, 1…``Manifest/maximumRevision``; by default the previous one plus one. Lower or equal is
    /// refused.
    public var revision: Int?
    /// Seconds from now to `expires_at`, within ``expiresInRange``.
    public var expiresIn: TimeInterval
    package var revoke: [Manifest.Revocation]
    /// This is the first publish for the app version: `from` may hold no manifest yet (and must not hold one).
    public var firstPublish: Bool
    /// Public keys besides the signing keys' own that may have signed the current manifest (key rotation: the old key
    /// no longer signs). The current manifest is reused only when one of these or a signing key signed it.
    public var trust: [Ed25519PublicKey]
    public var now: Date
    /// How the app shows a `.strings` value that takes no arguments, for modules whose Info.plist does not say
    /// (`--plain-strings`, docs/FORMATS.md §4.6).
    package var plainStrings: PlainStrings = .asWritten

    /// `--expires-in` from one minute to 90 days: a client refuses a manifest that lives longer than its maximum
    /// manifest age (90 days unless the build says otherwise), so a longer one would be rejected everywhere.
    public static let expiresInRange: ClosedRange<TimeInterval> = 60...(90 * 86_400)

    package init(
        catalog: URL, shipped: URL? = nil, appVersion: String, keys: [Ed25519PrivateKey], output: URL, from: String? = nil,
        revision: Int? = nil, expiresIn: TimeInterval = 30 * 86_400, revoke: [Manifest.Revocation] = [],
        firstPublish: Bool = false, trust: [Ed25519PublicKey] = [], now: Date = Date()
    ) {
        self.catalog = catalog
        self.shipped = shipped
        self.appVersion = appVersion
        self.keys = keys
        self.output = output
        self.from = from
        self.revision = revision
        self.expiresIn = expiresIn
        self.revoke = revoke
        self.firstPublish = firstPublish
        self.trust = trust
        self.now = now
    }
}

/// What a publish did, module by module.
public struct PublishReport: Sendable {
    public enum ModuleStatus: String, Sendable {
        /// Not in the previous manifest.
        case added
        /// Content changed: a new archive.
        case changed
        /// Same content: the previous archive, path and revision are kept, so clients skip it.
        case unchanged
    }

    public struct Module: Sendable {
        public var name: String
        public var sha256: String
        public var size: Int
        public var revision: Int
        public var path: String
        public var status: ModuleStatus
        /// The archive was reused through the build record (docs/FORMATS.md §9): not parsed, checked, built or
        /// validated again.
        package var fromBuildRecord = false
    }

    public var appVersion: String
    public var revision: Int
    public var previousRevision: Int?
    public var sourceHash: String
    public var manifestPath: URL
    public var manifestSHA256: String
    public var expiresAt: Date
    public var modules: [Module]
    /// Modules of the previous manifest that are no longer published (clients return to shipped strings).
    public var removed: [String]
    package var revoked: [Manifest.Revocation]
    /// Warnings (errors stop the publish before anything is written).
    public var findings: [Finding] { Array(findingList) }
    /// The same, each table's missing translations kept as keys (``FindingList``).
    package var findingList: FindingList
    /// When nothing changed since the last publish into this origin (its build record matched), the catalog is not
    /// checked again: ``findings`` is empty, and these are the counts that publish reported, by code and severity.
    package var unrepeatedFindings: [FindingCount] = []
}

/// A publish that was refused before anything was written.
public struct PublishError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The catalog findings that made it refuse, if any.
    public var findings: [Finding] { Array(findingList) }
    /// The same, each table's missing translations kept as keys (``FindingList``).
    package var findingList: FindingList

    public init(_ message: String, findings: [Finding] = []) {
        self.init(message, findingList: FindingList(findings))
    }

    package init(_ message: String, findingList: FindingList) {
        self.message = message
        self.findingList = findingList
    }

    public var description: String { message }
}

/// How many findings of one code and severity the publish reported: a republish from the record says so instead of
/// repeating them. Only counts: a real app's catalog gave 176,000 missing-translation warnings, whose text made a
/// 74 MB record that no reuse needs.
package struct FindingCount: Codable, Equatable, Sendable {
    package var code: String
    package var severity: String
    package var count: Int

    /// One count per code and severity, in the order the findings came.
    package static func counting(_ findings: FindingList) -> [FindingCount] {
        findings.counts.map { FindingCount(code: $0.code, severity: $0.severity.rawValue, count: $0.count) }
    }
}
