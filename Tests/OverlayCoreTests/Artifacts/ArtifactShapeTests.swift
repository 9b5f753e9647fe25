import Foundation
import OverlayCore
import OverlayTestSupport
import Testing

/// Required fields and types, checked by editing each valid fixture one path at a time.
@Suite("Artifact required fields, types and limits")
struct ArtifactShapeTests {
    /// Every required member of every format, as `kind`, `a/0/b` paths into valid.json.
    static let requiredPaths: [(ArtifactKind, String)] = [
        (.manifest, "schema_version"), (.manifest, "app_version"), (.manifest, "source_hash"),
        (.manifest, "development_region"), (.manifest, "revision"), (.manifest, "published_at"),
        (.manifest, "expires_at"), (.manifest, "revoked"), (.manifest, "modules"),
        (.manifest, "revoked/0/module"), (.manifest, "revoked/0/sha256"),
        (.manifest, "modules/0/name"), (.manifest, "modules/0/path"), (.manifest, "modules/0/sha256"),
        (.manifest, "modules/0/size"), (.manifest, "modules/0/revision"), (.manifest, "modules/0/locales"),
        (.manifest, "modules/0/tables"), (.manifest, "modules/1/entries"),
        (.signature, "schema_version"), (.signature, "signatures"), (.signature, "signatures/0/keyid"),
        (.signature, "signatures/0/alg"), (.signature, "signatures/1/sig"),
        (.moduleHeader, "schema_version"), (.moduleHeader, "module"), (.moduleHeader, "source_hash"),
        (.moduleHeader, "revision"), (.moduleHeader, "development_region"), (.moduleHeader, "locales"),
        (.moduleHeader, "tables"),
        (.tableArtifact, "schema_version"), (.tableArtifact, "source_hash"), (.tableArtifact, "module"),
        (.tableArtifact, "locale"), (.tableArtifact, "table"), (.tableArtifact, "revision"),
        (.tableArtifact, "generated_at"), (.tableArtifact, "strings"), (.tableArtifact, "plurals"),
        (.tableArtifact, "plurals/cart.items/format"), (.tableArtifact, "plurals/cart.items/variables"),
        (.tableArtifact, "plurals/cart.items/variables/items/value_type"),
        (.cacheHeaders, "schema_version"), (.cacheHeaders, "rules"), (.cacheHeaders, "rules/0/pattern"),
        (.cacheHeaders, "rules/0/cache_control"),
    ]

    @Test("a missing required field is named", arguments: requiredPaths)
    func missingField(_ kind: ArtifactKind, _ path: String) throws {
        let original = try StrictJSON.parse(try kind.valid())
        let error = try #require(decodeError(kind, original.replacing(components(path), with: nil).data))
        #expect(error.code == .missingField, "\(error)")
        #expect(error.path == JSONPath(components(path)), "\(error)")
    }

    @Test("a field of the wrong JSON type is named", arguments: requiredPaths)
    func wrongType(_ kind: ArtifactKind, _ path: String) throws {
        let original = try StrictJSON.parse(try kind.valid())
        let value = try #require(original.value(at: components(path)))
        let wrong: JSONValue =
            switch value {
            case .string: 7
            case .number: "7"
            case .array: [:]
            default: []
            }
        let error = try #require(decodeError(kind, original.replacing(components(path), with: wrong).data))
        #expect(error.code == .wrongType, "\(error)")
        #expect(error.path == JSONPath(components(path)), "\(error)")
    }

    @Test("null is not an absent optional: it is a wrong type", arguments: [
        (ArtifactKind.tableArtifact, "plurals/cart.items/variables/items/few"),
        (.manifest, "app_version"),
    ])
    func nullIsWrongType(_ kind: ArtifactKind, _ path: String) throws {
        let original = try StrictJSON.parse(try kind.valid())
        let error = try #require(decodeError(kind, original.replacing(components(path), with: .null).data))
        #expect(error.code == .wrongType, "\(error)")
    }

    @Test("a non-object top level is rejected", arguments: ArtifactKind.allCases)
    func topLevelNotObject(_ kind: ArtifactKind) {
        #expect(decodeError(kind, Data("[]".utf8))?.code == .wrongType)
        #expect(decodeError(kind, Data("".utf8))?.code == .invalidJSON)
    }

    @Test("the byte cap is exact: the file's own size passes, one byte less fails", arguments: ArtifactKind.allCases)
    func byteCap(_ kind: ArtifactKind) throws {
        let data = try kind.valid()
        #expect(decodeError(kind, data, limits: kind.limits(maxBytes: data.count)) == nil)
        let error = try #require(decodeError(kind, data, limits: kind.limits(maxBytes: data.count - 1)))
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("\(data.count - 1)"))
    }

    @Test("default caps: manifest 1 MiB, signature and header 64 KiB, table artifact 8 MiB", arguments: [
        (ArtifactKind.manifest, 1 << 20), (.signature, 64 << 10), (.moduleHeader, 64 << 10),
        (.tableArtifact, 8 << 20), (.cacheHeaders, 64 << 10),
    ])
    func defaultCaps(_ kind: ArtifactKind, _ cap: Int) throws {
        var text = String(decoding: try kind.valid(), as: UTF8.self)
        let filler = #"  "padding" : ""# + String(repeating: "x", count: cap) + "\",\n"
        text.insert(contentsOf: filler, at: text.index(after: text.firstIndex(of: "\n")!))
        #expect(decodeError(kind, Data(text.utf8))?.code == .tooLarge)
    }

    @Test("nesting beyond the depth limit is rejected; the valid files need at most 5", arguments: ArtifactKind.allCases)
    func depth(_ kind: ArtifactKind) throws {
        var limits = ArtifactLimits.default
        limits.maxDepth = 5
        #expect(decodeError(kind, try kind.valid(), limits: limits) == nil)
        limits.maxDepth = 1
        #expect(decodeError(kind, try kind.valid(), limits: limits)?.code == .tooDeep)
        #expect(ArtifactLimits.default.maxDepth == 8)
    }

    @Test("an unknown field is a warning naming its path, line and column", arguments: [
        (ArtifactKind.manifest, ["channel", "revoked[0].reason", "modules[0].color"]),
        (.tableArtifact, ["comment", #"plurals["cart.items"].variables.items.several"#]),
    ])
    func unknownFieldWarnings(_ kind: ArtifactKind, _ paths: [String]) throws {
        let warnings = try kind.decode(try Fixtures.data("artifacts/\(kind)/valid-unknown-fields.json"))
        #expect(Set(warnings.map(\.code)) == ["artifact.unknown-field"])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.location.line != nil })
        for path in paths {
            #expect(warnings.contains { $0.message.contains(": \(path): unknown field") }, "\(path)")
        }
        #expect(warnings.count == paths.count)
        #expect(try kind.decode(try kind.valid()).isEmpty)
    }

    @Test("schema_version other than 1 is unsupported, whatever else the file holds", arguments: [0, 2, 99])
    func schemaVersions(_ version: Int) throws {
        for kind in ArtifactKind.allCases {
            let document: JSONValue = ["schema_version": .number(JSONNumber(version)), "future": true]
            #expect(decodeError(kind, document.data)?.code == .unsupportedSchemaVersion)
        }
    }
}
