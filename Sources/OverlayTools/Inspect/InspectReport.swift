public import Foundation
public import OverlayCore

/// What `overlay inspect` found in a client store (`schemas/inspect-report.v1.schema.json`). Built by
/// ``StoreInspector`` without writing a byte of the store.
public struct InspectReport: Sendable {
    public enum State: String, Sendable {
        /// A store of the current format: the feature is on.
        case on
        /// The kill switch's marker is there: lookups serve shipped strings only.
        case disabled
        /// Nothing there: never synced, or deleted by the kill switch.
        case noStore = "no-store"
        /// Written by a newer (or unknown) format: a client of this version ignores it.
        case newerFormat = "newer-format"
        /// Store files are there but `store.json` is missing or unreadable.
        case damaged
    }

    public struct Finding: Sendable, Equatable {
        public enum Severity: String, Sendable { case error, warning, note }
        public var severity: Severity
        /// Stable, e.g. `store.state-unreadable`.
        public var code: String
        /// Relative to the store root; empty for the store as a whole.
        public var path: String
        public var message: String

        public init(severity: Severity, code: String, path: String, message: String) {
            self.severity = severity
            self.code = code
            self.path = path
            self.message = message
        }
    }

    public struct Revision: Sendable {
        public var sha256: String
        public var revision: Int?
        /// `modules/<Module>/<sha256>`, relative to the store.
        public var directory: String
        public var present: Bool
        /// When its digest list was written (the end of its staging; activation follows in the same cycle).
        public var writtenAt: Date?
        public var locales: [String] = []
        public var tables: [String] = []
        public var keys = 0
        /// `ok`, `mismatch`, `missing-digest-list`, `not-checked` (without `--verify`), `absent`.
        public var digest: String = "not-checked"
        /// Files whose bytes differ from the digest list, or that it does not name.
        public var mismatched: [String] = []
        /// Every file its digest list names is a regular file within the cap; else the app counts it damaged.
        var isPlain = true
    }

    public struct Rejection: Sendable {
        public var sha256: String
        /// Finding codes the journal recorded for the cycles that rejected archives.
        public var codes: [String]
    }

    public struct Module: Sendable {
        public var name: String
        public var active: Revision?
        public var previous: Revision?
        /// Complete revision directories no `state.json` names: written by a cycle that did not switch yet.
        public var staged: [Revision] = []
        /// Directories an earlier state named (superseded or revoked), kept until the next open collects them.
        public var retired: [Revision] = []
        public var rejected: [Rejection] = []
        /// `overlay` or `shipped`: what a launch of a matching build serves now.
        public var serving: String
        /// Why it serves shipped strings (revoked, dropped from the manifest, incompatible build…).
        public var shippedReason: String?
        /// With `--launched-at`: whether the active revision arrived after that launch (applies at the next one).
        public var pendingForLaunch: Bool?
    }

    public struct Binding: Sendable {
        public var bundleSourceHash: String
        public var storeSourceHash: String?
        public var appVersion: String?
        public var storeAppVersion: String?
        /// Nil when the store names no build (no readable state.json).
        public var matches: Bool?
    }

    public struct ManifestSummary: Sendable {
        public var present: Bool
        public var revision: Int?
        public var publishedAt: Date?
        public var expiresAt: Date?
        public var etag: String?
        /// `verified`, `not-trusted`, `missing`, `unreadable`, `not-checked` (no `--trust`).
        public var signature: String
        public var signers = 0
        public var highestSeenRevision: Int?
        public var highestSeenSHA256: String?
    }

    /// One module's missed keys, as a development build journaled them: the distinct count and a sample.
    public struct MissedModule: Sendable, Equatable {
        public var module: String
        public var count: Int
        public var overflow: Int
        public var keys: [String]
    }

    public struct Cycle: Sendable {
        public var at: String?
        public var outcome: String
        public var revision: Int?
        public var counters: [(String, Int)]
        public var milliseconds: Int?
        public var error: String?
        public var rejectedByCode: [(String, Int)]
        /// Archive fetches that failed, by error code, one per origin asked (`sync.mismatch`: bytes that are not the
        /// ones the manifest lists).
        public var failedByCode: [(String, Int)] = []
        /// The journal's sample of those failures: which module, which origin's copy, why.
        public var fetchFailures: [FetchFailure] = []

