import Foundation
import Testing

@Suite("Generated CLDR data")
struct GeneratedCLDRDataTests {
    @Test("committed Swift data equals a fresh run of scripts/generate-cldr.py")
    func generatedDataIsCurrent() throws {
        let supplemental = "/usr/share/unicode/cldr/common/supplemental"
        try #require(FileManager.default.fileExists(atPath: supplemental),
                     "CLDR 41 data is missing at /usr/share/unicode/cldr; run `apt-get install unicode-cldr-core`")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot.appendingPathComponent("scripts/generate-cldr.py").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "generated files are stale: \(message)")
    }
}
