import Foundation
import OverlayCore
import OverlaySync
import OverlayTestSupport
internal import OverlayPublishing

/// The scenarios where the client must say no: another build, damaged bytes, broken placeholders, metadata attacks.
extension MatrixScenarios {
    /// 5. The candidate against a build whose catalog has another structure.
    static func wrongSourceHash(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        guard let (build, change) = alteredBuild(run.candidate.shipped) else {
            throw ScenarioFailure("the catalog has no string to change for another build")
        }
        let lab = try run.lab("wrong-source-hash")
        let configuration = lab.configuration(shipped: build)
        _ = try lab.restartSnapshot(configuration)
        let before = lab.storeFiles()
        let report = await lab.sync(configuration)
        let after = lab.storeFiles()
        observation.require(report.outcome == .rejected, "the cycle ended \(report.brief), expected rejected")
        observation.require(try lab.restartSnapshot(configuration).modules.isEmpty, "a revision was activated for the other build")
        let changed = Lab.differences(before, after)
        observation.require(changed.isEmpty, "store files changed: \(changed.prefix(5))")
        let survey = LookupSurvey.run(catalog: build, store: try lab.restartSnapshot(configuration))
        observation.require(survey.count(.shipped) == survey.count, "\(survey.count - survey.count(.shipped)) lookups were not shipped strings")
        observation.note("build where \(change) (source hash \(build.sourceHash.prefix(19))…): \(report.brief); store unchanged; shipped strings serve")
        return observation
    }

    /// 6. Damaged copies of the candidate's manifest and archives, each in a fresh store.
    static func damagedArtifacts(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let manifest = try candidate.requireManifest()
        guard let target = candidate.acceptedModules.first, let entry = manifest.module(named: target) else {
            throw ScenarioFailure("the candidate has no module the client accepts to damage")
        }
        let size = entry.size
        let manifestSize = candidate.manifestBytes.count
        let archive = "/" + entry.path
        var garbage = Data("this is not a ZIP archive\n".utf8)
        while garbage.count < size { garbage.append(garbage) }
        let cases: [(String, String, FaultInjectingTransport.Fault)] = [
            ("truncated archive", archive, .truncate(bytes: size / 2)),
            ("malformed archive", archive, .body(garbage.prefix(size))),
            ("tampered archive (one bit)", archive, .flipBit(offset: size / 2)),
            ("truncated manifest", "/manifest.json", .truncate(bytes: manifestSize / 2)),
            ("tampered manifest (one bit)", "/manifest.json", .flipBit(offset: manifestSize / 2)),
            ("truncated signature file", "/signatures/\(candidate.manifestSHA256).sig", .truncate(bytes: (candidate.signatureBytes?.count ?? 2) / 2)),
        ]
        var seen: [String] = []
        for (name, suffix, fault) in cases {
            let lab = try run.lab("damaged")
            let configuration = lab.configuration()
            let transport = FaultInjectingTransport(wrapping: FileTransport())
            transport.inject(.init(pathSuffix: suffix, fault: fault))
            let report = await lab.sync(configuration, transport: transport)
            let snapshot = try lab.restartSnapshot(configuration)
            var codes = report.findings.filter { $0.severity == .error && ($0.location.module == nil || $0.location.module == target) }
                .map(\.code)
            if suffix == archive {
                // Bytes that are not the manifest's are a failed transfer (retried next cycle), never a rejection.
                observation.require(report.action(of: target) == .failed, "\(name): \(target) was \(report.action(of: target)?.rawValue ?? "not fetched"), expected failed")
                observation.require(snapshot.modules[target] == nil, "\(name): \(target) is active")
                let others = Set(candidate.acceptedModules).subtracting([target])
                observation.require(others.isSubset(of: snapshot.modules.keys), "\(name): undamaged modules did not activate: \(others.subtracting(snapshot.modules.keys).sorted())")
                codes = report.modules.first { $0.name == target }?.fetchErrors.map(\.code.rawValue) ?? []
                observation.require(codes == [SyncError.Code.mismatch.rawValue], "\(name): \(target) failed with \(codes), expected sync.mismatch")
            } else {
                observation.require(report.outcome == .rejected, "\(name): the cycle ended \(report.brief)")
                observation.require(snapshot.modules.isEmpty, "\(name): \(snapshot.modules.keys.sorted()) activated")
            }
            seen.append("\(name): \(suffix == archive ? "\(target) failed" : report.outcome.rawValue) [\(Array(Set(codes)).sorted().joined(separator: ", "))]")
        }
        observation.note(seen.joined(separator: "; "))
        return observation
    }

