import Foundation
import OverlayCore
import Testing

@Suite("Generated CLDR data")
struct GeneratedCLDRDataTests {
    @Test("committed Swift data equals a fresh run of scripts/generate-cldr.py")
    func generatedDataIsCurrent() throws {
        let supplemental = "/usr/share/unicode/cldr/common/supplemental"
        try #require(FileManager.default.fileExists(atPath: supplemental),
                     "CLDR 41 data is missing at /usr/share/unicode/cldr; run `apt-get install unicode-cldr-core`")
        let (status, message) = try Self.runGenerator(["--check"])
        #expect(status == 0, "generated files are stale: \(message)")
    }

    /// Runs scripts/generate-cldr.py; returns its exit status and standard error.
    static func runGenerator(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot.appendingPathComponent("scripts/generate-cldr.py").path]
            + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test("generated plural rules equal the XML rule text parsed by the Swift oracle parser, for every listed id",
          arguments: [("plurals.xml", PluralRules.Kind.cardinal), ("ordinals.xml", .ordinal)])
    func generatedRulesMatchParsedXML(file: String, kind: PluralRules.Kind) throws {
        let url = CLDRSampleOracle.supplemental.appendingPathComponent(file)
        try #require(FileManager.default.fileExists(atPath: url.path), "\(CLDRSampleOracle.missingMessage)")
        var checked = 0
        for group in try CLDRSampleOracle.groups(file: file) {
            let parsed = try PluralRules(conditions: group.conditions)
            for id in group.localeIDs {
                let generated = kind == .cardinal ? PluralRules.cardinal(for: id) : PluralRules.ordinal(for: id)
                #expect(generated == parsed, "\(file) \(id)")
                checked += 1
            }
        }
        #expect(checked > (kind == .cardinal ? 200 : 100))
    }

    @Test("the generator refuses plural rule text it cannot parse")
    func generatorRejectsMalformedRules() throws {
        let real = URL(fileURLWithPath: "/usr/share/unicode/cldr/common")
        try #require(FileManager.default.fileExists(atPath: real.path), "\(CLDRSampleOracle.missingMessage)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cldr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let supplemental = root.appendingPathComponent("common/supplemental")
        try FileManager.default.createDirectory(at: supplemental, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("common/dtd"),
                                                   withDestinationURL: real.appendingPathComponent("dtd"))
        for name in ["ordinals.xml", "supplementalData.xml", "likelySubtags.xml", "supplementalMetadata.xml"] {
            try FileManager.default.createSymbolicLink(at: supplemental.appendingPathComponent(name),
                                                       withDestinationURL: real.appendingPathComponent("supplemental/\(name)"))
        }
        let plurals = try String(contentsOf: real.appendingPathComponent("supplemental/plurals.xml"), encoding: .utf8)
        let broken = plurals.replacingOccurrences(of: ">i = 1 and v = 0 @integer 1<", with: ">i = 1 and x = 0 @integer 1<")
        #expect(broken != plurals)
        try broken.write(to: supplemental.appendingPathComponent("plurals.xml"), atomically: true, encoding: .utf8)

        let (status, message) = try Self.runGenerator(["--check", "--cldr", root.path])
        #expect(status == 1)
        #expect(message.contains("cannot parse plural relation 'x = 0'"), "\(message)")
    }
}
