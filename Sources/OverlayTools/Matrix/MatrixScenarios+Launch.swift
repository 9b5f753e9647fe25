import Foundation
import OverlayCore
import OverlaySync

/// The scenarios of a launch: offline, cached, 304, the candidate applied, an upgrade, a locale switch.
enum MatrixScenarios {
    /// 1. Fresh store, no network.
    static func firstLaunchOffline(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let lab = try run.lab("first-launch")
        let configuration = lab.configuration()
        let report = await lab.sync(configuration, transport: Lab.offline())
        observation.require(report.outcome == .failed, "the offline cycle ended \(report.brief), expected failed (unreachable)")
        let snapshot = try lab.restartSnapshot(configuration)
        observation.require(snapshot.modules.isEmpty, "a fresh store serves \(snapshot.modules.keys.sorted()) offline")
        let catalog = run.candidate.shipped
        let with = LookupSurvey.run(catalog: catalog, store: snapshot)
        let without = LookupSurvey.run(catalog: catalog, store: nil)
        observation.require(with == without, "lookups differ from a build without Overlay: \(LookupSurvey.differences(with, without))")
        observation.require(with.count(.shipped) == with.count, "\(with.count - with.count(.shipped)) of \(with.count) lookups were not shipped strings")
        observation.require(with.misses.isEmpty, "\(with.misses.count) keys missed, first \(with.misses.prefix(3))")
        observation.note("sync offline: \(report.brief); \(with.count) lookups over \(LookupSurvey.locales(catalog).count) locales, all shipped, equal to a build without Overlay")

        // Cold launch to first lookup: a Localizer built over the (empty) store snapshot against one without Overlay.
        guard let probe = firstKey(catalog) else {
            observation.note("the catalog has no key to time")
            return observation
        }
        func firstLookup(_ store: StoreSnapshot?) -> Duration {
            let clock = ContinuousClock()
            return clock.measure {
                let localizer = Localizer(catalog: catalog, store: store, preferredLanguages: [probe.locale])
                _ = localizer.table(probe.table, in: probe.module).string(forKey: probe.key)
            }
        }
        // The fastest of several interleaved runs: noise from other processes only ever adds time, so the minimum is
        // the cost itself. A loose bound: the same work either way, so only a gross regression (or a store read) shows.
        var fastest: (with: Duration, without: Duration) = (.seconds(3600), .seconds(3600))
        for _ in 0..<15 {
            fastest.with = min(fastest.with, firstLookup(snapshot))
            fastest.without = min(fastest.without, firstLookup(nil))
        }
        observation.require(
            fastest.with <= fastest.without * 2 + .milliseconds(1),
            "the first lookup took \(format(fastest.with)) with Overlay against \(format(fastest.without)) without")
        observation.note("first lookup \(format(fastest.with)) with Overlay, \(format(fastest.without)) without (fastest of 15)")
        return observation
    }

    /// 2. The candidate cached, then a launch with no network.
    static func cachedOffline(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let lab = try run.lab("cached-offline")
        let configuration = lab.configuration()
        let first = await lab.sync(configuration)
        guard observation.require(first.outcome == .applied, "the candidate did not apply: \(first.brief)") else { return observation }
        let offline = await lab.sync(configuration, transport: Lab.offline())
        observation.require(offline.outcome == .failed, "the offline cycle ended \(offline.brief)")
        let snapshot = try lab.restartSnapshot(configuration)
        let expected = Set(run.candidate.acceptedModules)
        observation.require(Set(snapshot.modules.keys) == expected, "cached modules \(snapshot.modules.keys.sorted()), expected \(expected.sorted())")
        let survey = LookupSurvey.run(catalog: run.candidate.shipped, store: snapshot)
        let wrong = overlayHitsMissing(run.candidate, survey: survey, snapshot: snapshot)
        observation.require(wrong.isEmpty, "cached values not served: \(wrong.prefix(3))")
        observation.require(survey.misses.isEmpty, "\(survey.misses.count) keys missed, first \(survey.misses.prefix(3))")
        observation.note("offline: \(offline.brief); \(survey.count(.overlay)) lookups from the cached revisions, \(survey.count(.shipped)) from the shipped strings, \(survey.misses.count) misses")
        return observation
    }

