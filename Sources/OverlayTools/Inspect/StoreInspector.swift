public import Foundation
public import OverlayCore

/// Reads a client store — healthy or damaged, copied off a device or live — and reports what it holds, without
/// writing, creating, locking for more than an instant, or following a link out of it. Damage is a finding.
///
/// ```swift
/// var options = StoreInspector.Options(store: "/tmp/store")
/// options.shipped = catalog
/// let report = StoreInspector.inspect(options)
/// ```
public enum StoreInspector {
    public struct Options: Sendable {
        public var store: String
        /// The build's shipped catalog (`--bundle`): binding, shipped-string reasons, `--explain`.
        public var shipped: Catalog?
        public var appVersion: String?
        public var trusted: TrustedKeys?
        /// Hash every revision file against its digest list and list what the store does not own.
        public var verify = false
        /// When the app process started: revisions written after it apply at its next launch.
        public var launchedAt: Date?
        /// The build's maximum overlay age (`SyncConfiguration.maxOverlayAge`): past it, a failed refresh returns
        /// every module to the shipped strings.
        public var maxAge: TimeInterval?
        public var now = Date()
        public var journalEntries = 10

        public init(store: String) { self.store = store }
    }

    public static func inspect(_ options: Options) -> InspectReport {
        var inspection = Inspection(options: options)
        inspection.run()
        return inspection.report
    }
}

/// One inspection in progress.
struct Inspection {
    /// Longest list of names a report carries (a hostile `tmp/` may hold millions).
    static let listCap = 1000

    let options: StoreInspector.Options
    let reader: StoreReader
    var report: InspectReport
    var state: ParsedState?
    var savedManifest: Manifest?

    init(options: StoreInspector.Options) {
        self.options = options
        reader = StoreReader(root: options.store)
        report = InspectReport(
            store: reader.root, state: .noStore, lock: .init(status: "absent"), verified: options.verify,
            generatedAt: options.now)
    }

    mutating func finding(_ severity: InspectReport.Finding.Severity, _ code: String, _ path: String, _ message: String) {
        report.findings.append(.init(severity: severity, code: code, path: path, message: message))
    }

    mutating func run() {
        guard let root = reader.entry("") else {
            finding(.error, "store.absent", "", "\(reader.root) does not exist: no store (never synced here, or deleted by the kill switch)")
            return
        }
        guard root.kind == .directory else {
            finding(.error, "store.not-a-directory", "", "\(reader.root) is \(root.kind.description), not a store directory")
            return
        }
        readLock()
        guard readFormat() else { return }
        readState()
        readManifest()
        readModules()
        readJournal()
        readLaunchGuard()
        readTemporary()
        if options.verify { findForeign() }
        checkBinding()
        checkAge()
    }

    /// With `--max-age`: an applied manifest older than the build's maximum overlay age means a failed refresh has
    /// returned (or will return) every module to the shipped strings.
    mutating func checkAge() {
        guard let maxAge = options.maxAge, let manifest = savedManifest else { return }
        let age = options.now.timeIntervalSince(manifest.publishedAt)
        guard age > maxAge else { return }
        let shown = "the applied manifest (revision \(manifest.revision)) was published \(InspectTime.days(age)) ago, beyond --max-age \(InspectTime.days(maxAge))"
        var serving: [String] = []
        for index in report.modules.indices where manifest.module(named: report.modules[index].name) != nil {
            if report.modules[index].serving == "overlay" {
                serving.append(report.modules[index].name)
            } else if !["revoked", "dropped", "its archive", "incompatible", "its active revision"].contains(where: {
                report.modules[index].shippedReason?.hasPrefix($0) == true
            }) {
                // Listed, not withdrawn, not rejected, yet on shipped strings: what a failed refresh past the age does.
                report.modules[index].shippedReason = "too old for --max-age: \(shown)"
            }
        }
        finding(.warning, "manifest.too-old", StoreFormat.manifestFile, serving.isEmpty
            ? "\(shown): modules it lists serve shipped strings until a sync reaches the origin"
            : "\(shown): \(serving.joined(separator: ", ")) still serve the overlay, and the next failed refresh returns them to shipped strings; check that devices reach the origin")
    }