        /// The error's code (`sync.unreachable`): the journal writes `<code>: <message>`.
        public var errorCode: String? {
            guard let error, let colon = error.firstIndex(of: ":") else { return nil }
            let code = error[..<colon]
            let isCode = code.contains(".") && code.allSatisfy { $0.isLowercase || $0 == "." || $0 == "-" }
            return isCode ? String(code) : nil
        }
    }

    /// One failed fetch of an archive, as the journal keeps it.
    public struct FetchFailure: Sendable, Equatable {
        public var module: String
        /// The origin's copy that failed (`https://cdn…/1.0/modules/App-….zip`).
        public var url: String
        /// `sync.mismatch`, `sync.http-status`, `sync.deadline`, …
        public var code: String
    }

    public struct Lock: Sendable {
        /// `free`, `held`, `absent`, `unreadable`.
        public var status: String
        public var pid: Int?
        public var detail: String?
    }

    public struct OriginComparison: Sendable {
        public struct Change: Sendable {
            public var module: String
            public var from: String?
            public var to: String?
        }

        public var origin: String
        /// `up-to-date`, `behind`, `ahead`, `not-published`, `unreachable`, `rejected`.
        public var status: String
        public var revision: Int?
        public var behindBy: Int?
        public var changes: [Change] = []
        public var detail: String?
    }

    public var store: String
    public var state: State
    public var formatVersion: Int?
    /// The random id in the store's marker (tells two copies of one store from two stores).
    public var storeID: String?
    public var lock: Lock
    public var appVersion: String?
    public var sourceHash: String?
    public var modules: [Module] = []
    public var binding: Binding?
    public var manifest: ManifestSummary?
    public var journal: [Cycle] = []
    /// Keys a development build asked for and no catalog has (its latest journal record).
    public var missedKeys: [MissedModule] = []
    public var temporaryDebris: [String] = []
    public var foreign: [String] = []
    public var verified: Bool
    public var origin: OriginComparison?
    public var explanation: ResolutionExplanation?
    public var findings: [Finding] = []
    public var generatedAt: Date

    /// Healthy: no error or warning finding.
    public var isHealthy: Bool { !findings.contains { $0.severity != .note } }
}

// MARK: - JSON