    /// 3. The candidate applied, then a cycle the origin answers 304.
    static func notModified(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let lab = try run.lab("not-modified")
        let configuration = lab.configuration()
        let first = await lab.sync(configuration)
        guard observation.require(first.outcome == .applied, "the candidate did not apply: \(first.brief)") else { return observation }
        let before = lab.storeFiles()
        let snapshotBefore = try lab.restartSnapshot(configuration)
        let second = await lab.sync(configuration)
        let after = lab.storeFiles()
        observation.require(second.outcome == .notModified && second.httpStatus == 304, "the second cycle ended \(second.brief), HTTP \(second.httpStatus.map(String.init) ?? "none")")
        observation.require(second.requests == 1, "the 304 cycle made \(second.requests) requests")
        let changed = Lab.differences(before, after)
        observation.require(changed.isEmpty, "store files changed: \(changed.prefix(5))")
        observation.require(try lab.restartSnapshot(configuration) == snapshotBefore, "the active revisions changed")
        observation.note("\(second.brief) after \(second.requests) request; \(after.count) store files byte-identical (journal aside)")
        return observation
    }

    /// 4. The candidate as a new revision over the shipped strings.
    static func newRevision(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let manifest = try candidate.requireManifest()
        if let refusal = candidate.manifestRefusal { observation.fail("the client refuses the candidate manifest: \(refusal)") }
        for (name, reason) in candidate.refusedModules { observation.fail("the client refuses module \(name): \(reason)") }
        let lab = try run.lab("new-revision")
        let configuration = lab.configuration()
        let service = SyncService(configuration: configuration, transport: FileTransport())
        let launched = try await service.snapshot()
        let localizer = Localizer(catalog: candidate.shipped, store: launched, preferredLanguages: [developmentRegion(candidate)])
        let probe = overlayProbe(candidate)
        let handle = probe.map { localizer.table($0.table, in: $0.module) }

        let report = await service.start()
        observation.require(report.outcome == .applied, "the cycle ended \(report.brief)")
        let activated = report.modules.filter { $0.action == .activated }.map(\.name).sorted()
        let bad = report.modules.filter { $0.action == .rejected || $0.action == .failed }
        for module in bad { observation.fail("module \(module.name) \(module.action.rawValue): \(module.detail ?? "")") }
        observation.require(
            activated.count + report.modules.filter { $0.action == .skippedRevoked }.count == manifest.modules.count,
            "\(activated.count) of \(manifest.modules.count) modules activated")
        let problems = try lab.verifyActive(configuration)
        observation.require(problems.isEmpty, "revision files do not match their digest lists: \(problems.prefix(3))")

        if let probe, let handle {
            let place = "\(probe.module)/\(probe.table):\(probe.key)"
            observation.require(handle.value(forKey: probe.key)?.layer == .shipped, "\(place) changed under a handle taken before the cycle")
            observation.require(
                localizer.table(probe.table, in: probe.module).value(forKey: probe.key)?.layer == .shipped,
                "\(place) served the new revision before applyPendingUpdates()")
            localizer.applyPendingUpdates(try await service.snapshot())
            observation.require(
                localizer.table(probe.table, in: probe.module).value(forKey: probe.key)?.layer == .overlay,
                "\(place) does not serve the new revision after applyPendingUpdates()")
            observation.require(handle.value(forKey: probe.key)?.layer == .shipped, "\(place) changed under the old handle after applyPendingUpdates()")
            let nextLaunch = Localizer(catalog: candidate.shipped, store: try lab.restartSnapshot(configuration), preferredLanguages: [probe.locale])
            observation.require(
                nextLaunch.table(probe.table, in: probe.module).value(forKey: probe.key)?.layer == .overlay,
                "\(place) does not serve the new revision at the next launch")
            observation.note("\(place): shipped before and under the old handle, overlay after applyPendingUpdates() and at the next launch")
        } else {
            observation.note("no key of the candidate's overlay is one the build ships, so no lookup can change: the boundary was not exercised")
        }
        observation.note("\(report.brief) revision \(manifest.revision): \(activated.count) activated (\(activated.joined(separator: ", "))), every file matches its digest list")
        return observation
    }

