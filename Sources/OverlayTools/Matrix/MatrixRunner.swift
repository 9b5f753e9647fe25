import Foundation
import OverlayCore

/// The release matrix (issue 12): the candidate origin through the real client code in every state an app can be in.
///
/// Each scenario runs in a fresh temporary store with the real `SyncService`, `OverlayStore` and `Localizer`; the
/// fault-injecting transport only where a scenario needs a fault. Variants are derived from the candidate; where one
/// needs a signature the candidate's key would never give it, a throwaway key signs it and the observed text says so.
///
/// ```swift
/// let report = try await Matrix.run(options) { line in print(line) }
/// if !report.isGreen { exit(1) }
/// ```
public enum Matrix {
    struct Scenario: Sendable {
        var id: String
        var title: String
        var expected: String
        var body: @Sendable (MatrixRun) async throws -> Observation
    }

    static let scenarios: [Scenario] = [
        Scenario(
            id: "first-launch-offline", title: "First launch without network",
            expected: "shipped strings for every key; the first lookup costs no more than without Overlay",
            body: MatrixScenarios.firstLaunchOffline),
        Scenario(
            id: "cached-offline", title: "Valid cached overlay, no network",
            expected: "the cached revision's values; keys it lacks from the shipped strings; no miss",
            body: MatrixScenarios.cachedOffline),
        Scenario(
            id: "not-modified", title: "HTTP 304",
            expected: "one request; the active revisions and every store file (journal aside) byte-identical",
            body: MatrixScenarios.notModified),
        Scenario(
            id: "new-revision", title: "The candidate as a new revision",
            expected: "every module validates and is written durably; it serves after applyPendingUpdates() or at the next launch, never under a handle already taken",
            body: MatrixScenarios.newRevision),
        Scenario(
            id: "wrong-source-hash", title: "Wrong source hash",
            expected: "a build whose catalog differs in one value's arguments rejects the candidate; the store is unchanged",
            body: MatrixScenarios.wrongSourceHash),
        Scenario(
            id: "damaged-artifacts", title: "Truncated, malformed and tampered artifacts",
            expected: "each damaged manifest is rejected and each damaged archive fails its transfer (retried next cycle, never remembered as rejected) before anything is replaced; undamaged modules still activate",
            body: MatrixScenarios.damagedArtifacts),
        Scenario(
            id: "app-upgrade", title: "App upgrade with an old cache",
            expected: "the new build ignores the old overlay and serves its shipped strings",
            body: MatrixScenarios.appUpgrade),
        Scenario(
            id: "revoked-revision", title: "Revoked revision",
            expected: "a revoked active revision goes back to the previous known-good one, and to the shipped strings when that is revoked too",
            body: MatrixScenarios.revokedRevision),
        Scenario(
            id: "dependency-lookups", title: "Dependency-owned code",
            expected: "with --sources: no lookup bypasses the overlay-aware bundle (overlay lint)",
            body: MatrixScenarios.dependencyLookups),
        Scenario(
            id: "locale-switch", title: "Locale switch",
            expected: "after a switch every lookup equals a launch in the new locale; nothing of the previous locale leaks",
            body: MatrixScenarios.localeSwitch),
        Scenario(
            id: "placeholder-plural-mismatch", title: "Placeholder and plural mismatches",
            expected: "the candidate's own values pass; a broken placeholder or plural in a .strings, .stringsdict or .xcstrings module is rejected",
            body: MatrixScenarios.placeholderMismatches),
        Scenario(
            id: "killed-process", title: "Process killed during the write and the state switch",
            expected: "a child killed by SIGKILL at many points of the revision write and the state switch leaves all old or all new, complete revisions; the next cycle recovers",
            body: MatrixScenarios.killedProcess),
        Scenario(
            id: "metadata-attacks", title: "Bad signature, untrusted key, rollback, freeze, equivocation",
            expected: "each attack is rejected and nothing is activated",
            body: MatrixScenarios.metadataAttacks),
        Scenario(
            id: "kill-switch-download", title: "Kill switch during a download",
            expected: "the cycle is cancelled, the store is deleted, the Localizer is cleared, and nothing comes back",
            body: MatrixScenarios.killSwitchDuringDownload),
    ]

    /// Runs every scenario in order; `progress` gets one line as each one ends.
    /// - Throws: ``MatrixError`` when the matrix cannot start (unreadable catalog, no manifest for the app version).
    public static func run(_ options: MatrixOptions, progress: @Sendable (String) -> Void = { _ in }) async throws -> MatrixReport {
        let started = ContinuousClock.now
        let candidate = try MatrixCandidate.load(options)
        let run = try MatrixRun(options: options, candidate: candidate)
        defer { run.removeAll() }
        var results: [MatrixResult] = []
        for (index, scenario) in scenarios.enumerated() where options.onlyScenarios?.contains(scenario.id) ?? true {
            let scenarioStarted = ContinuousClock.now
            var observation: Observation
            do {
                observation = try await scenario.body(run)
            } catch let failure as ScenarioFailure {
                observation = Observation()
                observation.fail(failure.message)
            } catch let notRun as ScenarioNotRun {
                let result = MatrixResult(
                    number: index + 1, id: scenario.id, title: scenario.title, expected: scenario.expected,
                    observed: "not run: \(notRun.reason)", verdict: .notRun, duration: ContinuousClock.now - scenarioStarted)
                results.append(result)
                progress(line(result, of: scenarios.count))
                continue
            } catch {
                observation = Observation()
                observation.fail("\(error)")
            }
            let result = MatrixResult(
                number: index + 1, id: scenario.id, title: scenario.title, expected: scenario.expected,
                observed: observation.text, verdict: observation.isPassed ? .pass : .fail,
                duration: ContinuousClock.now - scenarioStarted)
            results.append(result)
            progress(line(result, of: scenarios.count))
        }
        return MatrixReport(candidate: candidate.summary(), results: results, duration: ContinuousClock.now - started)
    }

    /// `[ 3/14] pass      not-modified (0.1 s)`.
    static func line(_ result: MatrixResult, of total: Int) -> String {
        let number = String(result.number)
        let padded = String(repeating: " ", count: max(0, String(total).count - number.count)) + number
        let verdict = result.verdict.rawValue.uppercased()
        let seconds = String(format: "%.1f", result.duration.milliseconds / 1000)
        return "[\(padded)/\(total)] \(verdict)\(String(repeating: " ", count: max(1, 9 - verdict.count)))\(result.id) (\(seconds) s)"
    }
}

/// A scenario that could not run, and why (it counts as not passed).
struct ScenarioNotRun: Error, Sendable {
    var reason: String
}