    /// 11. The candidate's own values, then one broken placeholder or plural per kind of module, re-signed.
    static func placeholderMismatches(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let manifest = try candidate.requireManifest()
        let own = candidate.modules.values.flatMap { $0.verdict?.findings ?? [] }.filter(\.isBlocking)
        observation.require(own.isEmpty, "the candidate's own archives carry \(own.count) blocking finding(s): \(own.prefix(2).map { "\($0.message) [\($0.code)]" })")
        for (name, reason) in candidate.refusedModules where own.isEmpty {
            observation.fail("module \(name) is refused: \(reason)")
        }
        observation.note("candidate archives: \(own.count) blocking placeholder or plural finding(s)")

        var exercised: [String] = []
        for kind in SourceKind.allCases {
            guard let mutation = mutation(for: kind, candidate: candidate) else {
                observation.note("no \(kind.rawValue) module in the candidate to break")
                continue
            }
            let lab = try run.lab("mismatch")
            guard let original = manifest.module(named: mutation.module) else { continue }
            let archive = ZIPWriter.archive(mutation.files)
            let sha256 = SHA256.hash(archive).hex
            var entry = original
            entry.sha256 = sha256
            entry.size = archive.count
            entry.path = Manifest.archivePath(name: mutation.module, sha256: sha256)
            var variant = try lab.freshManifest()
            variant.modules = variant.modules.map { $0.name == mutation.module ? entry : $0 }
            let origin = try lab.variantOrigin("mismatch", manifest: variant, archives: [entry.path: archive])
            let configuration = lab.configuration(origin: origin, trust: run.trustWithThrowaway)
            let report = await lab.sync(configuration)
            let snapshot = try lab.restartSnapshot(configuration)
            let codes = report.findings.filter { $0.severity == .error && $0.location.module == mutation.module }.map(\.code)
            observation.require(report.action(of: mutation.module) == .rejected,
                                "\(kind.rawValue) (\(mutation.change)): \(mutation.module) was \(report.action(of: mutation.module)?.rawValue ?? "not fetched"), expected rejected")
            observation.require(snapshot.modules[mutation.module] == nil, "\(kind.rawValue): the broken \(mutation.module) is active")
            exercised.append("\(kind.rawValue) \(mutation.module) (\(mutation.change)): rejected [\(Array(Set(codes)).sorted().joined(separator: ", "))]")
        }
        observation.require(!exercised.isEmpty, "no module of the candidate could be broken for the test")
        observation.note(exercised.joined(separator: "; ") + " (re-signed with a throwaway key the scenario trusts)")
        return observation
    }