    /// 7. The candidate cached by one build; a new build (other app version and source hash) launches offline.
    static func appUpgrade(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let lab = try run.lab("app-upgrade")
        let old = lab.configuration()
        let first = await lab.sync(old)
        guard observation.require(first.outcome == .applied, "the candidate did not apply: \(first.brief)") else { return observation }
        let oldSnapshot = try lab.restartSnapshot(old)
        guard let (upgraded, change) = alteredBuild(candidate.shipped) else {
            throw ScenarioFailure("the catalog has no string to change for a new build")
        }
        let version = candidate.appVersion.count <= 58 ? candidate.appVersion + ".next" : "upgrade-1"
        let new = lab.configuration(shipped: upgraded, appVersion: version)
        let offline = await lab.sync(new, transport: Lab.offline())
        let newSnapshot = try lab.restartSnapshot(new)
        observation.require(newSnapshot.modules.isEmpty, "the new build serves \(newSnapshot.modules.keys.sorted()) from the old cache")
        // The old snapshot handed to the new build's Localizer is ignored too.
        let localizer = Localizer(catalog: upgraded, store: oldSnapshot, preferredLanguages: [developmentRegion(candidate)])
        observation.require(localizer.activeRevisions.isEmpty && localizer.stats.ignoredRevisions > 0,
                            "the new build's Localizer loaded \(localizer.activeRevisions.keys.sorted()) of the old build")
        let survey = LookupSurvey.run(catalog: upgraded, store: newSnapshot)
        observation.require(survey.count(.shipped) == survey.count, "\(survey.count - survey.count(.shipped)) lookups were not the new build's shipped strings")
        observation.note("new build \(version) (\(change)): offline \(offline.brief), the old overlay of \(oldSnapshot.modules.count) modules ignored (\(localizer.stats.ignoredRevisions) counted), \(survey.count) lookups all shipped")
        return observation
    }

    /// 10. The candidate applied; the user switches languages.
    static func localeSwitch(_ run: MatrixRun) async throws -> Observation {
        var observation = Observation()
        let candidate = run.candidate
        let lab = try run.lab("locale-switch")
        let configuration = lab.configuration()
        let first = await lab.sync(configuration)
        guard observation.require(first.outcome == .applied, "the candidate did not apply: \(first.brief)") else { return observation }
        let snapshot = try lab.restartSnapshot(configuration)
        let development = developmentRegion(candidate)
        let others = LookupSurvey.locales(candidate.shipped).filter { $0 != development }
        guard others.count >= 1 else { throw ScenarioFailure("the catalog ships one locale: nothing to switch to") }
        var pairs = [(others[0], others.count > 1 ? others[1] : development)]
        pairs.append((pairs[0].1, pairs[0].1 == development ? others[0] : development))
        var compared = 0
        for (from, to) in pairs {
            let localizer = Localizer(catalog: candidate.shipped, store: snapshot, preferredLanguages: [from])
            let handles = candidate.shipped.modules.keys.sorted().first.map { module in
                (module, localizer.table("Localizable", in: module))
            }
            let pinned = handles.map { $0.1.values.mapValues { $0.text } }
            localizer.setPreferredLanguages([to])
            var switched = LookupSurvey()
            switched.add(localizer, catalog: candidate.shipped, locale: to)
            let fresh = LookupSurvey.run(catalog: candidate.shipped, store: snapshot, locales: [to])
            observation.require(switched == fresh, "after \(from) → \(to) lookups differ from a launch in \(to): \(LookupSurvey.differences(switched, fresh))")
            let leaked = switched.answers.filter { $0.value.locale == from && !chain(of: to, candidate: candidate).contains(from) }
            observation.require(leaked.isEmpty, "after \(from) → \(to), \(leaked.count) lookups still answer in \(from): \(leaked.keys.sorted().prefix(3))")
            if let handles, let pinned {
                observation.require(handles.1.values.mapValues { $0.text } == pinned, "a handle taken in \(from) changed when the language switched")
            }
            compared += switched.count
        }
        observation.note("\(pairs.map { "\($0.0) → \($0.1)" }.joined(separator: ", ")): \(compared) lookups equal to a launch in the new locale, none answered in the previous one, handles taken before unchanged")
        return observation
    }

