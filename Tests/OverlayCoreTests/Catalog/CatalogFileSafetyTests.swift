import Foundation
import Testing
@testable import OverlayCore

/// A catalog is read without following links, only from regular files, and never past a size cap (issue 9).
@Suite struct CatalogFileSafetyTests {
    static let base = [
        "App/en.lproj/Localizable.strings": "\"title\" = \"Title\";\n",
        "App/fr.lproj/Localizable.strings": "\"title\" = \"Titre\";\n",
    ]

    /// A file outside the catalog whose first line would show in a diagnostic if it were read as a table.
    static func outsideFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).strings")
        try Data("secret-first-line: not a strings file\n".utf8).write(to: url)
        return url
    }

    @Test func aSymlinkedTableIsRefusedNamingTheLinkAndNeverRead() throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        let outside = try Self.outsideFile()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            at: catalog.root.appendingPathComponent("App/fr.lproj/Errors.strings"), withDestinationURL: outside)
        let result = try catalog.load()
        let finding = try #require(result.findings.first { $0.code == "catalog.symlink" })
        #expect(finding.location.file == "App/fr.lproj/Errors.strings")
        #expect(finding.severity == .error)
        #expect(result.catalog.modules["App"]?.localizations["fr"]?.tables["Errors"] == nil)
        #expect(!result.findings.contains { $0.message.contains("secret-first-line") })
    }

    @Test("a symlinked folder is never followed", arguments: ["Linked", "App/de.lproj"])
    func symlinkedFolders(_ link: String) throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        let elsewhere = try TemporaryCatalog(["de.lproj/Localizable.strings": "\"title\" = \"Titel\";\n"])
        defer { elsewhere.remove() }
        let target = link == "Linked" ? elsewhere.root : elsewhere.root.appendingPathComponent("de.lproj")
        try FileManager.default.createSymbolicLink(at: catalog.root.appendingPathComponent(link), withDestinationURL: target)
        let result = try catalog.load()
        #expect(result.findings.filter { $0.code == "catalog.symlink" }.map(\.location.file) == [link])
        #expect(result.catalog.modules["Linked"] == nil)
        #expect(result.catalog.modules["App"]?.localizations["de"] == nil)
    }

    @Test func aSymlinkedInfoPlistIsRefused() throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        let outside = try Self.outsideFile()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            at: catalog.root.appendingPathComponent("App/Info.plist"), withDestinationURL: outside)
        let result = try catalog.load()
        #expect(result.findings.filter { $0.code == "catalog.symlink" }.map(\.location.file) == ["App/Info.plist"])
    }

    /// Opening a FIFO for reading blocks until a writer comes; the loader must not wait for one.
    @Test func aFIFOTableIsRefusedWithoutBlocking() throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        let fifo = catalog.root.appendingPathComponent("App/fr.lproj/Errors.strings").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let started = ContinuousClock.now
        let result = try catalog.load()
        #expect(ContinuousClock.now - started < .seconds(20))
        let finding = try #require(result.findings.first { $0.code == "catalog.not-a-file" })
        #expect(finding.location.file == "App/fr.lproj/Errors.strings")
        #expect(finding.message.contains("FIFO"))
    }

    @Test func aDirectoryWhereATableShouldBeIsRefused() throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        try FileManager.default.createDirectory(
            at: catalog.root.appendingPathComponent("App/fr.lproj/Errors.strings"), withIntermediateDirectories: true)
        let result = try catalog.load()
        #expect(result.findings.first { $0.code == "catalog.not-a-file" }?.message.contains("a directory") == true)
    }

    /// A sparse 2 GB table: refused from its size, before a byte is read (the loader would otherwise need 2 GB).
    @Test func aHugeTableIsRefusedFromItsSize() throws {
        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        let url = catalog.root.appendingPathComponent("App/fr.lproj/Huge.strings")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let started = ContinuousClock.now
        let result = try catalog.load()
        #expect(ContinuousClock.now - started < .seconds(20))
        let finding = try #require(result.findings.first { $0.code == "catalog.file-too-large" })
        #expect(finding.location.file == "App/fr.lproj/Huge.strings")
        #expect(finding.message.contains("\(2 << 30) bytes, over the \(CatalogLoader.maxFileBytes)-byte cap"))
    }

    @Test func aFileAtTheCapIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("f").path
        try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedFile.read(path, maxBytes: 1000).count == 1000)
        #expect(throws: BoundedFile.Failure.tooLarge(size: 1000, cap: 999)) { try BoundedFile.read(path, maxBytes: 999) }
        #expect(throws: BoundedFile.Failure.notFound) { try BoundedFile.read(path + "x", maxBytes: 10) }
        #expect(try BoundedFile.read(path, maxBytes: 5000) == Data(repeating: 7, count: 1000))
    }

    /// An overlay's tables come from the network: a binary list there is refused before Foundation, whose binary
    /// reader crashes on crafted lists, could read it; the same table in a folder on the device reads (FORMATS.md §2.4).
    @Test func aBinaryStringsdictInAnOverlayIsRefusedAndReadFromAFolder() throws {
        let plural: [String: Any] = ["items": [
            "NSStringLocalizedFormatKey": "%#@n@",
            "n": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                  "one": "%d item", "other": "%d items"],
        ]]
        let binary = try PropertyListSerialization.data(fromPropertyList: plural, format: .binary, options: 0)
        let downloaded = CatalogLoader.module(
            named: "App", developmentRegion: "en", files: ["fr.lproj/Localizable.stringsdict": binary])
        let finding = try #require(downloaded.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("binary"), "\(finding.message)")
        #expect(downloaded.module.localizations["fr"]?.tables["Localizable"]?.plurals["items"] == nil)

        let catalog = try TemporaryCatalog(Self.base)
        defer { catalog.remove() }
        try binary.write(to: catalog.root.appendingPathComponent("App/fr.lproj/Localizable.stringsdict"))
        let onDevice = try catalog.load()
        #expect(onDevice.findings.filter { $0.severity == .error }.isEmpty, "\(onDevice.findings)")
        #expect(onDevice.catalog.modules["App"]?.localizations["fr"]?.tables["Localizable"]?.plurals["items"] != nil)
    }
}