extension InspectReport {
    /// The report as `schemas/inspect-report.v1.schema.json` describes it.
    package var json: JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func int(_ value: Int?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        func date(_ value: Date?) -> JSONValue { value.map { .string(InspectTime.string($0)) } ?? .null }
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        func counts(_ pairs: [(String, Int)]) -> JSONValue {
            .object(JSONObject(pairs.map { ($0.0, .number(JSONNumber($0.1))) }))
        }
        func revision(_ r: Revision?) -> JSONValue {
            guard let r else { return .null }
            return .object(JSONObject([
                ("sha256", .string(r.sha256)), ("revision", int(r.revision)), ("directory", .string(r.directory)),
                ("present", .bool(r.present)), ("written_at", date(r.writtenAt)),
                ("age_seconds", int(r.writtenAt.map { InspectTime.seconds(generatedAt.timeIntervalSince($0)) })),
                ("locales", strings(r.locales)), ("tables", strings(r.tables)), ("keys", int(r.keys)),
                ("digest", .string(r.digest)), ("mismatched", strings(r.mismatched)),
            ]))
        }
        var members: [(String, JSONValue)] = [
            ("schema_version", .number(JSONNumber(1))), ("store", .string(store)), ("state", .string(state.rawValue)),
            ("healthy", .bool(isHealthy)), ("generated_at", date(generatedAt)), ("format_version", int(formatVersion)),
            ("store_id", string(storeID)),
            ("lock", .object(JSONObject([("status", .string(lock.status)), ("pid", int(lock.pid)),
                                         ("detail", string(lock.detail))]))),
            ("app_version", string(appVersion)), ("source_hash", string(sourceHash)),
        ]
        members.append(("modules", .array(modules.map { module in
            .object(JSONObject([
                ("name", .string(module.name)), ("serving", .string(module.serving)),
                ("shipped_reason", string(module.shippedReason)), ("active", revision(module.active)),
                ("previous", revision(module.previous)), ("staged", .array(module.staged.map { revision($0) })),
                ("retired", .array(module.retired.map { revision($0) })),
                ("rejected", .array(module.rejected.map {
                    .object(JSONObject([("sha256", .string($0.sha256)), ("codes", strings($0.codes))]))
                })),
                ("pending_for_launch", module.pendingForLaunch.map(JSONValue.bool) ?? .null),
            ]))
        })))
        members.append(("binding", binding.map { b in
            .object(JSONObject([
                ("bundle_source_hash", .string(b.bundleSourceHash)), ("store_source_hash", string(b.storeSourceHash)),
                ("app_version", string(b.appVersion)), ("store_app_version", string(b.storeAppVersion)),
                ("matches", b.matches.map(JSONValue.bool) ?? .null),
            ]))
        } ?? .null))
        members.append(("manifest", manifest.map { m in
            .object(JSONObject([
                ("present", .bool(m.present)), ("revision", int(m.revision)), ("published_at", date(m.publishedAt)),
                ("expires_at", date(m.expiresAt)), ("etag", string(m.etag)), ("signature", .string(m.signature)),
                ("signers", int(m.signers)), ("highest_seen_revision", int(m.highestSeenRevision)),
                ("highest_seen_sha256", string(m.highestSeenSHA256)),
            ]))
        } ?? .null))
        members.append(("journal", .array(journal.map { c in
            .object(JSONObject([
                ("at", string(c.at)), ("outcome", .string(c.outcome)), ("revision", int(c.revision)),
                ("counters", counts(c.counters)), ("ms", int(c.milliseconds)), ("error", string(c.error)), ("error_code", string(c.errorCode)),
                ("rejected_by_code", counts(c.rejectedByCode)), ("failed_by_code", counts(c.failedByCode)),
                ("fetch_failures", .array(c.fetchFailures.map {
                    .object(JSONObject([("module", .string($0.module)), ("url", .string($0.url)), ("code", .string($0.code))]))
                })),
            ]))
        })))
        members.append(("missed_keys", .array(missedKeys.map { m in
            .object(JSONObject([
                ("module", .string(m.module)), ("count", int(m.count)), ("overflow", int(m.overflow)), ("keys", strings(m.keys)),
            ]))
        })))
        members.append(("tmp_debris", strings(temporaryDebris)))
        members.append(("foreign", strings(foreign)))
        members.append(("verified", .bool(verified)))
        members.append(("origin", origin.map { o in
            .object(JSONObject([
                ("origin", .string(o.origin)), ("status", .string(o.status)), ("revision", int(o.revision)),
                ("behind_by", int(o.behindBy)),
                ("changes", .array(o.changes.map {
                    .object(JSONObject([("module", .string($0.module)), ("from", string($0.from)), ("to", string($0.to))]))
                })),
                ("detail", string(o.detail)),
            ]))
        } ?? .null))
        members.append(("explanation", explanation.map(Self.json) ?? .null))
        members.append(("findings", .array(findings.map { f in
            .object(JSONObject([("severity", .string(f.severity.rawValue)), ("code", .string(f.code)),
                                ("path", .string(f.path)), ("message", .string(f.message))]))
        })))
        return .object(JSONObject(members))
    }

    /// An explanation as JSON (also `overlay resolve --json --trace`'s shape).
    package static func json(_ e: ResolutionExplanation) -> JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object(JSONObject([
            ("key", .string(e.key)), ("module", .string(e.module)), ("table", .string(e.table)),
            ("chain", .array(e.chain.map(JSONValue.string))), ("shown", .string(e.shown)),
            ("layer", .string(e.resolution.layer.rawValue)), ("locale", string(e.resolution.locale)),
            ("revision", e.resolution.revision.map { .number(JSONNumber($0)) } ?? .null),
            ("steps", .array(e.steps.map { step in
                .object(JSONObject([
                    ("locale", .string(step.locale)), ("layer", .string(step.layer.rawValue)),
                    ("outcome", .string(step.outcome.rawValue)), ("value", string(step.value)),
                    ("revision", step.revision.map { .number(JSONNumber($0)) } ?? .null),
                    ("rejection", string(step.rejection)),
                ]))
            })),
            ("pending_revision", e.pending.map { .number(JSONNumber($0.revision)) } ?? .null),
            ("pending_value", string(e.pendingValue)),
            ("other_locales", .array(e.otherLocales.map(JSONValue.string))),
            ("reason", .string(e.reason.rawValue)), ("sentence", .string(e.sentence)),
        ]))
    }
}
