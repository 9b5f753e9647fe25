package import Foundation
package import OverlayCore

/// Deterministic output shared by the encoders: two-space pretty JSON in the given member order, a newline. Only the
/// publisher writes artifacts; the client decodes them.
package enum ArtifactEncoder {
    package static func data(_ object: JSONObject) -> Data {
        Data((JSONValue.object(object).serialized(pretty: true) + "\n").utf8)
    }

    static func stringList(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    package static func sortedByBytes<Value>(_ dictionary: [String: Value]) -> [(key: String, value: Value)] {
        dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    static let schemaVersion = JSONValue.number(JSONNumber(ArtifactDecoder.supportedSchemaVersion))
}

extension Manifest {
    /// The manifest as deterministic JSON: fields in DESIGN.md order, two-space indentation, a final newline.
    package func encoded() -> Data {
        ArtifactEncoder.data(
            JSONObject([
                ("schema_version", ArtifactEncoder.schemaVersion),
                ("app_version", .string(appVersion)),
                ("source_hash", .string(sourceHash)),
                ("development_region", .string(developmentRegion)),
                ("revision", .number(JSONNumber(revision))),
                ("published_at", .string(RFC3339.string(from: publishedAt))),
                ("expires_at", .string(RFC3339.string(from: expiresAt))),
                ("revoked", .array(revoked.map { .object(JSONObject([
                    ("module", .string($0.module)), ("sha256", .string($0.sha256)),
                ])) })),
                ("modules", .array(modules.map(\.json))),
            ]))
    }
}

extension Manifest.Module {
    var json: JSONValue {
        .object(
            JSONObject([
                ("name", .string(name)),
                ("path", .string(path)),
                ("sha256", .string(sha256)),
                ("size", .number(JSONNumber(size))),
                ("revision", .number(JSONNumber(revision))),
                ("locales", ArtifactEncoder.stringList(locales)),
                ("tables", ArtifactEncoder.stringList(tables)),
                ("entries", .number(JSONNumber(entries))),
            ]))
    }
}

extension ModuleHeader {
    /// The header as deterministic JSON: fields in DESIGN.md order, two-space indentation, a final newline.
    package func encoded() -> Data {
        ArtifactEncoder.data(
            JSONObject([
                ("schema_version", ArtifactEncoder.schemaVersion),
                ("module", .string(module)),
                ("source_hash", .string(sourceHash)),
                ("revision", .number(JSONNumber(revision))),
                ("development_region", .string(developmentRegion)),
                ("locales", ArtifactEncoder.stringList(locales)),
                ("tables", ArtifactEncoder.stringList(tables)),
            ]))
    }
}

extension SignatureFile {
    /// The signature file as deterministic JSON: two-space indentation, a final newline.
    package func encoded() -> Data {
        ArtifactEncoder.data(
            JSONObject([
                ("schema_version", ArtifactEncoder.schemaVersion),
                ("signatures", .array(signatures.map { signature in
                    .object(JSONObject([
                        ("keyid", .string(signature.keyid)), ("alg", .string(signature.alg)),
                        ("sig", .string(signature.sig)),
                    ]))
                })),
            ]))
    }
}
