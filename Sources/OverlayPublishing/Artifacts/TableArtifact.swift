package import Foundation
package import OverlayCore

/// A single-locale table as JSON, schema_version 1: the per-locale form for pipelines that ship one
/// table at a time (`validate` accepts it, `publish` can emit it).
///
/// ```swift
/// let table = try TableArtifact.decode(bytes)
/// table.strings["cart.title"]             // "Panier"
/// table.stringsdictEntries["cart.items"]  // .format(PluralFormat(…))
/// ```
package struct TableArtifact: Sendable, Equatable {
    /// The shipped catalog's structural fingerprint, `sha256:<64 lowercase hex>`.
    package var sourceHash: String
    /// The module's name, `[A-Za-z0-9_.-]+`.
    package var module: String
    /// The locale of every value, e.g. `fr-CA`.
    package var locale: String
    /// The table name, e.g. `Localizable`.
    package var table: String
    /// The manifest revision this table belongs to; at least 1.
    package var revision: Int
    /// When the artifact was generated (whole seconds).
    package var generatedAt: Date
    /// Plain strings by key.
    package var strings: [String: String]
    /// Plural entries by key (`.stringsdict` `NSStringLocalizedFormatKey` entries); a key is never in both maps.
    package var plurals: [String: PluralFormat]

    package init(
        sourceHash: String, module: String, locale: String, table: String, revision: Int, generatedAt: Date,
        strings: [String: String], plurals: [String: PluralFormat] = [:]
    ) {
        self.sourceHash = sourceHash
        self.module = module
        self.locale = locale
        self.table = table
        self.revision = revision
        self.generatedAt = generatedAt
        self.strings = strings
        self.plurals = plurals
    }

    /// The plurals as `.stringsdict` entries, the model the readers and validators share.
    package var stringsdictEntries: [String: StringsdictEntry] {
        plurals.mapValues(StringsdictEntry.format)
    }

    /// The artifact as deterministic JSON: fields in DESIGN.md order, map keys sorted by UTF-8 bytes,
    /// plural variants in CLDR order after `value_type`, two-space indentation, a final newline.
    package func encoded() -> Data {
        let stringMembers = ArtifactEncoder.sortedByBytes(strings).map { ($0.key, JSONValue.string($0.value)) }
        let pluralMembers = ArtifactEncoder.sortedByBytes(plurals).map { ($0.key, Self.json($0.value)) }
        return ArtifactEncoder.data(
            JSONObject([
                ("schema_version", .number(JSONNumber(ArtifactDecoder.supportedSchemaVersion))),
                ("source_hash", .string(sourceHash)),
                ("module", .string(module)),
                ("locale", .string(locale)),
                ("table", .string(table)),
                ("revision", .number(JSONNumber(revision))),
                ("generated_at", .string(RFC3339.string(from: generatedAt))),
                ("strings", .object(JSONObject(stringMembers))),
                ("plurals", .object(JSONObject(pluralMembers))),
            ]))
    }

    static func json(_ plural: PluralFormat) -> JSONValue {
        let variables = ArtifactEncoder.sortedByBytes(plural.variables).map { name, variable in
            let forms = variable.forms.sorted { $0.key < $1.key }.map { ($0.key.rawValue, JSONValue.string($0.value)) }
            return (name, JSONValue.object(JSONObject([("value_type", .string(variable.valueType))] + forms)))
        }
        return .object(JSONObject([("format", .string(plural.format)), ("variables", .object(JSONObject(variables)))]))
    }
}
