public import Foundation
public import OverlayCore

/// What `overlay matrix` runs against: the candidate origin, the build's shipped catalog and trusted keys.
public struct MatrixOptions: Sendable {
    /// The candidate origin root (a staging directory `publish --out` wrote).
    public var origin: URL
    /// The build's shipped catalog.
    public var bundle: URL
    /// The keys the build trusts, with its threshold.
    public var trustedKeys: TrustedKeys
    /// The app version folder of the origin; nil reads it from the origin when it holds exactly one.
    public var appVersion: String?
    /// Swift sources of the app and its dependencies, for scenario 9 (`overlay lint`); empty: not run.
    public var sources: [String]
    /// The `overlay` binary whose hidden `_torture sync` mode is the child scenario 12 kills; nil: an `overlay` next to
    /// the running executable (the `overlay` command passes itself).
    public var childExecutable: URL?
    /// Where the scenarios' temporary stores live (a fresh folder inside is removed at the end).
    public var temporaryDirectory: URL
    /// Only these scenario ids (tests that look at one scenario); nil runs all.
    package var onlyScenarios: Set<String>?

    public init(
        origin: URL, bundle: URL, trustedKeys: TrustedKeys, appVersion: String? = nil, sources: [String] = [],
        childExecutable: URL? = nil, temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.origin = origin
        self.bundle = bundle
        self.trustedKeys = trustedKeys
        self.appVersion = appVersion
        self.sources = sources
        self.childExecutable = childExecutable
        self.temporaryDirectory = temporaryDirectory
    }
}

/// One row of the matrix: what was run, what was expected, what was seen.
public struct MatrixResult: Sendable {
    public enum Verdict: String, Sendable {
        case pass
        case fail
        /// The scenario could not run (scenario 9 without `--sources`); it counts as not passed.
        case notRun = "not-run"
    }

    public var number: Int
    /// A stable identifier, e.g. `first-launch-offline`.
    public var id: String
    public var title: String
    public var expected: String
    public var observed: String
    public var verdict: Verdict
    public var duration: Duration

    public var isPassed: Bool { verdict == .pass }
}

/// The candidate as the matrix read it: enough for a release manager to know what was tested.
public struct MatrixCandidateSummary: Sendable {
    public struct Module: Sendable {
        public var name: String
        public var sha256: String
        public var revision: Int
        public var size: Int
        public var locales: [String]
    }

    public var origin: String
    public var appVersion: String
    public var revision: Int?
    public var sourceHash: String?
    public var buildSourceHash: String
    public var publishedAt: Date?
    public var expiresAt: Date?
    public var modules: [Module]
}

/// Everything one matrix run found.
public struct MatrixReport: Sendable {
    public var candidate: MatrixCandidateSummary
    public var results: [MatrixResult]
    public var duration: Duration

    public var passed: Int { results.filter(\.isPassed).count }
    public var failed: Int { results.filter { $0.verdict == .fail }.count }
    public var notRun: Int { results.filter { $0.verdict == .notRun }.count }
    /// Green only when every scenario passed (a scenario not run is not a pass).
    public var isGreen: Bool { results.allSatisfy(\.isPassed) }
}

/// A problem that stops the matrix before any scenario runs (an unreadable catalog, no app version to test).
public struct MatrixError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension Duration {
    /// Milliseconds, for reports.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
