import Foundation
import OverlayCore
import OverlaySync
import OverlayTestSupport
internal import OverlayPublishing

/// Revocation, dependency-owned lookups, and the kill switch.
extension MatrixScenarios {
    /// 8. A module's revision replaced (re-signed variant), then the new one revoked, then both.
    static func revokedRevision(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let manifest = try candidate.requireManifest()
        guard let target = candidate.acceptedModules.first, let entry = manifest.module(named: target),
              let files = candidate.modules[target]?.verdict?.files, let original = candidate.modules[target]?.archive
        else { throw ScenarioFailure("the candidate has no module the client accepts to revoke") }
        let lab = try run.lab("revoked")
        let trust = run.trustWithThrowaway
        let first = await lab.sync(lab.configuration(trust: trust))
        guard observation.require(first.outcome == .applied, "the candidate did not apply: \(first.brief)") else { return observation }

        // The same content packed otherwise: another archive hash, as a later publish of the module would have.
        var repacked = ZIPWriter.archive(files, method: .stored)
        if repacked == original { repacked = ZIPWriter.archive(files, method: .deflate) }
        let newSHA = SHA256.hash(repacked).hex
        var newEntry = entry
        newEntry.sha256 = newSHA
        newEntry.size = repacked.count
        newEntry.path = Manifest.archivePath(name: target, sha256: newSHA)

        var second = try lab.freshManifest(revision: manifest.revision + 1)
        second.modules = second.modules.map { $0.name == target ? newEntry : $0 }
        let secondOrigin = try lab.variantOrigin("second", manifest: second, archives: [newEntry.path: repacked])
        let applied = await lab.sync(lab.configuration(origin: secondOrigin, trust: trust))
        let afterSecond = try lab.restartSnapshot(lab.configuration(trust: trust))
        guard observation.require(afterSecond.modules[target]?.sha256 == newSHA, "the newer revision of \(target) did not activate: \(applied.brief)") else { return observation }

        var third = second
        third.revision += 1
        third.revoked.append(.init(module: target, sha256: newSHA))
        let thirdOrigin = try lab.variantOrigin("third", manifest: third, archives: [newEntry.path: repacked])
        let revoked = await lab.sync(lab.configuration(origin: thirdOrigin, trust: trust))
        let afterRevoke = try lab.restartSnapshot(lab.configuration(trust: trust))
        observation.require(revoked.action(of: target) == .rolledBack, "revoking the active revision: \(target) was \(revoked.action(of: target)?.rawValue ?? "untouched"), expected rolled-back")
        observation.require(afterRevoke.modules[target]?.sha256 == entry.sha256, "\(target) serves \(afterRevoke.modules[target]?.sha256.prefix(12) ?? "shipped strings"), not the previous revision \(entry.sha256.prefix(12))")
        let rolledSurvey = LookupSurvey.run(catalog: candidate.shipped, store: afterRevoke)
        let wrong = overlayHitsMissing(candidate, survey: rolledSurvey, snapshot: afterRevoke)
        observation.require(wrong.isEmpty, "after the rollback the previous revision does not serve: \(wrong.prefix(3))")

        var fourth = third
        fourth.revision += 1
        fourth.revoked.append(.init(module: target, sha256: entry.sha256))
        let fourthOrigin = try lab.variantOrigin("fourth", manifest: fourth, archives: [newEntry.path: repacked])
        let both = await lab.sync(lab.configuration(origin: fourthOrigin, trust: trust))
        let afterBoth = try lab.restartSnapshot(lab.configuration(trust: trust))
        observation.require(afterBoth.modules[target] == nil, "with both revisions revoked \(target) still serves \(afterBoth.modules[target]?.sha256.prefix(12) ?? "")")
        let shippedSurvey = LookupSurvey.run(catalog: candidate.shipped, store: afterBoth)
        let notShipped = shippedSurvey.answers.filter { $0.key.hasPrefix(target + "/") && $0.value.layer != .shipped }
        observation.require(notShipped.isEmpty, "\(notShipped.count) lookups of \(target) not from the shipped strings")
        observation.note("\(target): newer revision \(newSHA.prefix(12)) active, revoked → \(revoked.action(of: target)?.rawValue ?? "?") to \(entry.sha256.prefix(12)); both revoked → \(both.action(of: target)?.rawValue ?? "?"), shipped strings (variants re-signed with a throwaway key the scenario trusts)")
        return observation
    }

