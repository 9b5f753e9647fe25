import Foundation
import Testing

/// `overlay check` on the defect catalogs of testdata/check: each holds exactly one defect, named in its EXPECT
/// file as `<severity> <code> <path>[:<line>]` (or `clean`).
@Suite struct CheckCommandTests {
    static let cases: [String] = {
        let root = CLI.testdata("check")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: root + "/" + $0 + "/EXPECT") }.sorted()
    }()

    @Test func everyDefectCatalogIsCovered() {
        #expect(Self.cases.count >= 22)
    }

    @Test("one defect, one finding", arguments: cases)
    func defectCatalog(name: String) throws {
        let directory = CLI.testdata("check/\(name)")
        let expect = try String(contentsOfFile: directory + "/EXPECT", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let result = try CLI.run(["check", directory, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        if expect == "clean" {
            #expect(findings.isEmpty, "\(findings)")
            #expect(result.status == 0)
            return
        }
        let parts = expect.split(separator: " ").map(String.init)
        let (severity, code, place) = (parts[0], parts[1], parts[2])
        let pieces = place.split(separator: ":").map(String.init)
        #expect(findings.count == 1, "expected exactly one finding, got \(findings)")
        let finding = try #require(findings.first)
        #expect(finding["code"] as? String == code)
        #expect(finding["severity"] as? String == severity)
        #expect(finding["file"] as? String == pieces[0])
        if pieces.count > 1 {
            #expect(finding["line"] as? Int == Int(pieces[1]), "line of \(finding)")
        }
        #expect(result.status == (severity == "error" ? 1 : 0), "exit status")
    }

    @Test func diagnosticsAreCompilerStyleOnStderr() throws {
        let directory = CLI.testdata("check/placeholder-class-mismatch")
        let result = try CLI.run(["check", directory])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(directory)/M/fr.lproj/Localizable.strings:2: error: "))
        #expect(result.stderr.contains("[format.class-mismatch]"))
        #expect(result.stdout.contains("1 error, 0 warnings"))
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let directory = CLI.testdata("check/missing-translation")
        #expect(try CLI.run(["check", directory]).status == 0)
        let strict = try CLI.run(["check", directory, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error:"))
    }

    @Test func sampleCatalogHasNoErrors() throws {
        let result = try CLI.run(["check", CLI.testdata("catalog"), "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["modules"] as? Int == 4)
        #expect((summary["locales"] as? Int ?? 0) >= 7)
    }

    @Test func missingCatalogIsAnErrorNotACrash() throws {
        let result = try CLI.run(["check", "/nonexistent/catalog"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/catalog: not a directory"))
    }
}