    // MARK: Format, lock, disabled

    mutating func readLock() {
        switch reader.lockStatus() {
        case .absent: report.lock = .init(status: "absent")
        case .free: report.lock = .init(status: "free")
        case .held(let pid):
            report.lock = .init(status: "held", pid: pid,
                                detail: "held by another process\(pid.map { " (pid \($0))" } ?? ""): a sync is writing")
            finding(.note, "store.locked", StoreFormat.lockFile,
                    "LOCK is held by another process\(pid.map { " (pid \($0))" } ?? ""): a sync cycle is writing; tmp/ and unnamed revisions may be its work in progress")
        case .unreadable(let why):
            report.lock = .init(status: "unreadable", detail: why)
            finding(.warning, "store.lock-unreadable", StoreFormat.lockFile, "\(why); a writer cannot lock this store")
        }
    }

    /// Reads `store.json`; false when nothing further can be read as a store.
    mutating func readFormat() -> Bool {
        let names = reader.list("") ?? []
        if names.contains(StoreFormat.disabledFile) {
            report.state = .disabled
            finding(.note, "store.disabled", StoreFormat.disabledFile,
                    "DISABLED: the kill switch is on (a deletion the next open finishes); the app serves shipped strings only")
        }
        switch reader.read(StoreFormat.formatFile, cap: 64 * 1024) {
        case .absent:
            // Names only a store has (`tmp/` or `LOCK` alone do not make a directory a store).
            let telltales = [StoreFormat.stateFile, StoreFormat.manifestFile, StoreFormat.signatureFile, StoreFormat.modulesDirectory]
            if names.contains(where: telltales.contains) {
                report.state = .damaged
                finding(.error, "store.format-missing", StoreFormat.formatFile,
                        "store.json is missing but store files are here; the next launch starts the store over")
                return true
            }
            if report.state != .disabled {
                report.state = .noStore
                finding(.error, "store.absent", "", "\(reader.root) holds no store (no store.json): never synced, or deleted by the kill switch")
            }
            return false
        case .refused(let why):
            report.state = .damaged
            finding(.error, "store.format-unreadable", StoreFormat.formatFile, "store.json \(why); delete the store so the next sync rebuilds it")
            return true
        case .data(let data):
            switch StoreFormat.marker(data) {
            case .invalid(let why):
                report.state = .damaged
                finding(.error, "store.format-unreadable", StoreFormat.formatFile,
                        "store.json \(why): the app neither uses nor cleans a directory without its marker; move it away so the next launch starts a new store")
                return true
            case .newer(let version):
                report.formatVersion = version
                report.state = .newerFormat
                finding(.warning, "store.newer-format", StoreFormat.formatFile,
                        "store format \(version) is newer than this overlay knows (\(StoreFormat.markerVersion)): this client ignores the store and serves shipped strings; inspect it with the overlay version that wrote it")
                return false
            case .legacy:
                report.formatVersion = 1
            case .current(let version, let id):
                report.formatVersion = version
                report.storeID = id
            }
            if report.state != .disabled { report.state = .on }
            return true
        }
    }

    // MARK: State

    mutating func readState() {
        switch reader.read(StoreFormat.stateFile, cap: StoreFormat.metadataCap) {
        case .absent:
            finding(.note, "store.no-state", StoreFormat.stateFile, "no state.json: nothing was activated yet; the app serves shipped strings")
        case .refused(let why):
            finding(.error, "store.state-unreadable", StoreFormat.stateFile, "state.json \(why); the app reads the store as empty")
        case .data(let data):
            do {
                let parsed = try ParsedState(data)
                state = parsed
                report.appVersion = parsed.appVersion
                report.sourceHash = parsed.sourceHash
                for problem in parsed.problems {
                    finding(.error, "store.state-entry", StoreFormat.stateFile, problem)
                }
            } catch {
                let what = data.allSatisfy({ $0 == 0 }) ? "is \(data.count) zero bytes" : "does not parse (\(error))"
                finding(.error, "store.state-unreadable", StoreFormat.stateFile,
                        "state.json \(what); the app reads the store as empty and the next sync rebuilds it")
            }
        }
    }

