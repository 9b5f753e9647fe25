import Foundation
import Testing
@testable import OverlayCore

/// The open's heal checks each named revision's index file (``RevisionIndex``) whole and rewrites it from the
/// revision's verified tables; the revision itself keeps serving. A table that fails its digest while the index is
/// rebuilt is damage: the revision gives way like any damaged one.
@Suite struct StoreIndexHealTests {
    static let files: [String: Data] = [
        "Info.plist": Data("<plist/>".utf8),
        "fr.lproj/Localizable.strings": Data("\"hello\" = \"bonjour\";\n\"bye\" = \"salut \\\"toi\\\"\";\n".utf8),
        "de.lproj/Localizable.strings": Data("\"hello\" = \"hallo\";\n".utf8),
    ]

    /// A store with App at revision 2 (`files`) over revision 1.
    static func store(_ temp: TemporaryDirectory) throws -> (index: URL, revision: URL) {
        let store = try Sample.open(temp.store)
        try store.activate(module: "App", sha256: Sample.sha("A"), revision: 1, files: Sample.files("A"))
        try store.activate(module: "App", sha256: Sample.sha("B"), revision: 2, files: files)
        let revision = try #require(store.snapshot().modules["App"]).directory
        return (revision.appendingPathComponent(RevisionIndex.fileName), revision)
    }

    static let written = RevisionIndex.file(forTables: files)!

    @Test("A damaged, missing or replaced index is rewritten at the next open; the revision stays active",
          arguments: ["bit flipped", "cut", "removed", "a directory", "a link", "older format"])
    func damagedIndexIsRewritten(_ damage: String) throws {
        let temp = TemporaryDirectory()
        let (index, revision) = try Self.store(temp)
        #expect(try Data(contentsOf: index) == Self.written)
        let outside = temp.url.appendingPathComponent("outside.index")
        try Data("not the store's".utf8).write(to: outside)
        let manager = FileManager.default
        switch damage {
        case "bit flipped":
            var bytes = Self.written
            bytes[bytes.count / 2] ^= 0x10
            try bytes.write(to: index)
        case "cut": try Self.written.prefix(Self.written.count - 3).write(to: index)
        case "removed": try manager.removeItem(at: index)
        case "a directory":
            try manager.removeItem(at: index)
            try manager.createDirectory(at: index.appendingPathComponent("x"), withIntermediateDirectories: true)
        case "a link":
            try manager.removeItem(at: index)
            try manager.createSymbolicLink(at: index, withDestinationURL: outside)
        default:
            // An older store listed an index of its own format in the digest list.
            let old = Data("OVLYIDXR".utf8) + Data(count: 40)
            try old.write(to: index)
            let list = revision.appendingPathComponent(DigestList.fileName)
            var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: list)) as? [String: Any])
            var hashes = try #require(object["files"] as? [String: String])
            var sizes = try #require(object["sizes"] as? [String: Int])
            hashes[RevisionIndex.fileName] = SHA256.hash(old).hex
            sizes[RevisionIndex.fileName] = old.count
            object["files"] = hashes
            object["sizes"] = sizes
            try JSONSerialization.data(withJSONObject: object).write(to: list)
            // Before any open, a launch serves the revision: the list's record of the index is not a size to check.
            let unhealed = try OverlayStore.readSnapshot(at: temp.store, appVersion: Sample.appVersion, sourceHash: Sample.sourceHash)
            #expect(unhealed.modules["App"]?.sha256 == Sample.sha("B"))
            let listing = OverlayModules(revisions: unhealed.modules, checksRevisions: true, counters: LocalizerCounters())
            #expect(listing.listing("App") != nil)
        }
        let reopened = try Sample.open(temp.store)
        #expect(reopened.snapshot().modules["App"]?.sha256 == Sample.sha("B"))
        #expect(try Data(contentsOf: index) == Self.written)
        #expect(try Data(contentsOf: outside) == Data("not the store's".utf8))
        #expect(try Syscalls.live.verifyRevision(at: revision.path, fileLimit: 1 << 20).isEmpty)
    }

    @Test func anIntactIndexIsNotWritten() throws {
        let temp = TemporaryDirectory()
        let (index, _) = try Self.store(temp)
        let before = try FileManager.default.attributesOfItem(atPath: index.path)[.systemFileNumber] as? Int
        _ = try Sample.open(temp.store)
        #expect(try FileManager.default.attributesOfItem(atPath: index.path)[.systemFileNumber] as? Int == before)
    }

    /// Rebuilding reads every table against its digest: one changed in place (same size, so the cheap size check
    /// passes) is damage, and the previous revision serves.
    @Test func aTableThatFailsItsDigestDropsTheRevision() throws {
        let temp = TemporaryDirectory()
        let (index, revision) = try Self.store(temp)
        try FileManager.default.removeItem(at: index)
        let table = revision.appendingPathComponent("de.lproj/Localizable.strings")
        try Data("\"hello\" = \"HALLO\";\n".utf8).write(to: table)
        let reopened = try Sample.open(temp.store)
        #expect(reopened.snapshot().modules["App"]?.sha256 == Sample.sha("A"))
    }
}
