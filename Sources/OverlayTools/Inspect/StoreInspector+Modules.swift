import Foundation
import OverlayCore

/// Modules, their revision directories, and the digest check of `--verify`.
extension Inspection {
    // MARK: Modules

    mutating func readModules() {
        let onDisk = reader.list(StoreFormat.modulesDirectory)
        if onDisk == nil, reader.entry(StoreFormat.modulesDirectory) != nil {
            finding(.error, "store.modules-unreadable", StoreFormat.modulesDirectory, "modules/ is not a directory")
        }
        var names = Set(onDisk ?? [])
        names.formUnion(state?.modules.keys ?? [:].keys)
        let lastCodes = rejectedCodesFromJournal()
        let unfetched = unfetchedModules()
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
                // Clients before issue 22 also recorded bytes that failed the manifest's size or SHA-256 as rejected.
                let transfer = lastCodes.contains { $0.hasPrefix("integrity.") }
                finding(.warning, "module.rejected", path,
                        "\(name): archive \(sha.prefix(12))… was rejected under the current manifest\(lastCodes.isEmpty ? "" : " (\(lastCodes.joined(separator: ", ")))"); it is not fetched again until the manifest changes — "
                            + (transfer ? "the bytes served did not match the signed manifest (a CDN or mirror served other bytes, the catalog may be fine): fix the origin's copy, then publish again to lift the record" : "fix the catalog and publish"))
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
            decideServing(&module, recorded: recorded, unfetched: unfetched.contains(name))
            report.modules.append(module)
        }
    }

    /// - Parameter unfetched: the last cycle could not fetch this module's archive intact from any origin.
    mutating func decideServing(_ module: inout InspectReport.Module, recorded: ParsedState.Module?, unfetched: Bool) {
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
        if module.shippedReason == nil, unfetched { module.shippedReason = Self.unfetchedReason }
        if module.shippedReason == nil {
            module.shippedReason = state == nil ? stateMissingReason
                : recorded == nil ? "never activated" : "no active revision"
        }
    }

    static let unfetchedReason = "its archive could not be fetched intact from any origin (asked again at every sync)"

    /// Modules whose archive some origin failed to serve in the last cycle (those still without a revision failed on
    /// every origin).
    func unfetchedModules() -> Set<String> {
        Set((journalLines().cycles.last?.fetchFailures ?? []).map(\.module))
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
        // What the revision is to the app: the names its digest list has (it reads nothing else).
        var listed: DigestList?
        if case .data(let data) = reader.read(digestPath, cap: StoreFormat.metadataCap) { listed = try? DigestList(data: data) }
        var locales: Set<String> = []
        var tables: Set<String> = []
        var files: [String] = []
        for (path, item) in reader.walk(directory) {
            let relative = String(path.dropFirst(directory.count + 1))
            if item.kind == .directory { continue }
            if relative == StoreFormat.digestListFile || relative == DigestList.retiredIndexFile {
                if item.kind == .regular { files.append(relative) }
                continue
            }
            if let listed, listed.files[relative] == nil {
                if item.kind == .regular { files.append(relative) }
                finding(.warning, "revision.unlisted", path,
                        "\(path) is \(item.kind.description) the revision's digest list does not name (added after activation): the app never reads it, so it shows nowhere; remove it")
                continue
            }
            switch item.kind {
            case .regular:
                files.append(relative)
                // A listed file is read only at its listed size, bounded: an oversized one is damage.
                if item.size > StoreFormat.fileCap {
                    result.isPlain = false
                    finding(.error, "revision.oversized", path, "\(path) is \(item.size) bytes, more than a revision file may hold (\(StoreFormat.fileCap)); it is not read and the revision counts as damaged")
                    continue
                }
            default:
                result.isPlain = false
                finding(.error, "revision.not-regular", path, "\(path) is \(item.kind.description) where the digest list names a file: the app never reads through it; the revision counts as damaged (the previous revision or the shipped strings serve, and the next sync fetches it again)")
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
                    do {
                        let name = String(parts[0].dropLast(".lproj".count))
                        let locale = LocaleIdentifier(name)?.description ?? name
                        result.keys += try StringsdictReader.readFile(data, locale: locale).entries.count
                    } catch {
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
        } else {
            if options.verify { verifyDigests(&result, files: files) }
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
        expected[DigestList.retiredIndexFile] = nil  // an older store listed its index, which is never read
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
        // Files the list does not name are mismatches too, reported once (`revision.unlisted`); an old index is not
        // read.
        let unlisted = Set(files.filter {
            $0 != StoreFormat.digestListFile && $0 != DigestList.retiredIndexFile && expected[$0] == nil
        })
        mismatched.formUnion(unlisted)
        result.mismatched = mismatched.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        result.digest = mismatched.isEmpty ? "ok" : "mismatch"
        for path in result.mismatched where !unlisted.contains(path) {
            finding(.error, "revision.digest-mismatch", "\(directory)/\(path)",
                    "\(directory)/\(path) does not match the digest list written at activation (changed or missing); the store heals it at a later open or sync")
        }
    }
}
