import Foundation
public import OverlayCore

extension InspectReport {
    /// The report for people: one screen, most important first; the findings go to stderr as diagnostics. Not
    /// escaped: the CLI escapes control characters.
    public var text: String {
        var lines: [String] = []
        let stateText: String = switch state {
        case .on: "on"
        case .disabled: "disabled (kill switch): shipped strings only"
        case .noStore: "no store"
        case .newerFormat: "written by a newer format: ignored by this client"
        case .damaged: "damaged"
        }
        lines.append("store      \(store)")
        lines.append("state      \(stateText)\(formatVersion.map { ", format \($0)" } ?? "")")
        lines.append("lock       \(lock.detail ?? lock.status)")
        if let appVersion { lines.append("build      app version \(appVersion), source hash \(sourceHash ?? "?")") }
        if let binding {
            switch binding.matches {
            case true?: lines.append("binding    matches --bundle (\(binding.bundleSourceHash))")
            case false?:
                lines.append("binding    MISMATCH: --bundle has \(binding.bundleSourceHash); the overlay is ignored, the app shows shipped strings")
            case nil: lines.append("binding    unknown: no readable state.json names the build the store belongs to")
            }
        }
        if let manifest, manifest.present || manifest.highestSeenRevision != nil {
            var text = "manifest   "
            if let revision = manifest.revision {
                text += "revision \(revision)"
                if let published = manifest.publishedAt { text += ", published \(InspectTime.string(published)) (\(InspectTime.age(generatedAt.timeIntervalSince(published))) ago)" }
                if let expires = manifest.expiresAt { text += ", expires \(InspectTime.string(expires))" }
            } else {
                text += manifest.present ? "unreadable" : "none applied yet"
            }
            text += "; signature \(manifest.signature)"
            if let etag = manifest.etag { text += "; ETag \(etag)" }
            lines.append(text)
            if let seen = manifest.highestSeenRevision { lines.append("seen       highest manifest revision \(seen)") }
        }
        if !modules.isEmpty { lines.append("modules") }
        for module in modules {
            if let active = module.active {
                var text = "  \(module.name): \(module.serving == "overlay" ? "overlay" : "SHIPPED") — active \(Self.describe(active, now: generatedAt))"
                if module.pendingForLaunch == true { text += " — arrived after the given launch: applies at its next launch" }
                lines.append(text)
            } else {
                lines.append("  \(module.name): shipped strings — \(module.shippedReason ?? "no overlay")")
            }
            if module.active != nil, module.serving != "overlay" || module.shippedReason != nil, let reason = module.shippedReason {
                lines.append("      shipped strings: \(reason)")
            }
            if let previous = module.previous { lines.append("      previous \(Self.describe(previous, now: generatedAt))") }
            for staged in module.staged { lines.append("      staged (no state.json names it yet) \(Self.describe(staged, now: generatedAt))") }
            for retired in module.retired { lines.append("      retired (removed at the next launch) \(Self.describe(retired, now: generatedAt))") }
            for rejected in module.rejected {
                lines.append("      rejected \(rejected.sha256.prefix(12))…\(rejected.codes.isEmpty ? "" : " [\(rejected.codes.joined(separator: ", "))]")")
            }
        }
        if !journal.isEmpty {
            lines.append("history (last \(journal.count) cycles)")
            for cycle in journal {
                let counts = cycle.counters.filter { $0.1 > 0 }.map { "\($0.0.replacingOccurrences(of: "_", with: " ")) \($0.1)" }
                var text = "  \(cycle.at ?? "?")  \(cycle.outcome)"
                if let revision = cycle.revision { text += " r\(revision)" }
                if !counts.isEmpty { text += "  \(counts.joined(separator: ", "))" }
                if let ms = cycle.milliseconds { text += "  \(ms) ms" }
                if !cycle.rejectedByCode.isEmpty { text += "  [rejected: \(cycle.rejectedByCode.map { "\($0.0)×\($0.1)" }.joined(separator: ", "))]" }
                if !cycle.failedByCode.isEmpty { text += "  [fetch failed: \(cycle.failedByCode.map { "\($0.0)×\($0.1)" }.joined(separator: ", "))]" }
                if let error = cycle.error { text += "  error \(error)" }
                lines.append(text)
            }
        }
        if !missedKeys.isEmpty {
            lines.append("missed keys (a development build asked for them; no catalog has them)")
            for missed in missedKeys {
                let more = missed.count - missed.keys.count
                lines.append("  \(missed.module): \(missed.count) key(s)\(missed.overflow > 0 ? ", \(missed.overflow) more misses not kept" : ""): "
                    + missed.keys.joined(separator: ", ") + (more > 0 ? ", … \(more) more" : ""))
            }
        }
        if !temporaryDebris.isEmpty { lines.append("tmp/       \(temporaryDebris.count) name(s): \(temporaryDebris.prefix(5).joined(separator: ", "))") }
        if let origin {
            var text = "origin     \(origin.status)"
            if let revision = origin.revision { text += " (origin revision \(revision)" + (origin.behindBy.map { ", behind by \($0)" } ?? "") + ")" }
            if let detail = origin.detail { text += ": \(detail)" }
            lines.append(text)
            for change in origin.changes {
                lines.append("  \(change.module): \(change.from.map { String($0.prefix(12)) + "…" } ?? "shipped") → \(change.to.map { String($0.prefix(12)) + "…" } ?? "shipped strings")")
            }
        }
        if let explanation { lines += [""] + ExplanationText.lines(explanation) }
        lines.append(isHealthy ? "healthy" : "problems found: \(findings.filter { $0.severity == .error }.count) error(s), \(findings.filter { $0.severity == .warning }.count) warning(s)")
        return lines.joined(separator: "\n")
    }

