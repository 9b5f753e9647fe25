import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport

@Suite struct JSONNodeTests {
    static let document = """
        {
          "schema_version" : 1,
          "modules" : [
            { "name" : "A", "sha256" : "aa", "size" : 1 },
            { "name" : "B", "sha256" : "bb", "size" : 2.5 },
            { "name" : "C", "sha256" : 7, "notes" : null }
          ]
        }
        """

    func modules() throws -> [JSONNode] {
        try JSONNode(StrictJSON.parse(Self.document)).object().required("modules").array()
    }

    @Test("reads required and optional fields")
    func reads() throws {
        let root = try JSONNode(StrictJSON.parse(Self.document)).object()
        #expect(try root.required("schema_version").int() == 1)
        let first = try modules()[0].object()
        #expect(try first.required("sha256").string() == "aa")
        #expect(try first.optional("notes")?.string() == nil)
        #expect(try modules()[1].object().required("size").value.numberValue?.text == "2.5")
        #expect(first.members.map(\.key) == ["name", "sha256", "size"])
    }

    @Test("a wrong type names the field path and line")
    func wrongType() throws {
        let module = try modules()[2].object()
        let error = try #require(throws: JSONError.self) { try module.required("sha256").string() }
        #expect(error.code == .wrongType)
        #expect(error.message == "modules[2].sha256: expected a string, found a number")
        #expect(error.path?.description == "modules[2].sha256")
        #expect(error.location?.line == 6)
    }

    @Test("a missing field names the field path and the object's line")
    func missingField() throws {
        let module = try modules()[2].object()
        let error = try #require(throws: JSONError.self) { try module.required("size").int() }
        #expect(error.code == .missingField)
        #expect(error.message == "modules[2].size: required field is missing")
        #expect(error.location == SourceLocation(line: 6, column: 5))
    }

    @Test("an explicit null is a wrong type for an optional string")
    func nullIsNotAbsent() throws {
        let module = try modules()[2].object()
        let error = try #require(throws: JSONError.self) { try module.optional("notes")?.string() }
        #expect(error.message == "modules[2].notes: expected a string, found null")
    }

    @Test("integers must be exact", arguments: ["2.5", "1e2", "1.0", "99999999999999999999"])
    func notAnInteger(_ text: String) throws {
        let error = try #require(throws: JSONError.self) {
            try JSONNode(StrictJSON.parse("{\"n\": \(text)}")).object().required("n").int()
        }
        #expect(error.code == .invalidValue)
    }

    @Test("wrong container types", arguments: [("[]", "an object"), ("{}", "an array")])
    func containers(_ text: String, _ expected: String) throws {
        let node = try JSONNode(StrictJSON.parse(text))
        let error = try #require(throws: JSONError.self) {
            if expected == "an object" { _ = try node.object() } else { _ = try node.array() }
        }
        #expect(error.message.hasPrefix("(root): expected \(expected)"))
    }

    @Test("paths quote keys that are not plain identifiers")
    func pathRendering() {
        let path = JSONPath.root.appending(.key("strings")).appending(.key("Hello %@")).appending(.key("localizations"))
            .appending(.key("zh-Hans")).appending(.index(0))
        #expect(path.description == #"strings["Hello %@"].localizations.zh-Hans[0]"#)
    }
}
