public import Foundation

/// One return of a module to an earlier revision because launches that served it did not complete.
public struct LaunchRollback: Sendable, Hashable {
    /// The module whose revision was taken back.
    public var module: String
    /// The archive SHA-256 and manifest revision that was active while the launches failed.
    public var fromSHA256: String
    public var fromRevision: Int
    /// What the module serves now: the previous known good revision, or nil for the shipped strings.
    public var toSHA256: String?
    public var toRevision: Int?
    /// Launches in a row that served `fromSHA256` without reaching `SyncService.launchCompleted()`.
    public var launches: Int
    /// When the rollback was made.
    public var at: Date

    /// The members the guard's record and the journal share, in their order.
    func write(to object: inout JSONObject) {
        object["module"] = .string(module)
        object["from_sha256"] = .string(fromSHA256)
        object["from_revision"] = .number(JSONNumber(fromRevision))
        if let toSHA256 { object["to_sha256"] = .string(toSHA256) }
        if let toRevision { object["to_revision"] = .number(JSONNumber(toRevision)) }
        object["launches"] = .number(JSONNumber(launches))
    }

    /// One sentence for logs: what was taken back, to what, and why.
    public var reason: String {
        let to = toSHA256.map { "its previous known good revision \(toRevision.map(String.init) ?? "?") (\($0.prefix(12)))" }
            ?? "the shipped strings"
        return "\(module): revision \(fromRevision) (\(fromSHA256.prefix(12))) returned to \(to) after \(launches) "
            + "launches in a row did not reach launchCompleted()"
    }
}

/// `launch-guard.json`: the crash-loop guard's record. `trial` is the module set (module → archive SHA-256) the
/// `launches` served; `completed` says one of them reached `launchCompleted()`, which makes the set `knownGood`;
/// `crashed` holds the archives taken back, which a sync never activates again.
package struct LaunchGuardRecord: Sendable, Equatable {
    static let formatVersion = 1
    /// Rollbacks kept in the record (the journal keeps every one).
    static let rollbackLimit = 16
    /// Archives kept in `crashed` per module, newest last.
    static let crashedLimit = 16

    package var trial: [String: String] = [:]
    package var launches = 0
    package var completed = false
    var knownGood: [String: String] = [:]
    var crashed: [String: [String]] = [:]
    package var rollbacks: [LaunchRollback] = []

    /// A module → SHA-256 map as JSON, members in module order (one spelling per set).
    static func map(_ dictionary: [String: String]) -> JSONValue {
        .object(JSONObject(dictionary.keys.sorted().map { ($0, .string(dictionary[$0]!)) }))
    }

    var json: JSONValue {
        let map = Self.map
        var root = JSONObject()
        root["format_version"] = .number(JSONNumber(Self.formatVersion))
        root["completed"] = .bool(completed)
        root["trial"] = map(trial)
        root["launches"] = .number(JSONNumber(launches))
        root["known_good"] = map(knownGood)
        root["crashed"] = .object(JSONObject(crashed.keys.sorted().map { ($0, .array(crashed[$0]!.map { .string($0) })) }))
        root["rollbacks"] = .array(rollbacks.map { rollback in
            var object = JSONObject()
            rollback.write(to: &object)
            object["at"] = .number(JSONNumber(Int(rollback.at.timeIntervalSince1970)))
            return .object(object)
        })
        return .object(root)
    }

    init() {}

    /// Decodes the record; anything malformed throws (the caller starts a fresh record: the guard then counts from
    /// the next launch, and `crashed` archives lost with it are still in `state.json`'s `rejected`).
    package init(json data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        guard try root.required("format_version").int() == Self.formatVersion else {
            throw StoreError.invalid("launch-guard.json has an unknown format_version")
        }
        func map(_ key: String) throws -> [String: String] {
            var result: [String: String] = [:]
            for (name, node) in try root.required(key).object().members { result[name] = try node.string() }
            return result
        }
        trial = try map("trial")
        launches = try root.required("launches").int()
        completed = try root.required("completed").bool()
        knownGood = try map("known_good")
        for (name, node) in try root.required("crashed").object().members {
            crashed[name] = try node.array().map { try $0.string() }
        }
        rollbacks = try root.required("rollbacks").array().map { node in
            let object = try node.object()
            return LaunchRollback(
                module: try object.required("module").string(),
                fromSHA256: try object.required("from_sha256").string(),
                fromRevision: try object.required("from_revision").int(),
                toSHA256: try object.optional("to_sha256")?.string(),
                toRevision: try object.optional("to_revision")?.int(),
                launches: try object.required("launches").int(),
                at: Date(timeIntervalSince1970: TimeInterval(try object.required("at").int())))
        }
    }
}

/// The crash-loop guard (docs/DESIGN.md "Crash-loop guard"): launches that serve an overlay and never reach
/// `launchCompleted()` are counted in `launch-guard.json`; past the limit, the overlay is taken back.
extension OverlayStore {
    /// What counting a launch found.
    package enum LaunchCount: Sendable, Equatable {
        /// The guard is off, or the launch serves no overlay: nothing counted, nothing written.
        case notGuarded
        /// A launch of this module set completed before: nothing written.
        case knownGood
        /// This launch is the n-th in a row of its module set without a completed launch.
        case counted(Int)
        /// The limit of launches without completion is reached: roll back (``rollBackCrashLoop(limit:now:)``).
        case crashLoop
    }

    static let launchGuardLimit = 64 * 1024

