import Foundation
import Testing
@testable import OverlayCore

/// The revision's index file: each table's part reads back, a part it lacks is absent, and any damage to the header,
/// the directory or a part is found — by the reader when it maps a part (the part is not used), and whole by the
/// check the store's open and `inspect` run.
@Suite struct RevisionIndexTests {
    static let files: [String: Data] = [
        "Info.plist": Data("<plist/>".utf8),
        "fr.lproj/Localizable.strings": Data("\"a\" = \"x\";\n\"b\" = \"y \\\" z\";\n".utf8),
        "fr.lproj/Errors.strings": Data("\"e\" = \"é\";".utf8),
        "de.lproj/Localizable.strings": Data("\"a\" = \"ä\";".utf8),
        "de.lproj/Broken.strings": Data("\"open".utf8),
        "de.lproj/Localizable.stringsdict": Data("<plist/>".utf8),
    ]

    static var tableSizes: [String: Int] {
        files.filter { $0.key.hasSuffix(".strings") }.mapValues(\.count)
    }

    /// The parts named `paths` of the index file at `file`, each read on a descriptor of its own, as the resolver does.
    static func parts(_ paths: [String], of file: URL) -> [RevisionIndex.Part] {
        paths.map { path in
            let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { return .absent }
            defer { close(fd) }
            return RevisionIndex.part(path, descriptor: fd, filePath: file.path)
        }
    }

    @Test("The file hands back each table's index, and nothing for a path or table it lacks")
    func eachTableReadsBack() throws {
        let data = try #require(RevisionIndex.file(forTables: Self.files))
        #expect(RevisionIndex.damage(of: data, tables: Self.tableSizes) == nil)
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(RevisionIndex.fileName)
        try data.write(to: file)
        for (path, table) in Self.files where path.hasSuffix(".strings") {
            let part = Self.parts([path], of: file)[0]
            if path.contains("Broken") {
                #expect(part == .absent)  // a table that does not read has no index
            } else {
                #expect(part == .found(try #require(StringsTableIndex.encode(table))), "\(path)")
                guard case .found(let index) = part else { continue }
                #expect(OverlayStrings.read(table, index: index) != nil, "\(path)")
            }
        }
        let absent = ["fr.lproj/Missing.strings", "de.lproj/Localizable.stringsdict", "Info.plist", "fr.lproj"]
        #expect(Self.parts(absent, of: file) == Array(repeating: .absent, count: absent.count))
        #expect(RevisionIndex.file(forTables: ["Info.plist": Data(), "fr.lproj/Broken.strings": Data("\"open".utf8)]) == nil)
    }

    /// Every single-bit flip anywhere in the file: the reader never hands back a part that differs from the one written
    /// (it is found intact, or absent or damaged), and the whole-file check finds every flip.
    @Test func everyBitFlipIsFound() throws {
        let data = try #require(RevisionIndex.file(forTables: Self.files))
        let root = try ResolverFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent(RevisionIndex.fileName)
        let paths = Self.tableSizes.keys.sorted()
        let intact = Self.parts(paths, of: root.appendingPathComponent("none"))
        #expect(intact.allSatisfy { $0 == .absent })
        try data.write(to: file)
        let expected = Self.parts(paths, of: file)
        for bit in 0..<(data.count * 8) {
            var damaged = data
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            #expect(RevisionIndex.damage(of: damaged, tables: Self.tableSizes) != nil, "bit \(bit)")
            try damaged.write(to: file)
            for (found, wanted) in zip(Self.parts(paths, of: file), expected) where found != wanted {
                #expect(found == .absent || found == .damaged, "bit \(bit)")
            }
        }
    }

    @Test("Other damage is found whole: cut anywhere, bytes appended, a part for a table of another size or not listed")
    func otherDamageIsFound() throws {
        let data = try #require(RevisionIndex.file(forTables: Self.files))
        for cut in 0..<data.count {
            #expect(RevisionIndex.damage(of: data.prefix(cut), tables: Self.tableSizes) != nil, "cut at \(cut)")
        }
        #expect(RevisionIndex.damage(of: data + Data([0]), tables: Self.tableSizes) != nil)
        var otherSize = Self.tableSizes
        otherSize["fr.lproj/Errors.strings"]! += 1
        #expect(RevisionIndex.damage(of: data, tables: otherSize) != nil)
        var unlisted = Self.tableSizes
        unlisted["fr.lproj/Errors.strings"] = nil
        #expect(RevisionIndex.damage(of: data, tables: unlisted) != nil)
    }
}