    /// 13. Bad signature, untrusted key, rollback, equivocation, freeze: each must be refused.
    static func metadataAttacks(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let manifest = try candidate.requireManifest()
        var seen: [String] = []

        /// `prior` and `now`: module → active archive SHA-256 before and after the attack.
        func expectRejected(_ name: String, _ report: SyncReport, code: (String) -> Bool, prior: [String: String] = [:], now: [String: String]) {
            observation.require(report.outcome == .rejected, "\(name): the cycle ended \(report.brief), expected rejected")
            observation.require(report.errorCodes.contains(where: code), "\(name): rejected for \(report.errorCodes.sorted()), not for the attack")
            observation.require(now == prior, "\(name): the active revisions changed from \(prior.keys.sorted()) to \(now.keys.sorted())")
            seen.append("\(name): \(report.brief)")
        }

        // Bad signature: the candidate's signature file with one bit of each signature flipped.
        do {
            let lab = try run.lab("bad-signature")
            let configuration = lab.configuration()
            let transport = FaultInjectingTransport(wrapping: FileTransport())
            if let bytes = candidate.signatureBytes, let file = try? SignatureFile.decode(bytes) {
                var broken = file
                broken.signatures = file.signatures.map { signature in
                    var flipped = signature
                    if var raw = Base64.decode(signature.sig), !raw.isEmpty {
                        raw[raw.startIndex] ^= 0x01
                        flipped.sig = raw.base64EncodedString()
                    }
                    return flipped
                }
                transport.inject(.init(pathSuffix: "/signatures/\(candidate.manifestSHA256).sig", fault: .body(broken.encoded())))
                let report = await lab.sync(configuration, transport: transport)
                expectRejected("bad signature", report, code: { $0.hasPrefix("signature") },
                               now: try active(lab, configuration))
            } else {
                observation.fail("bad signature: the candidate has no readable signature file to alter")
            }
        }
        // Untrusted key: the candidate's manifest re-signed by a key the build does not trust.
        do {
            let lab = try run.lab("untrusted-key")
            let origin = try lab.variantOrigin("untrusted", manifest: lab.freshManifest())
            let configuration = lab.configuration(origin: origin)
            let report = await lab.sync(configuration)
            expectRejected("untrusted key", report, code: { $0.hasPrefix("signature") },
                           now: try active(lab, configuration))
        }
        // Rollback: the store saw a later revision; the candidate comes after it.
        if manifest.revision < Manifest.maximumRevision {
            let lab = try run.lab("rollback")
            let later = try lab.variantOrigin("later", manifest: lab.freshManifest(revision: manifest.revision + 1))
            let prior = try await priorState(lab, run: run, origin: later, name: "rollback")
            let configuration = lab.configuration(trust: run.trustWithThrowaway)
            let report = await lab.sync(configuration)
            expectRejected("rollback below revision \(manifest.revision + 1)", report, code: { $0 == "replay.rollback" }, prior: prior,
                           now: try active(lab, configuration))
        }
        // Equivocation: the store saw the candidate's revision with other bytes.
        do {
            let lab = try run.lab("equivocation")
            let other = try lab.variantOrigin("other", manifest: lab.freshManifest(revision: manifest.revision))
            let prior = try await priorState(lab, run: run, origin: other, name: "equivocation")
            let configuration = lab.configuration(trust: run.trustWithThrowaway)
            let report = await lab.sync(configuration)
            expectRejected("equivocation at revision \(manifest.revision)", report, code: { $0 == "replay.equivocation" }, prior: prior,
                           now: try active(lab, configuration))
        }
        // Freeze: the candidate replayed after its expiry.
        do {
            let lab = try run.lab("expired")
            let late = manifest.expiresAt.addingTimeInterval(3_600)
            let configuration = lab.configuration(now: { late })
            let report = await lab.sync(configuration)
            expectRejected("freeze (clock past expires_at)", report, code: { $0.contains("expir") },
                           now: try active(lab, configuration))
        }
        // Freeze: a manifest that claims to stay valid longer than the client allows.
        do {
            let lab = try run.lab("too-long")
            var long = try lab.freshManifest()
            long.expiresAt = long.publishedAt.addingTimeInterval(lab.configuration().maxManifestAge + 86_400)
            let origin = try lab.variantOrigin("long", manifest: long)
            let configuration = lab.configuration(origin: origin, trust: run.trustWithThrowaway)
            let report = await lab.sync(configuration)
            expectRejected("freeze (expiry beyond the maximum age)", report, code: { $0.contains("expir") },
                           now: try active(lab, configuration))
        }
        observation.note(seen.joined(separator: "; ") + " (the untrusted-key variant signed by a throwaway key the build does not trust; rollback, equivocation and maximum-age variants by one the scenario trusts)")
        return observation
    }

    // MARK: Helpers

    /// Module → active archive SHA-256, as a restarted app finds the store.
    static func active(_ lab: Lab, _ configuration: SyncConfiguration) throws -> [String: String] {
        try lab.restartSnapshot(configuration).modules.mapValues(\.sha256)
    }