    /// Counts a launch of the modules `snapshot` serves, before the store is opened. On the launch path: one small
    /// read when the set completed a launch before; during a trial, a write renamed into place under `LOCK` but not
    /// fsynced (only a power loss can lose a count), so a launch does not wait on the disk.
    package static func countLaunch(
        at url: URL, serving snapshot: StoreSnapshot, limit: Int, syscalls: Syscalls = .live
    ) throws -> LaunchCount {
        guard limit > 0, !snapshot.modules.isEmpty else { return .notGuarded }
        let active = snapshot.modules.mapValues(\.sha256)
        let layout = StoreLayout(root: try StoreLayout.rootPath(of: url))
        if let record = loadLaunchGuard(layout, syscalls), record.trial == active, record.completed { return .knownGood }
        return try withFileLock(layout, syscalls) { () throws -> LaunchCount in
            var record = loadLaunchGuard(layout, syscalls) ?? LaunchGuardRecord()
            if record.trial == active {
                if record.completed { return .knownGood }
                if record.launches >= limit { return .crashLoop }
                record.launches += 1
            } else {
                record.trial = active
                record.launches = 1
                record.completed = false
            }
            try writeLaunchGuard(record, layout, syscalls, durable: false)
            return .counted(record.launches)
        }
    }

    /// The app reached `launchCompleted()`: the module set of the trial is known good and the count starts again.
    /// Returns false when there was nothing to record (no trial, or already completed). Durable (fsynced).
    @discardableResult
    package static func completeLaunch(at url: URL, syscalls: Syscalls = .live) throws -> Bool {
        let layout = StoreLayout(root: try StoreLayout.rootPath(of: url))
        guard let record = loadLaunchGuard(layout, syscalls), !record.trial.isEmpty, !record.completed else { return false }
        return try withFileLock(layout, syscalls) { () throws -> Bool in
            guard var record = loadLaunchGuard(layout, syscalls), !record.trial.isEmpty, !record.completed else { return false }
            record.completed = true
            record.launches = 0
            record.knownGood = record.trial
            try writeLaunchGuard(record, layout, syscalls, durable: true)
            return true
        }
    }

    /// Takes back the revisions a crash loop served: each module changed since the known good set returns to its
    /// previous revision when that is the known good one, else to the shipped strings; when nothing changed (the app
    /// fails with the known good set), all return to the shipped strings, and no sync activates these archives again.
    /// `state.json` is replaced first, then the record (both fsynced), then a journal line per module.
    package func rollBackCrashLoop(limit: Int, now: Date) throws -> [LaunchRollback] {
        var record = LaunchGuardRecord()  // read under LOCK below
        let rollbacks = try mutate { (state: inout StoreState) throws -> [LaunchRollback] in
            record = Self.loadLaunchGuard(layout, syscalls) ?? LaunchGuardRecord()
            let active = state.modules.compactMapValues { $0.active?.sha256 }
            guard !active.isEmpty, record.trial == active, !record.completed, record.launches >= limit else { return [] }
            let changed = active.filter { record.knownGood[$0.key] != $0.value }.map(\.key)
            let targets = changed.isEmpty ? Array(active.keys) : changed
            if changed.isEmpty { record.knownGood = [:] }
            var rollbacks: [LaunchRollback] = []
            for name in targets.sorted() {
                guard var module = state.modules[name], let from = module.active else { continue }
                var to: StoreState.Revision?
                if let good = record.knownGood[name], let previous = module.previous, previous.sha256 == good {
                    to = previous
                    module.previous = nil
                }
                module.active = to
                state.modules[name] = module
                var crashed = record.crashed[name, default: []].filter { $0 != from.sha256 }
                crashed.append(from.sha256)
                record.crashed[name] = Array(crashed.suffix(LaunchGuardRecord.crashedLimit))
                rollbacks.append(LaunchRollback(
                    module: name, fromSHA256: from.sha256, fromRevision: from.revision, toSHA256: to?.sha256,
                    toRevision: to?.revision, launches: record.launches, at: now))
            }
            record.trial = state.modules.compactMapValues { $0.active?.sha256 }
            // This launch serves the new set: it is the first of its trial.
            record.launches = record.trial.isEmpty ? 0 : 1
            record.completed = false
            record.rollbacks = Array((record.rollbacks + rollbacks).suffix(LaunchGuardRecord.rollbackLimit))
            return rollbacks
        }
        guard !rollbacks.isEmpty else { return [] }
        try withWriteLock { _ in try Self.writeLaunchGuard(record, layout, syscalls, durable: true) }
        for rollback in rollbacks {
            var line = JSONObject()
            line["at"] = .string(RFC3339.string(from: now))
            line["event"] = .string("launch.rollback")
            rollback.write(to: &line)
            line["reason"] = .string(rollback.reason)
            _ = try? appendJournal(.object(line))
        }
        return rollbacks
    }

    static func loadLaunchGuard(_ layout: StoreLayout, _ syscalls: Syscalls) -> LaunchGuardRecord? {
        guard let data = try? syscalls.readFileIfPresent(layout.launchGuardPath, limit: launchGuardLimit) else { return nil }
        return try? LaunchGuardRecord(json: data)
    }

    /// Writes the record to a new file in `tmp/` and renames it over the old one; `durable` adds the fsyncs.
    static func writeLaunchGuard(_ record: LaunchGuardRecord, _ layout: StoreLayout, _ syscalls: Syscalls, durable: Bool) throws {
        try syscalls.replaceFile(layout.launchGuardPath, with: Data(record.json.serialized().utf8),
                                 temporaryDirectory: layout.temporaryPath, durable: durable)
    }
}
