import Foundation
import Testing
@testable import OverlayCore

/// Every fixture under testdata/zip/ (see make-fixtures.py): attacks rejected with their own code, valid
/// archives from Info-ZIP and Python read exactly as Python reads them.
@Suite struct ZIPFixtureTests {
    static let rejected: [(file: String, code: String)] = [
        ("appended-bytes.zip", "zip.trailing-bytes"),
        ("bad-crc.zip", "zip.crc-mismatch"),
        ("central-directory-bad-signature.zip", "zip.invalid-central-directory"),
        ("compressed-size-mismatch.zip", "zip.compressed-size-mismatch"),
        ("corrupt-deflate.zip", "zip.corrupt-data"),
        ("count-above-limit.zip", "zip.too-many-entries"),
        ("count-larger-than-directory.zip", "zip.too-many-entries"),
        ("crc-zero.zip", "zip.crc-mismatch"),
        ("data-descriptor-mismatch.zip", "zip.header-mismatch"),
        ("directory-with-data.zip", "zip.directory-with-data"),
        ("duplicate-name-case-folded.zip", "zip.duplicate-name"),
        ("duplicate-name-file-is-also-folder.zip", "zip.duplicate-name"),
        ("duplicate-name-nfc-nfd.zip", "zip.duplicate-name"),
        ("duplicate-name.zip", "zip.duplicate-name"),
        ("encrypted-flag.zip", "zip.encrypted"),
        ("entry-data-past-end.zip", "zip.truncated"),
        ("entry-overlaps-central-directory.zip", "zip.overlap"),
        ("gap-between-entries.zip", "zip.gap"),
        ("leading-bytes-offsets-adjusted-infozip.zip", "zip.leading-bytes"),
        ("local-central-name-mismatch.zip", "zip.name-mismatch"),
        ("local-header-method-mismatch.zip", "zip.header-mismatch"),
        ("local-header-size-mismatch.zip", "zip.header-mismatch"),
        ("lying-uncompressed-size-larger.zip", "zip.inflated-size-mismatch"),
        ("lying-uncompressed-size-smaller.zip", "zip.inflated-size-mismatch"),
        ("method-bzip2.zip", "zip.unsupported-method"),
        ("multi-disk.zip", "zip.invalid-central-directory"),
        ("multiple-end-records.zip", "zip.multiple-end-records"),
        ("name-absolute-path.zip", "zip.absolute-path"),
        ("name-backslash.zip", "zip.backslash"),
        ("name-control-character.zip", "zip.control-character"),
        ("name-dot-segment.zip", "zip.dot-segment"),
        ("name-double-slash-traversal.zip", "zip.absolute-path"),
        ("name-drive-letter.zip", "zip.drive-letter"),
        ("name-empty-segment.zip", "zip.empty-segment"),
        ("name-empty.zip", "zip.empty-segment"),
        ("name-inner-traversal.zip", "zip.path-traversal"),
        ("name-invalid-utf8.zip", "zip.invalid-name-encoding"),
        ("name-nul.zip", "zip.control-character"),
        ("name-parent-traversal.zip", "zip.path-traversal"),
        ("name-too-long.zip", "zip.name-too-long"),
        ("non-ascii-name-without-utf8-flag-infozip.zip", "zip.invalid-name-encoding"),
        ("not-a-zip.zip", "zip.no-end-record"),
        ("offset-not-a-local-header.zip", "zip.header-mismatch"),
        ("overlapping-entries-shared-header.zip", "zip.overlap"),
        ("overlapping-entries.zip", "zip.overlap"),
        ("prepended-bytes.zip", "zip.leading-bytes"),
        ("quoted-overlap-bomb.zip", "zip.overlap"),
        ("ratio-bomb.zip", "zip.ratio"),
        ("special-file-fifo.zip", "zip.special-file"),
        ("stored-sizes-differ.zip", "zip.inflated-size-mismatch"),
        ("symlink.zip", "zip.symlink"),
        ("truncated-end-record.zip", "zip.no-end-record"),
        ("zip64-end-locator.zip", "zip.zip64"),
        ("zip64-extra-field.zip", "zip.zip64"),
        ("zip64-size-marker.zip", "zip.zip64"),
    ]

