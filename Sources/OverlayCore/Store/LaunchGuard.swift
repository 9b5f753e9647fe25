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

    package init(
        module: String, fromSHA256: String, fromRevision: Int, toSHA256: String?, toRevision: Int?, launches: Int, at: Date
    ) {
        self.module = module
        self.fromSHA256 = fromSHA256
        self.fromRevision = fromRevision
        self.toSHA256 = toSHA256
        self.toRevision = toRevision
        self.launches = launches
        self.at = at
    }

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
