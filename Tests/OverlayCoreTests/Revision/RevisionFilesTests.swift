import Foundation
import OverlayTestSupport
import Testing
@testable import OverlayCore

/// The resolver reads a revision as its digest list names it: no other name, never through a symbolic link (the file's
/// or a folder's on the way), never a file of another size than listed. Revisions here are written by the store.
@Suite struct RevisionFilesTests {
    /// Module M ships `greeting` and a plural `items` in English, French and Italian.
    static let catalog: Catalog = {
        let plural = ResolverFixtures.plural([.one: "%ld item", .other: "%ld items"])
        return ResolverFixtures.catalog(
            ["en": ["greeting": "Hello"], "fr": ["greeting": "Bonjour"], "it": ["greeting": "Ciao"]],
            plurals: ["en": ["items": plural], "fr": ["items": plural], "it": ["items": plural]])
    }()

    static func stringsdict(_ other: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>items</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@v@</string>
        <key>v</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>ld</string>
        <key>one</key><string>%ld \(other)</string><key>other</key><string>%ld \(other)</string></dict>
        </dict></dict></plist>
        """.utf8)
    }

    /// A store with M's revision: `fr` and `it` tables with overlay text, and `fr`'s plural.
    static func store(_ temp: TemporaryDirectory) throws -> (store: OverlayStore, revision: URL) {
        let store = try OverlayStore.open(at: temp.store, appVersion: "1", sourceHash: catalog.sourceHash)
        try store.activate(module: "M", sha256: Sample.sha("M"), revision: 3, files: [
            "fr.lproj/Localizable.strings": Data("\"greeting\" = \"Bonjour (overlay)\";\n".utf8),
            "fr.lproj/Localizable.stringsdict": stringsdict("articles (overlay)"),
            "it.lproj/Localizable.strings": Data("\"greeting\" = \"Ciao (overlay)\";\n".utf8),
        ])
        return (store, try #require(store.snapshot().modules["M"]).directory)
    }

    static func handle(_ snapshot: StoreSnapshot, _ locale: String) -> LocalizedTable {
        Localizer(catalog: catalog, store: snapshot, preferredLanguages: [locale]).table(in: "M")
    }

    /// The case: a link at an unlisted `it.lproj/Localizable.stringsdict` to unsigned text outside the store,
    /// and an unlisted table beside it. Neither is read; what the list names still serves.
    @Test func unlistedNamesAreNeverRead() throws {
        let temp = TemporaryDirectory()
        let (store, revision) = try Self.store(temp)
        let outside = temp.url.appendingPathComponent("outside.stringsdict")
        try Self.stringsdict("OUTSIDE").write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: revision.appendingPathComponent("it.lproj/Localizable.stringsdict"), withDestinationURL: outside)
        try Data("\"greeting\" = \"ADDED\";\n".utf8).write(to: revision.appendingPathComponent("it.lproj/Extra.strings"))
        for snapshot in [store.snapshot(), try OverlayStore.readSnapshot(at: temp.store, appVersion: "1",
                                                                           sourceHash: Self.catalog.sourceHash)] {
            let italian = Self.handle(snapshot, "it")
            #expect(italian.format("items", count: 2) == "2 items")
            #expect(italian.string(forKey: "greeting") == "Ciao (overlay)")
            let extra = Localizer(catalog: Self.catalog, store: snapshot, preferredLanguages: ["it"]).table("Extra", in: "M")
            #expect(extra.string(forKey: "greeting") == "greeting")
            #expect(Self.handle(snapshot, "fr").format("items", count: 2) == "2 articles (overlay)")
        }
    }

    /// A listed file — or the folder or module folder on its way — replaced by a link to look-alike text outside the
    /// store: it is not read through. An opened store's snapshot serves the shipped text for it; a launch's unhealed
    /// snapshot finds the revision damaged and serves the shipped strings.
    @Test("a listed name replaced by a link", arguments: ["table", "plural", "folder", "module folder"])
    func listedNamesReplacedByLinks(_ replaced: String) throws {
        let temp = TemporaryDirectory()
        let (store, revision) = try Self.store(temp)
        let outside = temp.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let manager = FileManager.default
        func swap(_ item: URL, _ copy: URL) throws {
            try manager.copyItem(at: item, to: copy)
            try manager.removeItem(at: item)
            try manager.createSymbolicLink(at: item, withDestinationURL: copy)
        }
        switch replaced {
        case "table": try swap(revision.appendingPathComponent("fr.lproj/Localizable.strings"),
                               outside.appendingPathComponent("Localizable.strings"))
        case "plural": try swap(revision.appendingPathComponent("fr.lproj/Localizable.stringsdict"),
                                outside.appendingPathComponent("Localizable.stringsdict"))
        case "folder": try swap(revision.appendingPathComponent("fr.lproj"), outside.appendingPathComponent("fr.lproj"))
        default: try swap(revision.deletingLastPathComponent(), outside.appendingPathComponent("M"))
        }
        // Same-size look-alikes in the copies, so only the link itself can tell.
        for case let path as String in manager.enumerator(atPath: outside.path)! {
            let file = outside.appendingPathComponent(path)
            if path.hasSuffix("Localizable.strings") {
                try Data("\"greeting\" = \"BONJOUR (outside)\";\n".utf8).write(to: file)
            } else if path.hasSuffix("Localizable.stringsdict") {
                try Self.stringsdict("articles (outside)").write(to: file)
            }
        }
        for snapshot in [store.snapshot(), try OverlayStore.readSnapshot(at: temp.store, appVersion: "1",
                                                                           sourceHash: Self.catalog.sourceHash)] {
            let french = Self.handle(snapshot, "fr")
            #expect(!french.string(forKey: "greeting").contains("outside"), "\(replaced)")
            #expect(!french.format("items", count: 2).contains("outside"), "\(replaced)")
        }
    }

    /// An unlisted 1 GB file (sparse) is never even opened; a listed table grown to 1 GB is opened, refused from its
    /// size, and serves nothing.
    @Test func hugeFilesAreNotRead() throws {
        let temp = TemporaryDirectory()
        let (store, revision) = try Self.store(temp)
        let unlisted = revision.appendingPathComponent("it.lproj/Localizable.stringsdict")
        #expect(FileManager.default.createFile(atPath: unlisted.path, contents: nil))
        #expect(truncate(unlisted.path, 1 << 30) == 0)
        let grown = revision.appendingPathComponent("it.lproj/Localizable.strings")
        #expect(truncate(grown.path, 1 << 30) == 0)
        let plan = FaultPlan()
        let overlays = OverlayModules(revisions: store.snapshot().modules, counters: LocalizerCounters(),
                                      syscalls: .injecting(plan))
        let snapshot = LocalizerSnapshot(catalog: Self.catalog, overlays: overlays, preferredLanguages: ["it"],
                                         mode: .production, device: "phone", counters: LocalizerCounters())
        let handle = snapshot.table("Localizable", in: "M")
        #expect(handle.string(forKey: "greeting") == "Ciao")
        #expect(handle.format("items", count: 2) == "2 items")
        let opened = plan.calls.filter { $0.kind == .open }.map(\.path)
        #expect(opened.contains { $0.hasSuffix("it.lproj/Localizable.strings") })
        #expect(!opened.contains { $0.hasSuffix("Localizable.stringsdict") && $0.contains("it.lproj") }, "\(opened)")
    }
}
