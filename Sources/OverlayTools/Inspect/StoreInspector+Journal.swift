import Foundation
import OverlayCore

/// The journal, `tmp/`, names the store does not own, and the binding to `--bundle`.
extension Inspection {
    // MARK: Journal, tmp, foreign

    struct JournalRead {
        var cycles: [InspectReport.Cycle] = []
        var torn: [String] = []
        var garbage = 0
        var unreadable: [String] = []
        /// The latest missed-keys record of a development build.
        var missed: [InspectReport.MissedModule] = []
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
                let event = try? object.optional("event")?.string()
                if event == "missed-keys" {
                    read.missed = Self.missedModules(object)
                    continue
                }
                // The crash-loop guard's rollbacks are not cycles: `readLaunchGuard` reports them from its record.
                if event == "launch.rollback" { continue }
                var cycle = InspectReport.Cycle(
                    at: try? object.optional("at")?.string(),
                    outcome: (try? object.optional("outcome")?.string()) ?? "unknown",
                    revision: try? object.optional("revision")?.int(), counters: [],
                    milliseconds: try? object.optional("ms")?.int(),
                    error: try? object.optional("error")?.string(), rejectedByCode: [])
                for (key, node) in object.members where !["at", "outcome", "revision", "ms", "error"].contains(key) {
                    if let value = try? node.int() { cycle.counters.append((key, value)) }
                }
                cycle.rejectedByCode = Self.counts(object, "rejected_by_code")
                cycle.failedByCode = Self.counts(object, "failed_by_code")
                cycle.fetchFailures = ((try? object.optional("fetch_failures")?.array()) ?? []).compactMap { node in
                    guard let entry = try? node.object(), let module = try? entry.optional("module")?.string(),
                          let url = try? entry.optional("url")?.string(),
                          let code = try? entry.optional("code")?.string()
                    else { return nil }
                    return InspectReport.FetchFailure(module: module, url: url, code: code)
                }
                read.cycles.append(cycle)
            }
        }
        return read
    }

    /// A journal object of counts by code (`rejected_by_code`, `failed_by_code`), in its order.
    static func counts(_ object: JSONObjectNode, _ name: String) -> [(String, Int)] {
        guard let codes = try? object.optional(name)?.object() else { return [] }
        return codes.members.compactMap { member in (try? member.node.int()).map { (member.key, $0) } }
    }

    /// A `missed-keys` journal line: module → count, overflow and a sample of `Table:key`.
    static func missedModules(_ object: JSONObjectNode) -> [InspectReport.MissedModule] {
        guard let modules = try? object.optional("modules")?.object() else { return [] }
        return modules.members.compactMap { member in
            guard let entry = try? member.node.object() else { return nil }
            let keys = ((try? entry.optional("keys")?.array()) ?? []).compactMap { try? $0.string() }
            return InspectReport.MissedModule(
                module: member.key, count: (try? entry.optional("count")?.int()) ?? keys.count,
                overflow: (try? entry.optional("overflow")?.int()) ?? 0, keys: keys)
        }
    }

    mutating func readJournal() {
        let read = journalLines()
        report.journal = Array(read.cycles.suffix(options.journalEntries))
        report.missedKeys = read.missed
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
        for failure in read.cycles.last?.fetchFailures ?? [] { reportFetchFailure(failure) }
    }

    /// Advice for an archive an origin could not serve in the last cycle. Bytes that are not the ones the signed
    /// manifest lists are the origin's or a cache's doing, never the catalog's; the client retried every origin and
    /// asks again at each sync.
    mutating func reportFetchFailure(_ failure: InspectReport.FetchFailure) {
        let path = StoreFormat.journalFiles[1]
        if failure.code == "sync.mismatch" {
            finding(.warning, "origin.wrong-bytes", path,
                    "\(failure.module): \(failure.url) served bytes that are not the archive the signed manifest lists (an error page with 200, a truncated or stale copy): a CDN, cache or mirror problem, not the catalog; purge or re-upload that file (publish wrote it correctly). Nothing unverified was activated; the client asks again at every sync")
        } else {
            finding(.warning, "origin.fetch-failed", path,
                    "\(failure.module): \(failure.url) could not be fetched [\(failure.code)]: check that the origin (or its CDN) serves every file publish wrote; the client asks again at every sync")
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
        let unfetched = unfetchedModules()
        for module in shipped.moduleNames where !report.modules.contains(where: { $0.name == module }) {
            report.modules.append(.init(name: module, serving: "shipped", shippedReason: state == nil ? stateMissingReason
                : unfetched.contains(module) ? Self.unfetchedReason : "never activated"))
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
