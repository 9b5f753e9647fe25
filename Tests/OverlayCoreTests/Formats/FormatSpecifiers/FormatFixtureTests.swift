import Foundation
import Testing
@testable import OverlayCore

/// Known-answer tables kept as data under testdata/formats/format/.
@Suite struct FormatFixtureTests {
    struct SignatureCase: Decodable, Sendable {
        var format: String
        var signature: String
    }

    struct CompatibilityCase: Decodable, Sendable {
        var source: String
        var translation: String
        var strict: Bool
        var codes: [String]
    }

    struct Table<Case: Decodable>: Decodable {
        var cases: [Case]
    }

    static func load<Case: Decodable>(_ name: String, as _: Case.Type) throws -> [Case] {
        try JSONDecoder().decode(Table<Case>.self, from: Fixtures.data("formats/format/\(name)")).cases
    }

    @Test func sourceHashSignatures() throws {
        let cases = try Self.load("source-hash-signatures.json", as: SignatureCase.self)
        #expect(cases.count >= 8)
        for testCase in cases {
            #expect(SlotMap(testCase.format).signature == testCase.signature, "\(testCase.format)")
        }
    }

    @Test func translationCompatibility() throws {
        let cases = try Self.load("translation-compatibility.json", as: CompatibilityCase.self)
        #expect(cases.count >= 13)
        for testCase in cases {
            let issues = FormatCompatibility.check(
                source: testCase.source, translation: testCase.translation, strict: testCase.strict)
            #expect(issues.map(\.code.rawValue).sorted() == testCase.codes, "\(testCase.source) → \(testCase.translation)")
        }
    }
}
