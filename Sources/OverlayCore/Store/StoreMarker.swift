package import Foundation

/// `store.json`: the marker the store writes into its own directory, and the only proof that a directory is one.
///
/// `{"format":"overlay-store","version":2,"id":"<32 lowercase hex digits>"}`. Nothing is created, cleaned or
/// deleted in a directory whose marker does not read exactly so (a newer `version` is recognised but never
/// written). The `id` is drawn when the store is created: a writer that sees another `id` under `LOCK` knows the
/// store it opened was deleted and another one made in its place.
package enum StoreMarker: Equatable {
    /// No `store.json`.
    case absent
    /// This format; the store's random identifier.
    case current(id: String)
    /// `{"format_version":1}`, exactly as stores before the marker wrote it: upgraded at the next open.
    case legacy
    /// An `overlay-store` marker of a later version: read as empty, never written.
    case newer(version: Int)
    /// Anything else: not a marker Overlay wrote. The reason says what is there.
    case invalid(reason: String)

    static let format = "overlay-store"
    static let version = 2
    /// Bytes, not `Data`: making a `Data` from a string's UTF-8 view casts it dynamically, and the first such cast
    /// of a process scans every protocol conformance (BENCHMARKS.md).
    static let legacyBytes: [UInt8] = Array(#"{"format_version":1}"#.utf8)
    static let sizeLimit = 4096

    /// A fresh marker with a new random 128-bit identifier.
    static func make() -> (id: String, data: Data) {
        let id = HexEncoding.encode((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let value = JSONValue.object(JSONObject([
            ("format", .string(format)), ("version", .number(JSONNumber(version))), ("id", .string(id)),
        ]))
        return (id, Data(value.serialized().utf8))
    }

    /// Decodes the bytes of a regular `store.json`.
    static func decode(_ data: Data) -> StoreMarker {
        if data.count == legacyBytes.count, data.elementsEqual(legacyBytes) { return .legacy }
        guard !data.isEmpty else { return .invalid(reason: "store.json is empty") }
        guard let root = try? JSONNode(StrictJSON.parse(data)).object() else {
            return .invalid(reason: "store.json is not a JSON object")
        }
        guard (try? root.required("format").string()) == format,
              let version = try? root.required("version").int(), version >= Self.version
        else {
            return .invalid(reason: "store.json does not say {\"format\":\"\(format)\",\"version\":\(Self.version),…}")
        }
        if version > Self.version { return .newer(version: version) }
        guard Set(root.members.map(\.key)) == ["format", "version", "id"], let id = try? root.required("id").string(),
              id.isLowercaseHex(count: 32)
        else { return .invalid(reason: "store.json holds other members than format, version and a 32-digit hex id") }
        return .current(id: id)
    }
}

/// `seen.json`: a second copy of the highest manifest revision seen, so that losing or corrupting either it or
/// `state.json` never lowers rollback protection. The store reads both and takes the higher.
package struct SeenRecord: Equatable {
    var appVersion: String
    var sourceHash: String
    package var seen: SeenManifest

    var data: Data {
        let value = JSONValue.object(JSONObject([
            ("format_version", .number(JSONNumber(1))), ("app_version", .string(appVersion)),
            ("source_hash", .string(sourceHash)), ("highest_manifest_revision", .number(JSONNumber(seen.revision))),
            ("highest_manifest_sha256", .string(seen.sha256)),
        ]))
        return Data(value.serialized().utf8)
    }
}

/// Decoding, apart so the memberwise initializer stays.
extension SeenRecord {
    package init(data: Data) throws {
        let root = try JSONNode(StrictJSON.parse(data)).object()
        guard try root.required("format_version").int() == 1 else {
            throw StoreError.invalid("seen.json has an unknown format_version")
        }
        appVersion = try root.required("app_version").string()
        sourceHash = try root.required("source_hash").string()
        seen = SeenManifest(revision: try root.required("highest_manifest_revision").int(),
                            sha256: try root.required("highest_manifest_sha256").string())
        try StoreLayout.validate(sha256: seen.sha256)
    }
}

extension SeenManifest {
    /// The higher of two records; on a tie the first (state.json's) wins.
    package static func highest(_ first: SeenManifest?, _ second: SeenManifest?) -> SeenManifest? {
        guard let first else { return second }
        guard let second else { return first }
        return second.revision > first.revision ? second : first
    }
}
