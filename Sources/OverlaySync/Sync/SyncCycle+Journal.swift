import Foundation
import OverlayCore

/// Step 7: what a cycle leaves in the store's journal for `overlay inspect` (counters and names, never payloads).
extension SyncCycle {
    /// Keys a development build asked for and no catalog has, as one bounded journal line (a sample of keys per
    /// module with the counts): `overlay inspect` shows the latest.
    func journal(_ missed: MissedKeys) async {
        var modules: [(String, JSONValue)] = []
        for name in missed.modules.keys.sorted().prefix(Self.missedModulesJournaled) {
            let keys = missed.modules[name] ?? []
            let sample = keys.prefix(Self.missedKeysJournaled).map { key -> JSONValue in
                .string(Self.bounded("\(key.table):\(key.key)"))
            }
            modules.append((name, .object(JSONObject([
                ("count", .number(JSONNumber(keys.count))), ("overflow", .number(JSONNumber(missed.overflow[name] ?? 0))),
                ("keys", .array(Array(sample))),
            ]))))
        }
        let line = JSONValue.object(JSONObject([
            ("at", .string(RFC3339.string(from: now))), ("event", .string("missed-keys")),
            ("modules", .object(JSONObject(modules))), ("modules_total", .number(JSONNumber(missed.modules.count))),
        ]))
        await append(line)
    }

    /// What one missed-keys line holds at most: 10 × 20 keys of ≤ 200 bytes stay under the journal's line limit.
    static let missedModulesJournaled = 10
    static let missedKeysJournaled = 20
    /// Failed archive fetches named in one cycle's line (the counts cover them all).
    static let fetchFailuresJournaled = 10

    /// `text` cut to 200 bytes (marked with …): a journal line holds counters and names, never payloads.
    static func bounded(_ text: String) -> String {
        text.utf8.count <= 200 ? text : String(decoding: text.utf8.prefix(200), as: UTF8.self) + "…"
    }

    /// Step 7: one journal line per cycle (counters, not payloads).
    func journal(_ report: SyncReport) async {
        var members: [(String, JSONValue)] = [
            ("at", .string(RFC3339.string(from: now))),
            ("outcome", .string(report.outcome.rawValue)),
        ]
        if let revision = report.manifestRevision { members.append(("revision", .number(JSONNumber(revision)))) }
        for (name, value) in report.counters { members.append((name, .number(JSONNumber(value)))) }
        members.append(("ms", .number(JSONNumber(report.duration.milliseconds))))
        func counts(_ counts: [String: Int]) -> JSONValue {
            .object(JSONObject(counts.sorted { $0.key < $1.key }.map { ($0.key, .number(JSONNumber($0.value))) }))
        }
        if !report.rejectedByCode.isEmpty { members.append(("rejected_by_code", counts(report.rejectedByCode))) }
        if !report.failedByCode.isEmpty {
            members.append(("failed_by_code", counts(report.failedByCode)))
            // Which origin served what, for `overlay inspect`'s advice: a sample, bounded like every journal line.
            let sample = report.modules.flatMap { module in module.fetchErrors.map { (module.name, $0) } }.prefix(Self.fetchFailuresJournaled)
            members.append(("fetch_failures", .array(sample.map { name, error in
                .object(JSONObject([
                    ("module", .string(name)), ("url", .string(Self.bounded(error.url?.absoluteString ?? ""))),
                    ("code", .string(error.code.rawValue)),
                ]))
            })))
        }
        if let error = report.error { members.append(("error", .string("\(error.code.rawValue): \(error.message)"))) }
        if !report.skippedOrigins.isEmpty {
            members.append(("skipped_origins", .array(report.skippedOrigins.map { skipped in
                .object(JSONObject([
                    ("origin", .string(skipped.origin.absoluteString)), ("outcome", .string(skipped.outcome.rawValue)),
                    ("reason", .string(skipped.reason)),
                ]))
            })))
        }
        await append(.object(JSONObject(members)))
        emit(report.outcome == .failed || report.outcome == .rejected ? .warning : .info, "cycle", [
            "outcome": report.outcome.rawValue, "requests": String(report.requests), "bytes": String(report.bytes),
        ])
    }

    /// Appends `line` in place when the journal takes it without `LOCK` (a 304's line: no wait, no queue), else
    /// on ``storeQueue``.
    private func append(_ line: JSONValue) async {
        do {
            if try !store.appendJournal(line, waiting: false) { _ = try await write { try $0.appendJournal(line) } }
        } catch {
            // The journal is a diagnostic: a cycle's outcome stands without its line, and the sink still hears it.
            emit(.warning, "store.write-failed", ["write": "journal", "error": "\(error)"])
        }
    }
}
