import Foundation
import OverlayCore
import Testing

/// One rejection fixture under testdata/artifacts/<kind>/reject/: the code and JSON path it must produce.
struct Rejection: CustomTestStringConvertible, Sendable {
    let kind: ArtifactKind
    let fixture: String
    let code: ArtifactError.Code
    /// The JSON path the error names; `nil` for document-level errors (syntax, size, depth).
    let path: String?

    var testDescription: String { "\(kind)/\(fixture)" }

    init(_ kind: ArtifactKind, _ fixture: String, _ code: ArtifactError.Code, _ path: String?) {
        self.kind = kind
        self.fixture = fixture
        self.code = code
        self.path = path
    }
}

@Suite("Artifact rejections")
struct ArtifactRejectionTests {
    static let rejections: [Rejection] = [
        .init(.manifest, "duplicate-key", .duplicateKey, nil),
        .init(.manifest, "invalid-utf8", .invalidJSON, nil),
        .init(.manifest, "nested-too-deep", .tooDeep, nil),
        .init(.manifest, "top-level-array", .wrongType, "(root)"),
        .init(.manifest, "schema-version-2", .unsupportedSchemaVersion, "schema_version"),
        .init(.manifest, "missing-modules", .missingField, "modules"),
        .init(.manifest, "revision-zero", .invalidValue, "revision"),
        .init(.manifest, "revision-fraction", .invalidValue, "revision"),
        .init(.manifest, "source-hash-wrong-prefix", .invalidValue, "source_hash"),
        .init(.manifest, "source-hash-uppercase", .invalidValue, "source_hash"),
        .init(.manifest, "module-sha256-uppercase", .invalidValue, "modules[0].sha256"),
        .init(.manifest, "module-sha256-short", .invalidValue, "modules[0].sha256"),
        .init(.manifest, "module-name-with-slash", .invalidValue, "modules[0].name"),
        .init(.manifest, "module-size-negative", .invalidValue, "modules[0].size"),
        .init(.manifest, "module-size-string", .wrongType, "modules[0].size"),
        .init(.manifest, "module-path-short-prefix", .invalidValue, "modules[0].path"),
        .init(.manifest, "module-path-other-module", .invalidValue, "modules[1].path"),
        .init(.manifest, "module-revision-above-manifest", .invalidValue, "modules[0].revision"),
        .init(.manifest, "duplicate-module-name", .invalidValue, "modules[1].name"),
        .init(.manifest, "locales-not-array", .wrongType, "modules[0].locales"),
        .init(.manifest, "revoked-sha256-bad-hex", .invalidValue, "revoked[0].sha256"),
        .init(.manifest, "published-at-month-13", .invalidValue, "published_at"),
        .init(.manifest, "published-at-february-30", .invalidValue, "published_at"),
        .init(.manifest, "published-at-missing-zone", .invalidValue, "published_at"),
        .init(.manifest, "expires-at-date-only", .invalidValue, "expires_at"),
        .init(.manifest, "expires-before-published", .invalidValue, "expires_at"),
        .init(.manifest, "expires-equal-published", .invalidValue, "expires_at"),
        .init(.signature, "duplicate-key", .duplicateKey, nil),
        .init(.signature, "schema-version-0", .unsupportedSchemaVersion, "schema_version"),
        .init(.signature, "no-signatures", .invalidValue, "signatures"),
        .init(.signature, "keyid-uppercase", .invalidValue, "signatures[0].keyid"),
        .init(.signature, "alg-empty", .invalidValue, "signatures[0].alg"),
        .init(.signature, "missing-sig", .missingField, "signatures[0].sig"),
        .init(.signature, "sig-not-base64", .invalidValue, "signatures[0].sig"),
        .init(.signature, "sig-missing-padding", .invalidValue, "signatures[1].sig"),
        .init(.moduleHeader, "revision-zero", .invalidValue, "revision"),
        .init(.moduleHeader, "module-name-empty", .invalidValue, "module"),
        .init(.moduleHeader, "missing-locales", .missingField, "locales"),
        .init(.moduleHeader, "source-hash-missing-prefix", .invalidValue, "source_hash"),
        .init(.moduleHeader, "tables-duplicate", .invalidValue, "tables[1]"),
        .init(.tableArtifact, "duplicate-key", .duplicateKey, nil),
        .init(.tableArtifact, "plural-without-other", .invalidValue, #"plurals["cart.items"].variables.items"#),
        .init(.tableArtifact, "plural-variant-number", .wrongType, #"plurals["cart.items"].variables.items.few"#),
        .init(.tableArtifact, "plural-no-variables", .invalidValue, #"plurals["cart.items"].variables"#),
        .init(.tableArtifact, "string-value-number", .wrongType, #"strings["cart.title"]"#),
        .init(.tableArtifact, "key-in-strings-and-plurals", .invalidValue, #"plurals["cart.items"]"#),
        .init(.tableArtifact, "generated-at-february-29-2026", .invalidValue, "generated_at"),
        .init(.tableArtifact, "missing-plurals", .missingField, "plurals"),
        .init(.tableArtifact, "locale-empty", .invalidValue, "locale"),
        .init(.cacheHeaders, "missing-rules", .missingField, "rules"),
        .init(.cacheHeaders, "pattern-empty", .invalidValue, "rules[0].pattern"),
        .init(.cacheHeaders, "cache-control-number", .wrongType, "rules[0].cache_control"),
        .init(.cacheHeaders, "schema-version-string", .wrongType, "schema_version"),
    ]

    @Test("each rejection fixture fails with its code and path", arguments: rejections)
    func rejects(_ rejection: Rejection) throws {
        let data = try Fixtures.data("artifacts/\(rejection.kind)/reject/\(rejection.fixture).json")
        let error = try #require(decodeError(rejection.kind, data))
        #expect(error.code == rejection.code, "\(error)")
        #expect(error.path?.description == rejection.path, "\(error)")
        if rejection.path != "(root)" { #expect(error.location != nil, "no line and column: \(error)") }
        let prefix = rejection.path.map { ": \($0): " } ?? ": "
        #expect(error.message.contains(prefix), "message does not name the path: \(error.message)")
    }

    @Test("every fixture under reject/ is in the table", arguments: ArtifactKind.allCases)
    func tableCoversFixtures(_ kind: ArtifactKind) throws {
        let folder = Fixtures.url("artifacts/\(kind)/reject")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let listed = Self.rejections.filter { $0.kind == kind }.map(\.fixture)
        #expect(Set(names) == Set(listed))
    }

    @Test("errors from the parser and accessors keep the JSON error as their cause")
    func keepsCause() throws {
        let error = try #require(decodeError(.manifest, try Fixtures.data("artifacts/manifest/reject/duplicate-key.json")))
        #expect(error.cause?.code == .duplicateKey)
        #expect(error.message.hasPrefix("manifest.json: "))
    }
}