    // MARK: Helpers

    static func developmentRegion(_ candidate: MatrixCandidate) -> String {
        candidate.manifest?.developmentRegion
            ?? candidate.shipped.modules.values.map(\.developmentRegion).sorted().first ?? "en"
    }

    /// The fallback chain a Localizer uses for `locale` (read from a table handle).
    static func chain(of locale: String, candidate: MatrixCandidate) -> [String] {
        guard let module = candidate.shipped.modules.keys.sorted().first else { return [locale] }
        return Localizer(catalog: candidate.shipped, preferredLanguages: [locale]).table(in: module).chain
    }

    struct Probe: Sendable {
        var module: String
        var table: String
        var locale: String
        var key: String
    }

    /// The first key of the shipped catalog, in its development language.
    static func firstKey(_ catalog: Catalog) -> Probe? {
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name] else { continue }
            for table in module.developmentTables.keys.sorted() {
                if let key = module.developmentTables[table]?.keys.first {
                    return Probe(module: name, table: table, locale: module.developmentRegion, key: key)
                }
            }
        }
        return nil
    }

    /// A key the candidate's overlay answers in the development language, and the build ships.
    static func overlayProbe(_ candidate: MatrixCandidate) -> Probe? {
        for name in candidate.acceptedModules {
            guard let content = candidate.modules[name]?.content, let shipped = candidate.shipped.modules[name] else { continue }
            let locale = content.developmentRegion
            for (table, overlay) in (content.localizations[locale]?.tables ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let known = shipped.developmentTables[table]?.keySet else { continue }
                if let key = overlay.keys.first(where: known.contains) {
                    return Probe(module: name, table: table, locale: locale, key: key)
                }
            }
        }
        return nil
    }

    /// Keys the candidate's overlay holds (and the build knows) that a survey did not answer from the overlay.
    static func overlayHitsMissing(_ candidate: MatrixCandidate, survey: LookupSurvey, snapshot: StoreSnapshot) -> [String] {
        var wrong: [String] = []
        for name in candidate.acceptedModules {
            guard let content = candidate.modules[name]?.content, let shipped = candidate.shipped.modules[name],
                  let active = snapshot.modules[name] else { continue }
            for (locale, localization) in content.localizations {
                for (table, overlay) in localization.tables {
                    guard let known = shipped.developmentTables[table]?.keySet else { continue }
                    for key in overlay.keySet where known.contains(key) {
                        let id = "\(name)/\(table)/\(locale)/\(key)"
                        guard let answer = survey.answers[id] else { continue }
                        if answer.layer != .overlay || answer.locale != locale || answer.revision != active.revision {
                            wrong.append("\(id) answered from \(answer.layer.rawValue) \(answer.locale ?? "-")")
                        }
                    }
                }
            }
        }
        return wrong.sorted()
    }

    /// The catalog of a build whose structure differs from `catalog` in one value's arguments (a `%@` appended).
    static func alteredBuild(_ catalog: Catalog) -> (Catalog, String)? {
        var altered = catalog
        for name in catalog.moduleNames {
            guard let module = catalog.modules[name], let localization = module.localizations[module.developmentRegion] else { continue }
            for table in localization.tables.keys.sorted() where table != CatalogTable.infoPlistTableName {
                guard let key = localization.tables[table]?.strings.keys.sorted().first,
                      let value = localization.tables[table]?.strings[key] else { continue }
                altered.modules[name]?.localizations[module.developmentRegion]?.tables[table]?.strings[key] = value + " %@"
                if altered.sourceHash != catalog.sourceHash {
                    return (altered, "\(name)/\(table):\(key) takes one more argument")
                }
                altered = catalog
            }
        }
        return nil
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.2f ms", duration.milliseconds)
    }
}