    // MARK: Manifest

    mutating func readManifest() {
        var summary = InspectReport.ManifestSummary(present: false, signature: "missing")
        summary.etag = state?.etag
        summary.highestSeenRevision = state?.highestSeenRevision
        summary.highestSeenSHA256 = state?.highestSeenSHA256
        readSeen(&summary)
        defer { report.manifest = summary }
        let bytes: Data
        switch reader.read(StoreFormat.manifestFile, cap: StoreFormat.fileCap) {
        case .absent: return
        case .refused(let why):
            summary.signature = "unreadable"
            finding(.error, "store.manifest-unreadable", StoreFormat.manifestFile, "manifest.json \(why)")
            return
        case .data(let data): bytes = data
        }
        summary.present = true
        do {
            let manifest = try Manifest.decode(bytes)
            savedManifest = manifest
            summary.revision = manifest.revision
            summary.publishedAt = manifest.publishedAt
            summary.expiresAt = manifest.expiresAt
            if manifest.expiresAt < options.now {
                finding(.warning, "store.manifest-expired", StoreFormat.manifestFile,
                        "the last applied manifest (revision \(manifest.revision)) expired at \(InspectTime.string(manifest.expiresAt)); active revisions keep serving, nothing new activates until the origin serves a fresh one")
            }
        } catch {
            finding(.error, "store.manifest-unreadable", StoreFormat.manifestFile, "manifest.json does not decode: \(error.message)")
        }
        switch reader.read(StoreFormat.signatureFile, cap: 1 << 20) {
        case .absent:
            summary.signature = "missing"
            finding(.warning, "store.signature-missing", StoreFormat.signatureFile, "the saved manifest has no signature file beside it")
        case .refused(let why):
            summary.signature = "unreadable"
            finding(.error, "store.signature-unreadable", StoreFormat.signatureFile, "manifest.json.sig \(why)")
        case .data(let data):
            guard let trusted = options.trusted else {
                summary.signature = "not-checked"
                return
            }
            guard let file = try? SignatureFile.decode(data) else {
                summary.signature = "unreadable"
                finding(.error, "store.signature-unreadable", StoreFormat.signatureFile, "manifest.json.sig is not a signature file")
                return
            }
            let verdict = trusted.verify(message: bytes, signatures: file.signatures)
            summary.signers = verdict.validSignerCount
            summary.signature = verdict.isThresholdMet ? "verified" : "not-trusted"
            if !verdict.isThresholdMet {
                finding(.warning, "store.signature-not-trusted", StoreFormat.signatureFile,
                        "the saved manifest has \(verdict.validSignerCount) valid signature(s) by the --trust keys, \(trusted.threshold) needed: signed by another key (a rotation?) or altered")
            }
        }
    }

    /// `seen.json`, the second record of the highest revision seen: the higher of it and `state.json`'s counts.
    mutating func readSeen(_ summary: inout InspectReport.ManifestSummary) {
        switch reader.read(StoreFormat.seenFile, cap: 64 * 1024) {
        case .absent: return
        case .refused(let why):
            finding(.warning, "store.seen-unreadable", StoreFormat.seenFile, "seen.json \(why); state.json's record of the highest revision seen stands")
        case .data(let data):
            guard let root = try? JSONNode(StrictJSON.parse(data)).object(),
                  let revision = try? root.required("highest_manifest_revision").int() else {
                finding(.warning, "store.seen-unreadable", StoreFormat.seenFile, "seen.json does not parse; state.json's record of the highest revision seen stands")
                return
            }
            let sourceHash = try? root.required("source_hash").string()
            let appVersion = try? root.required("app_version").string()
            if let state, sourceHash != state.sourceHash || appVersion != state.appVersion { return }  // another build's
            if revision > (summary.highestSeenRevision ?? Int.min) {
                summary.highestSeenRevision = revision
                summary.highestSeenSHA256 = try? root.required("highest_manifest_sha256").string()
            }
        }
    }
}