    static func describe(_ revision: Revision, now: Date) -> String {
        var text = "r\(revision.revision.map(String.init) ?? "?") \(revision.sha256.prefix(12))…"
        guard revision.present else { return text + " (directory missing)" }
        if let written = revision.writtenAt { text += ", \(InspectTime.age(now.timeIntervalSince(written))) old" }
        text += ", \(revision.locales.count) locale(s) \(revision.locales.joined(separator: " ")), "
            + "\(revision.tables.joined(separator: " ")), \(revision.keys) keys"
        if revision.digest != "not-checked" { text += ", digest \(revision.digest)" }
        return text
    }
}

/// An explanation as lines for people: the chain, what answered, each layer, and the sentence.
public enum ExplanationText {
    public static func lines(_ e: ResolutionExplanation) -> [String] {
        var lines = [
            "chain \(e.chain.joined(separator: " → ")) (each locale: overlay, then shipped)",
            "answered by \(e.resolution.layer.rawValue) \(e.resolution.locale ?? "-")\(e.resolution.revision.map { " revision \($0)" } ?? ""): \"\(e.shown)\"",
        ]
        for step in e.steps {
            var text = "  \(step.locale) \(step.layer.rawValue): \(step.outcome.rawValue)"
            if let rejection = step.rejection { text += ": \(rejection)" }
            if let revision = step.revision { text += " (revision \(revision))" }
            if let value = step.value { text += " \"\(value)\"" }
            lines.append(text)
        }
        if e.resolution.layer == .miss, !e.otherLocales.isEmpty { lines.append("  outside the chain: \(e.otherLocales.joined(separator: ", ")) also have the key") }
        if let pending = e.pending {
            lines.append("  pending: revision \(pending.revision) (\(pending.sha256.prefix(12))…) applies at the next launch\(e.pendingValue.map { ": \"\($0)\"" } ?? " (same text)")")
        }
        lines.append("because: \(e.sentence) [\(e.reason.rawValue)]")
        return lines
    }
}
