import Foundation
import Testing
@testable import OverlayCore

/// A downloaded revision's `Info.plist` names the development region of a module the app does not ship; it is read
/// with the strict XML reader, never Foundation's binary parser (FORMATS.md §2.4: crafted binary lists crash it).
@Suite struct OverlayDevelopmentRegionTests {
    func region(of info: Data?) throws -> String {
        let revision = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: revision) }
        let lproj = revision.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        if let info { try info.write(to: revision.appendingPathComponent("Info.plist")) }
        try ResolverFixtures.seal(revision)
        let files = try #require(RevisionFiles(path: revision.path))
        return OverlayModules.DevelopmentRegion(files: files).value
    }

    static let declaration: [String: String] = ["CFBundleDevelopmentRegion": "fr_CA"]

    @Test func anXMLInfoPlistNamesTheRegion() throws {
        let xml = try PropertyListSerialization.data(fromPropertyList: Self.declaration, format: .xml, options: 0)
        #expect(try region(of: xml) == "fr-CA")
    }

    @Test func aBinaryInfoPlistIsNotParsedAndTheRegionIsEnglish() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: Self.declaration, format: .binary, options: 0)
        #expect(try region(of: binary) == "en")
    }

    @Test func noOrAMalformedInfoPlistMeansEnglish() throws {
        #expect(try region(of: nil) == "en")
        #expect(try region(of: Data("<plist><dict><key>CFBundleDevelopmentRegion".utf8)) == "en")
    }
}