    static let valid = [
        "valid-infozip-deflate-with-directories.zip",
        "valid-infozip-stored.zip",
        "valid-python-data-descriptors.zip",
        "valid-python-deflate.zip",
        "valid-python-empty-file.zip",
        "valid-python-no-entries.zip",
        "valid-python-stored.zip",
        "valid-python-utf8-names.zip",
    ]

    @Test("An attack fixture is rejected with its own code and a message naming the fix", arguments: rejected)
    func rejects(_ testCase: (file: String, code: String)) throws {
        let data = try Fixtures.data("zip/\(testCase.file)")
        let error = try #require(throws: ZIPError.self) { _ = try ZIPArchive(data: data).extractAll() }
        #expect(error.code.rawValue == testCase.code, "\(error)")
        #expect(error.message.contains("; "), "message should name the fix: \(error.message)")
    }

    @Test("A valid archive from Info-ZIP or Python extracts exactly what Python's zipfile extracts", arguments: valid)
    func readsValid(_ file: String) throws {
        let data = try Fixtures.data("zip/\(file)")
        let files = try ZIPArchive(data: data).extractAll()
        let oracle = try #require(try ZIPTools.pythonExtract(Fixtures.url("zip/\(file)").path))
        #expect(files == oracle)
    }

    @Test("Info-ZIP's directory entries are listed as empty directories and left out of extractAll")
    func directoryEntries() throws {
        let archive = try ZIPArchive(data: try Fixtures.data("zip/valid-infozip-deflate-with-directories.zip"))
        let directories = archive.entries.filter(\.isDirectory).map(\.name).sorted()
        #expect(directories == ["en.lproj/", "fr.lproj/"])
        #expect(archive.entries.filter(\.isDirectory).allSatisfy { $0.uncompressedSize == 0 && $0.compressedSize == 0 })
        let files = try archive.extractAll()
        #expect(files.keys.sorted() == ["Info.plist", "en.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "fr.lproj/Localizable.stringsdict", "overlay-module.json"])
        #expect(files["fr.lproj/Localizable.strings"] == (try Fixtures.data("catalog/Checkout/fr.lproj/Localizable.strings")))
    }

    @Test("UTF-8 names (flag bit 11) decode to the same strings")
    func utf8Names() throws {
        let archive = try ZIPArchive(data: try Fixtures.data("zip/valid-python-utf8-names.zip"))
        #expect(Set(archive.entries.map(\.name)) == ["fr.lproj/Résumé.strings", "ja.lproj/設定.strings"])
    }

    @Test("Every fixture in testdata/zip is listed in a table here and in EXPECTED.tsv")
    func everyFixtureIsTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("zip").path).filter { $0.hasSuffix(".zip") }
        let listed = Set(Self.rejected.map(\.file) + Self.valid + ZIPModuleLayoutTests.rejectedFixtures)
        #expect(Set(names) == listed)
        let tsv = try String(contentsOf: Fixtures.url("zip/EXPECTED.tsv"), encoding: .utf8)
        let expected = Dictionary(uniqueKeysWithValues: tsv.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t")
            return (String(parts[0]), String(parts[1]))
        })
        for (file, code) in Self.rejected { #expect(expected[file] == code, "\(file)") }
        for file in Self.valid { #expect(expected[file] == "valid", "\(file)") }
    }

    @Test("The quoted-overlap bomb is rejected before anything is inflated, naming both entries")
    func quotedOverlapNamesEntries() throws {
        let data = try Fixtures.data("zip/quoted-overlap-bomb.zip")
        let error = try #require(throws: ZIPError.self) { try ZIPArchive(data: data) }
        #expect(error.code == .overlap)
        #expect(error.message.contains("\"A.strings\"") && error.message.contains("\"B.strings\""), "\(error.message)")
    }
}
