import Foundation
import OverlayCore
import OverlayTestSupport
import Testing

@Suite("CLDR 41 plural samples")
struct PluralConformanceTests {
    /// Runs every sample of every locale id of every group through the public lookup path.
    func check(file: String, kind: PluralRules.Kind) throws -> (rows: Int, mismatches: [String]) {
        let url = CLDRSampleOracle.supplemental.appendingPathComponent(file)
        try #require(FileManager.default.fileExists(atPath: url.path), "\(CLDRSampleOracle.missingMessage)")
        var rows = 0
        var mismatches: [String] = []
        for group in try CLDRSampleOracle.groups(file: file) {
            for id in group.localeIDs {
                let rules = kind == .cardinal ? PluralRules.cardinal(for: id) : PluralRules.ordinal(for: id)
                for (expected, numbers) in group.samples {
                    for number in numbers {
                        rows += 1
                        let actual = rules.category(for: number)
                        if actual != expected {
                            mismatches.append("\(id) \(number): expected \(expected), got \(actual.map(\.rawValue) ?? "nil")")
                        }
                    }
                }
            }
        }
        return (rows, mismatches)
    }

    @Test("every cardinal sample in plurals.xml, for every locale id")
    func cardinalSamples() throws {
        let result = try check(file: "plurals.xml", kind: .cardinal)
        #expect(result.rows == 11_911)  // 2,904 samples × the ids of their groups
        #expect(result.mismatches.isEmpty, "\(result.mismatches.count) mismatches: \(result.mismatches.prefix(20))")
    }

    @Test("every ordinal sample in ordinals.xml, for every locale id")
    func ordinalSamples() throws {
        let result = try check(file: "ordinals.xml", kind: .ordinal)
        #expect(result.rows == 2_484)  // 813 samples × the ids of their groups
        #expect(result.mismatches.isEmpty, "\(result.mismatches.count) mismatches: \(result.mismatches.prefix(20))")
    }

    @Test("total rows checked across both files exceed 14,000")
    func totalRows() throws {
        let cardinal = try check(file: "plurals.xml", kind: .cardinal)
        let ordinal = try check(file: "ordinals.xml", kind: .ordinal)
        #expect(cardinal.rows + ordinal.rows > 14_000)
        #expect(cardinal.mismatches.isEmpty && ordinal.mismatches.isEmpty)
    }

    @Test("sample ranges expand at the endpoints' precision", arguments: [
        ("0.0~0.3", ["0.0", "0.1", "0.2", "0.3"]),
        ("0.00~0.02", ["0.00", "0.01", "0.02"]),
        ("2~4", ["2", "3", "4"]),
        ("1.8~2.1", ["1.8", "1.9", "2.0", "2.1"]),
    ])
    func rangeExpansion(range: String, expected: [String]) throws {
        #expect(try CLDRSampleOracle.expand("@decimal \(range), …") == expected)
    }
}
