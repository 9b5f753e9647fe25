import Foundation
import OverlayCore
import Testing

/// The decoders and the JSON Schemas (checked by scripts/validate-schemas.sh) must agree on schemas/examples.
@Suite("Schema examples agree with the decoders")
struct SchemaExampleTests {
    static let examples = Fixtures.repositoryRoot.appendingPathComponent("schemas/examples")

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("every schema has its valid example, and our decoder accepts it", arguments: ArtifactKind.allCases)
    func validExample(_ kind: ArtifactKind) throws {
        let schema = Fixtures.repositoryRoot.appendingPathComponent("schemas/\(kind).schema.json")
        let schemaObject = try JSONNode(StrictJSON.parse(Data(contentsOf: schema))).object()
        #expect(try schemaObject.required("$id").string() == "https://overlay.invalid/schemas/\(kind)/1")
        #expect(try schemaObject.required("$schema").string() == "https://json-schema.org/draft/2020-12/schema")
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("\(kind).json"))
        #expect(decodeError(kind, data) == nil)
    }

    @Test("every invalid example is rejected by our decoder", arguments: files(in: examples.appendingPathComponent("invalid")))
    func invalidExample(_ file: String) throws {
        // <schema>-<defect>.json; the longest schema name that prefixes the file wins (module-header vs manifest).
        let kind = try #require(
            ArtifactKind.allCases.filter { file.hasPrefix("\($0.rawValue)-") }.max { $0.rawValue.count < $1.rawValue.count })
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("invalid/\(file)"))
        #expect(decodeError(kind, data) != nil)
    }

    @Test("the invalid examples cover every schema")
    func coverage() {
        let files = Self.files(in: Self.examples.appendingPathComponent("invalid"))
        for kind in ArtifactKind.allCases {
            #expect(files.contains { $0.hasPrefix("\(kind.rawValue)-") }, "\(kind)")
        }
    }
}