    /// Applies a re-signed variant first (what the store "saw"), returning what it then serves.
    static func priorState(_ lab: Lab, run: MatrixRun, origin: URL, name: String) async throws -> [String: String] {
        let configuration = lab.configuration(origin: origin, trust: run.trustWithThrowaway)
        let report = await lab.sync(configuration)
        guard report.outcome == .applied else {
            throw ScenarioFailure("\(name): the re-signed variant the store should have seen first did not apply: \(report.brief)")
        }
        return try active(lab, configuration)
    }

    /// Where a module's strings come from in the build.
    enum SourceKind: String, CaseIterable, Sendable {
        case strings = ".strings"
        case stringsdict = ".stringsdict"
        case xcstrings = ".xcstrings"
    }

    struct Mutation: Sendable {
        var module: String
        var files: [String: Data]
        var change: String
    }

    static func sourceKind(of module: CatalogModule) -> SourceKind {
        let files = module.localizations.values.flatMap { $0.tables.values.flatMap(\.files) }
            + (module.base?.tables.values.flatMap(\.files) ?? [])
        if files.contains(where: { $0.hasSuffix(".xcstrings") }) { return .xcstrings }
        if files.contains(where: { $0.hasSuffix(".stringsdict") }) { return .stringsdict }
        return .strings
    }

    /// The candidate's archive of the first module of `kind`, with one value broken where a client must notice.
    static func mutation(for kind: SourceKind, candidate: MatrixCandidate) -> Mutation? {
        for name in candidate.acceptedModules {
            guard let shipped = candidate.shipped.modules[name], let content = candidate.modules[name]?.content,
                  let files = candidate.modules[name]?.verdict?.files else { continue }
            let moduleKind = sourceKind(of: shipped)
            guard moduleKind == kind || (kind == .strings && moduleKind == .stringsdict) else { continue }
            let development = content.developmentRegion
            if kind != .stringsdict, let broken = breakPlaceholder(files, content: content, shipped: shipped, locale: development) {
                return Mutation(module: name, files: broken.0, change: broken.1)
            }
            if kind != .strings, let broken = breakPlural(files, locale: development) {
                return Mutation(module: name, files: broken.0, change: broken.1)
            }
        }
        return nil
    }

    /// Appends ` %d` to a plain value the build ships with no more slots: a translation passing an argument the code
    /// never gives.
    static func breakPlaceholder(_ files: [String: Data], content: CatalogModule, shipped: CatalogModule, locale: String) -> ([String: Data], String)? {
        for (table, overlay) in (content.localizations[locale]?.tables ?? [:]).sorted(by: { $0.key < $1.key }) {
            let path = "\(locale).lproj/\(table).strings"
            guard let data = files[path], let known = shipped.developmentTables[table] else { continue }
            var text = String(decoding: data, as: UTF8.self)
            for key in overlay.strings.keys.sorted() where known.strings[key] != nil && isPlain(key) {
                let prefix = "\"\(key)\" = \""
                guard let start = text.range(of: prefix), let end = text.range(of: "\";", range: start.upperBound..<text.endIndex) else { continue }
                text.insert(contentsOf: " %d", at: end.lowerBound)
                var broken = files
                broken[path] = Data(text.utf8)
                return (broken, "\(table):\(key) gains a %d")
            }
        }
        return nil
    }

    /// Renames the first `other` variant of the development language's `.stringsdict`: a plural without `other`.
    static func breakPlural(_ files: [String: Data], locale: String) -> ([String: Data], String)? {
        for path in files.keys.sorted() where path.hasPrefix("\(locale).lproj/") && path.hasSuffix(".stringsdict") {
            var text = String(decoding: files[path]!, as: UTF8.self)
            guard let range = text.range(of: "<key>other</key>") else { continue }
            text.replaceSubrange(range, with: "<key>otherwise</key>")
            var broken = files
            broken[path] = Data(text.utf8)
            return (broken, "\((path as NSString).lastPathComponent) loses a plural's other variant")
        }
        return nil
    }

    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }
}
