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
        readTemporary()
        if options.verify { findForeign() }
        checkBinding()
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
        if StoreFormat.disabledMarkers.contains(where: names.contains) {
            report.state = .disabled
            finding(.note, "store.disabled", "", "the kill switch is on: the app serves shipped strings only")
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
            let version = (try? JSONNode(StrictJSON.parse(data)).object()).flatMap { object in
                (try? object.optional("format_version", as: Int.self)) ?? (try? object.optional("version", as: Int.self))
            }
            guard let version else {
                report.state = .damaged
                finding(.error, "store.format-unreadable", StoreFormat.formatFile,
                        "store.json is not a store format marker (\(data.count) bytes that do not parse as one); delete the store so the next sync rebuilds it")
                return true
            }
            report.formatVersion = version
            guard version == StoreFormat.formatVersion else {
                report.state = .newerFormat
                finding(.warning, "store.newer-format", StoreFormat.formatFile,
                        "store format \(version) is not \(StoreFormat.formatVersion): this client ignores the store and serves shipped strings")
                return false
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
                        "the last applied manifest (revision \(manifest.revision)) expired at \(RFC3339.string(from: manifest.expiresAt)); active revisions keep serving, nothing new activates until the origin serves a fresh one")
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
            let verdict = trusted.verify(
                message: bytes,
                signatures: file.signatures.map { SignatureRecord(keyid: $0.keyid, alg: $0.alg, sig: $0.sig) })
            summary.signers = verdict.validSignerCount
            summary.signature = verdict.isThresholdMet ? "verified" : "not-trusted"
            if !verdict.isThresholdMet {
                finding(.warning, "store.signature-not-trusted", StoreFormat.signatureFile,
                        "the saved manifest has \(verdict.validSignerCount) valid signature(s) by the --trust keys, \(trusted.threshold) needed: signed by another key (a rotation?) or altered")
            }
        }
    }

    // MARK: Modules

    mutating func readModules() {
        let onDisk = reader.list(StoreFormat.modulesDirectory)
        if onDisk == nil, reader.entry(StoreFormat.modulesDirectory) != nil {
            finding(.error, "store.modules-unreadable", StoreFormat.modulesDirectory, "modules/ is not a directory")
        }
        var names = Set(onDisk ?? [])
        names.formUnion(state?.modules.keys ?? [:].keys)
        let lastCodes = rejectedCodesFromJournal()
        let stateModified = reader.entry(StoreFormat.stateFile)?.modified
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let path = "\(StoreFormat.modulesDirectory)/\(name)"
            if let entry = reader.entry(path), entry.kind != .directory {
                finding(.warning, "store.foreign", path, "modules/\(name) is \(entry.kind.description), not a module directory; the store never writes one, and inspect does not look through it")
            }
            let recorded = state?.modules[name]
            var module = InspectReport.Module(name: name, serving: "shipped")
            module.active = recorded?.active.map { revisionReport(module: name, $0.sha256, $0.revision, role: "active") }
            module.previous = recorded?.previous.map { revisionReport(module: name, $0.sha256, $0.revision, role: "previous") }
            module.rejected = (recorded?.rejected ?? []).map { .init(sha256: $0, codes: lastCodes) }
            for sha in module.rejected.map(\.sha256) {
                finding(.warning, "module.rejected", path,
                        "\(name): archive \(sha.prefix(12))… was rejected under the current manifest\(lastCodes.isEmpty ? "" : " (\(lastCodes.joined(separator: ", ")))"); it is not fetched again until the manifest changes — fix the catalog and publish")
            }
            let named = Set([recorded?.active?.sha256, recorded?.previous?.sha256].compactMap { $0 })
            for child in reader.list(path) ?? [] where !named.contains(child) {
                guard isSHA256(child), reader.entry("\(path)/\(child)")?.kind == .directory else {
                    if options.verify, report.foreign.count < Self.listCap {
                        report.foreign.append("\(path)/\(child)")
                        finding(.warning, "store.foreign", "\(path)/\(child)", "not a revision directory: the store does not own it")
                    }
                    continue
                }
                // Staging writes the directory, then the cycle replaces state.json: a directory newer than state.json
                // waits for that switch; an older one was left out by it (superseded or revoked, kept until the next
                // open collects it, so a running snapshot never loses files).
                let written = reader.entry("\(path)/\(child)/\(StoreFormat.digestListFile)")?.modified
                let isStaged = stateModified == nil || (written ?? .distantFuture) > stateModified!
                let listed = savedManifest?.module(named: name).flatMap { $0.sha256 == child ? $0.revision : nil }
                let revision = revisionReport(module: name, child, listed, role: isStaged ? "staged" : "retired")
                if isStaged {
                    module.staged.append(revision)
                    finding(.note, "module.staged", revision.directory,
                            "\(name): revision directory \(child.prefix(12))… is newer than state.json, which does not name it: staged by a cycle that has not switched (in progress, or interrupted); never served as it is — the next sync verifies and reuses it, the next launch removes it")
                } else {
                    module.retired.append(revision)
                    let revoked = savedManifest?.isRevoked(module: name, sha256: child) == true
                    finding(.note, "module.retired", revision.directory,
                            state == nil
                                ? "\(name): revision directory \(child.prefix(12))… is named by no readable state.json; the next launch removes it"
                                : "\(name): revision directory \(child.prefix(12))… is \(revoked ? "revoked" : "superseded") and no longer named by state.json; the next launch removes it")
                }
            }
            decideServing(&module, recorded: recorded)
            report.modules.append(module)
        }
    }

    mutating func decideServing(_ module: inout InspectReport.Module, recorded: ParsedState.Module?) {
        let name = module.name
        if let active = module.active {
            if !active.present {
                module.shippedReason = "its active revision directory is missing"
                finding(.error, "module.active-missing", active.directory,
                        "\(name): state.json names revision \(active.sha256.prefix(12))… but its directory is missing; the app shows shipped strings for \(name) until the next sync")
            } else if active.digest == "mismatch" || active.digest == "missing-digest-list" || !active.isPlain {
                module.shippedReason = "its active revision is damaged"
                module.serving = "overlay"
            } else {
                module.serving = "overlay"
            }
            if let launchedAt = options.launchedAt, let written = active.writtenAt {
                module.pendingForLaunch = written > launchedAt
            }
            return
        }
        if let manifest = savedManifest {
            if let sha = recorded?.previous?.sha256, manifest.isRevoked(module: name, sha256: sha) {
                module.shippedReason = "revoked in manifest revision \(manifest.revision)"
            } else if manifest.revoked.contains(where: { $0.module == name }) && manifest.module(named: name) == nil {
                module.shippedReason = "revoked in manifest revision \(manifest.revision)"
            } else if manifest.module(named: name) == nil {
                module.shippedReason = "dropped from manifest revision \(manifest.revision)"
            } else if !module.rejected.isEmpty {
                module.shippedReason = "its archive was rejected"
            }
        }
        if module.shippedReason == nil {
            module.shippedReason = state == nil ? stateMissingReason
                : recorded == nil ? "never activated" : "no active revision"
        }
    }

    /// The rejection codes of the latest journal cycle that rejected something.
    func rejectedCodesFromJournal() -> [String] {
        journalLines().cycles.last { !$0.rejectedByCode.isEmpty }?.rejectedByCode.map(\.0) ?? []
    }

    mutating func revisionReport(module: String, _ sha256: String, _ revision: Int?, role: String) -> InspectReport.Revision {
        let directory = "\(StoreFormat.modulesDirectory)/\(module)/\(sha256)"
        var result = InspectReport.Revision(sha256: sha256, revision: revision, directory: directory, present: false)
        guard let entry = reader.entry(directory) else {
            result.digest = "absent"
            return result
        }
        guard entry.kind == .directory else {
            result.digest = "absent"
            result.isPlain = false
            finding(.error, "revision.not-a-directory", directory, "\(role) revision \(directory) is \(entry.kind.description), not a directory")
            return result
        }
        result.present = true
        let digestPath = "\(directory)/\(StoreFormat.digestListFile)"
        result.writtenAt = reader.entry(digestPath)?.modified
        var locales: Set<String> = []
        var tables: Set<String> = []
        var files: [String] = []
        for (path, item) in reader.walk(directory) {
            let relative = String(path.dropFirst(directory.count + 1))
            switch item.kind {
            case .directory: continue
            case .regular: files.append(relative)
            default:
                result.isPlain = false
                finding(.error, "revision.not-regular", path, "\(path) is \(item.kind.description): a revision holds only regular files; the resolver will not read this revision")
                continue
            }
            let parts = relative.split(separator: "/")
            guard parts.count == 2, parts[0].hasSuffix(".lproj") else { continue }
            let file = String(parts[1])
            let table: String
            if file.hasSuffix(".strings") { table = String(file.dropLast(".strings".count)) }
            else if file.hasSuffix(".stringsdict") { table = String(file.dropLast(".stringsdict".count)) }
            else { continue }
            locales.insert(String(parts[0].dropLast(".lproj".count)))
            tables.insert(table)
            switch reader.read(path, cap: StoreFormat.fileCap) {
            case .data(let data):
                if data.allSatisfy({ $0 == 0 }) && !data.isEmpty {
                    finding(.error, "revision.zero-filled", path, "\(path) is \(data.count) zero bytes (a lost write): this table serves nothing")
                } else if file.hasSuffix(".strings") {
                    do { result.keys += try StringsReader.read(data).entries.count } catch {
                        finding(.error, "revision.unparsable", path, "\(path) does not parse as .strings: \(error.message)")
                    }
                } else {
                    do { result.keys += try StringsdictReader.readFile(data).entries.count } catch {
                        finding(.error, "revision.unparsable", path, "\(path) does not parse as .stringsdict: \(error.message)")
                    }
                }
            case .refused(let why):
                finding(.error, "revision.unreadable", path, "\(path) \(why)")
            case .absent: break
            }
        }
        result.locales = locales.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        result.tables = tables.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        if !files.contains(StoreFormat.digestListFile) {
            result.digest = "missing-digest-list"
            finding(role == "staged" ? .note : .error, "revision.no-digest-list", directory,
                    "\(directory) has no digest list: \(role == "staged" ? "its write did not finish" : "it cannot be verified")")
        } else if options.verify {
            verifyDigests(&result, files: files)
        }
        return result
    }

    mutating func verifyDigests(_ result: inout InspectReport.Revision, files: [String]) {
        let directory = result.directory
        let listPath = "\(directory)/\(StoreFormat.digestListFile)"
        guard case .data(let data) = reader.read(listPath, cap: StoreFormat.metadataCap),
              let root = try? JSONNode(StrictJSON.parse(data)).object(),
              let listed = try? root.required("files").object().members
        else {
            result.digest = "mismatch"
            result.mismatched = [StoreFormat.digestListFile]
            finding(.error, "revision.digest-list-unreadable", listPath, "the digest list does not parse: the revision cannot be verified")
            return
        }
        var expected: [String: String] = [:]
        for (path, node) in listed { expected[path] = try? node.string() }
        var mismatched: Set<String> = []
        for (path, sha) in expected {
            guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                mismatched.insert(path)
                continue
            }
            guard case .data(let bytes) = reader.read("\(directory)/\(path)", cap: StoreFormat.fileCap),
                  SHA256.hash(bytes).hex == sha else {
                mismatched.insert(path)
                continue
            }
        }
        for file in files where file != StoreFormat.digestListFile && expected[file] == nil { mismatched.insert(file) }
        result.mismatched = mismatched.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        result.digest = mismatched.isEmpty ? "ok" : "mismatch"
        for path in result.mismatched {
            finding(.error, "revision.digest-mismatch", "\(directory)/\(path)",
                    "\(directory)/\(path) does not match the digest list written at activation (changed, missing or added after); the store heals it at a later open or sync")
        }
    }

    // MARK: Journal, tmp, foreign

    struct JournalRead {
        var cycles: [InspectReport.Cycle] = []
        var torn: [String] = []
        var garbage = 0
        var unreadable: [String] = []
    }

    func journalLines() -> JournalRead {
        var read = JournalRead()
        for file in StoreFormat.journalFiles {
            let data: Data
            switch reader.read(file, cap: StoreFormat.journalCap) {
            case .absent: continue
            case .refused(let why):
                read.unreadable.append("\(file) \(why)")
                continue
            case .data(let bytes): data = bytes
            }
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.isEmpty {
                guard let object = try? JSONNode(StrictJSON.parse(Data(line))).object() else {
                    if index == lines.count - 1 { read.torn.append(file) } else { read.garbage += 1 }
                    continue
                }
                var cycle = InspectReport.Cycle(
                    at: try? object.optional("at", as: String.self),
                    outcome: (try? object.optional("outcome", as: String.self)) ?? "unknown",
                    revision: try? object.optional("revision", as: Int.self), counters: [],
                    milliseconds: try? object.optional("ms", as: Int.self),
                    error: try? object.optional("error", as: String.self), rejectedByCode: [])
                for (key, node) in object.members where !["at", "outcome", "revision", "ms", "error"].contains(key) {
                    if let value = try? node.int() { cycle.counters.append((key, value)) }
                }
                if let codes = try? object.optional("rejected_by_code")?.object() {
                    cycle.rejectedByCode = codes.members.compactMap { member in (try? member.node.int()).map { (member.key, $0) } }
                }
                read.cycles.append(cycle)
            }
        }
        return read
    }

    mutating func readJournal() {
        let read = journalLines()
        report.journal = Array(read.cycles.suffix(options.journalEntries))
        for file in read.torn {
            finding(.warning, "journal.torn", file, "the last line of \(file) is cut mid-line (a crash while appending); the lines before it read")
        }
        for problem in read.unreadable {
            finding(.warning, "journal.unreadable", StoreFormat.journalFiles[1], "\(problem); its history is not shown")
        }
        if read.garbage > 0 {
            finding(.warning, "journal.garbage", StoreFormat.journalFiles[1], "\(read.garbage) journal line(s) do not parse; skipped")
        }
        let trailing = read.cycles.reversed().prefix { ["failed", "partial", "rejected"].contains($0.outcome) }
        if let last = trailing.first {
            let times = trailing.count == 1 ? "the last cycle" : "the last \(trailing.count) cycles"
            finding(.warning, "journal.failing", StoreFormat.journalFiles[1],
                    "\(times) ended \(last.outcome)\(last.error.map { ": \($0)" } ?? "")\(last.rejectedByCode.isEmpty ? "" : " [rejected: \(last.rejectedByCode.map(\.0).joined(separator: ", "))]")")
        }
    }

    mutating func readTemporary() {
        guard let names = reader.list(StoreFormat.temporaryDirectory) else { return }
        report.temporaryDebris = Array(names.prefix(Self.listCap))
        if !names.isEmpty {
            let live = report.lock.status == "held"
            finding(live ? .note : .warning, "store.tmp-debris", StoreFormat.temporaryDirectory,
                    "\(names.count) name(s) in tmp/\(live ? " while a writer holds LOCK (work in progress)" : ": debris of an interrupted write; the next launch removes it")")
        }
    }

    mutating func findForeign() {
        for name in reader.list("") ?? [] where !StoreFormat.isOwned(name) {
            guard report.foreign.count < Self.listCap else { break }
            report.foreign.append(name)
            finding(.warning, "store.foreign", name, "\(name) is not a name the store owns; it was not written by Overlay (inspect never removes it)")
        }
        for name in [StoreFormat.formatFile, StoreFormat.stateFile, StoreFormat.manifestFile, StoreFormat.signatureFile] {
            if let entry = reader.entry(name), entry.kind != .regular {
                finding(.error, "store.not-regular", name, "\(name) is \(entry.kind.description), not a regular file")
            }
        }
    }

    // MARK: Binding

    mutating func checkBinding() {
        guard let shipped = options.shipped else { return }
        let hash = shipped.sourceHash
        let versionMatches = options.appVersion == nil || report.appVersion == nil || options.appVersion == report.appVersion
        let matches = report.sourceHash == hash && versionMatches
        report.binding = .init(bundleSourceHash: hash, storeSourceHash: report.sourceHash, appVersion: options.appVersion,
                               storeAppVersion: report.appVersion, matches: report.sourceHash == nil ? nil : matches)
        guard let storeHash = report.sourceHash else { return }
        if !matches {
            let why = storeHash != hash
                ? "the store was written for source hash \(storeHash), the --bundle build has \(hash)"
                : "the store was written for app version \(report.appVersion ?? "?"), not \(options.appVersion ?? "?")"
            finding(.warning, "binding.mismatch", StoreFormat.stateFile,
                    "\(why): the overlay is ignored and the app shows shipped strings; the first sync of that build replaces the store")
            for index in report.modules.indices where report.modules[index].serving == "overlay" {
                report.modules[index].serving = "shipped"
                report.modules[index].shippedReason = "incompatible with this build (source hash or app version)"
            }
        }
        for module in shipped.moduleNames where !report.modules.contains(where: { $0.name == module }) {
            report.modules.append(.init(name: module, serving: "shipped", shippedReason: state == nil ? stateMissingReason : "never activated"))
        }
        report.modules.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Why every module serves shipped strings when no state names a revision.
    var stateMissingReason: String {
        reader.entry(StoreFormat.stateFile) == nil ? "nothing activated yet (no state.json)"
            : "state.json is unreadable: the app reads the store as empty"
    }

    func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// `state.json` read leniently: a bad module entry is a problem named, not the end of the read.
struct ParsedState: Sendable {
    struct Revision: Sendable { var sha256: String; var revision: Int }
    struct Module: Sendable { var active: Revision?; var previous: Revision?; var rejected: [String] }

    var appVersion: String
    var sourceHash: String
    var modules: [String: Module] = [:]
    var highestSeenRevision: Int?
    var highestSeenSHA256: String?
    var etag: String?
    var problems: [String] = []

    init(_ data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        appVersion = try root.required("app_version", as: String.self)
        sourceHash = try root.required("source_hash", as: String.self)
        highestSeenRevision = try? root.optional("highest_manifest_revision", as: Int.self)
        highestSeenSHA256 = try? root.optional("highest_manifest_sha256", as: String.self)
        etag = try? root.optional("etag", as: String.self)
        for (name, node) in (try? root.required("modules").object().members) ?? [] {
            do {
                let object = try node.object()
                func revision(_ key: String) throws -> Revision? {
                    guard let node = object.optional(key) else { return nil }
                    let entry = try node.object()
                    let sha = try entry.required("sha256", as: String.self)
                    let dir = try entry.required("dir", as: String.self)
                    guard dir == "\(StoreFormat.modulesDirectory)/\(name)/\(sha)" else {
                        throw StateProblem(text: "\(key) names directory \(dir), not modules/\(name)/\(sha)")
                    }
                    return Revision(sha256: sha, revision: try entry.required("revision", as: Int.self))
                }
                let rejected = (try? object.required("rejected").array().map { try $0.string() }) ?? []
                modules[name] = Module(active: try revision("active"), previous: try revision("previous"), rejected: rejected)
            } catch {
                problems.append("state.json: module \(name): \(error); it is read as having no overlay")
            }
        }
    }

    struct StateProblem: Error, CustomStringConvertible { var text: String; var description: String { text } }
}