    /// 9. `overlay lint` over the app's and its dependencies' sources.
    static func dependencyLookups(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let sources = run.options.sources
        guard !sources.isEmpty else {
            throw ScenarioNotRun(reason: "no --sources given, so it is unknown which modules' lookups bypass the overlay; pass the app's and its dependencies' Swift sources (--sources DIR, repeatable)")
        }
        let report: LintReport
        do {
            report = try Linter.lint(sources)
        } catch {
            throw ScenarioFailure("lint could not read the sources: \(error)")
        }
        let modules = Set(report.findings.compactMap(\.location.module)).sorted()
        observation.require(report.findings.isEmpty, "\(report.findings.count) lookup(s) bypass the overlay in \(modules.isEmpty ? "unnamed modules" : modules.joined(separator: ", ")): \(report.findings.prefix(3).map { "\($0.location.file ?? "?"):\($0.location.line ?? 0) [\($0.code)]" }.joined(separator: ", "))")
        observation.note("overlay lint: \(report.filesChecked) file\(report.filesChecked == 1 ? "" : "s"), \(report.findings.count) bypassing lookup\(report.findings.count == 1 ? "" : "s")")
        return observation
    }

    /// 14. The kill switch pressed while an archive is downloading.
    static func killSwitchDuringDownload(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        guard !candidate.acceptedModules.isEmpty else { throw ScenarioFailure("the candidate has no module the client accepts to download") }
        let lab = try run.lab("kill-switch")
        let configuration = lab.configuration()
        let transport = FaultInjectingTransport(wrapping: FileTransport())
        transport.inject(.init(pathSuffix: ".zip", fault: .delay(.seconds(20))))
        let service = SyncService(configuration: configuration, transport: transport)
        let localizer = Localizer(catalog: candidate.shipped, store: try await service.snapshot(), preferredLanguages: [developmentRegion(candidate)])
        await service.attach(localizer)
        let finished = LockedValue(false)
        let cycle = Task {
            let report = await service.start()
            finished.withLock { $0 = true }
            return report
        }
        func downloading() -> Bool { transport.requests.contains { $0.url.path.hasSuffix(".zip") } }
        let deadline = ContinuousClock.now + .seconds(20)
        while !downloading(), !finished.withLock({ $0 }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        guard downloading() else {
            let report = await cycle.value
            observation.fail("no archive download started: the cycle ended \(report.brief)")
            return observation
        }
        await service.disable()
        let report = await cycle.value
        observation.require(report.outcome == .cancelled, "the cycle ended \(report.brief), expected cancelled")
        func leftovers() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: lab.store.path))?.sorted() ?? []
        }
        observation.require(leftovers().isEmpty, "the store still holds \(leftovers())")
        observation.require(localizer.activeRevisions.isEmpty, "the Localizer still serves \(localizer.activeRevisions.keys.sorted())")
        // Give anything still in flight time to land; nothing may come back.
        try await Task.sleep(for: .milliseconds(300))
        let again = await service.start()
        observation.require(again.outcome == .disabled, "start() after the kill switch ended \(again.brief)")
        observation.require(leftovers().isEmpty, "after 300 ms the store holds \(leftovers()) again")
        observation.note("disabled during the download of \(transport.requests.filter { $0.url.path.hasSuffix(".zip") }.count) archive(s): \(report.brief); store deleted, Localizer cleared, nothing back after 300 ms, start() → \(again.outcome.rawValue)")
        return observation
    }
}
