import Foundation
import OverlayCore
import Testing
@testable import OverlayTools

/// Each damage is a finding, never a crash; and inspect changes no byte, name or mode of the store, damaged or not.
@Suite("overlay inspect: damaged stores, read-only")
struct InspectDamageTests {
    enum Damage: String, CaseIterable, Sendable {
        case none, truncatedState, garbageState, zeroFilledState, stateIsFIFO, missingActive, storeJSONDirectory
        case zeroFilledTable, journalCutMidLine, symlinkOut, fifoInRevision, changedTable, foreignFile, tmpDebris
        case lockIsFIFO, journalIsFIFO, modulesLinkToRoot, digestListGarbage, hugeState, hugeTable
        case unlistedLink, unlistedTable, retiredIndex, stateWithoutModules
    }

    /// The finding code each damage must produce.
    static let expected: [Damage: String] = [
        .truncatedState: "store.state-unreadable", .garbageState: "store.state-unreadable",
        .zeroFilledState: "store.state-unreadable", .stateIsFIFO: "store.state-unreadable",
        .missingActive: "module.active-missing", .storeJSONDirectory: "store.format-unreadable",
        .zeroFilledTable: "revision.zero-filled", .journalCutMidLine: "journal.torn",
        .symlinkOut: "revision.not-regular", .fifoInRevision: "revision.not-regular",
        .changedTable: "revision.digest-mismatch", .foreignFile: "store.foreign", .tmpDebris: "store.tmp-debris",
        .lockIsFIFO: "store.lock-unreadable", .journalIsFIFO: "journal.unreadable",
        .modulesLinkToRoot: "store.modules-unreadable", .digestListGarbage: "revision.digest-list-unreadable",
        .hugeState: "store.state-unreadable", .hugeTable: "revision.oversized",
        .unlistedLink: "revision.unlisted", .unlistedTable: "revision.unlisted",
        .stateWithoutModules: "store.state-unreadable",
    ]

    static func damage(_ damage: Damage, _ workspace: InspectWorkspace) throws {
        let active = "modules/M/\(InspectWorkspace.sha("b"))"
        let table = "\(active)/fr.lproj/Localizable.strings"
        let fm = FileManager.default
        switch damage {
        case .none: break
        case .truncatedState:
            let data = try Data(contentsOf: URL(fileURLWithPath: workspace.path("state.json")))
            try workspace.write("state.json", data.prefix(data.count / 2))
        case .garbageState: try workspace.write("state.json", Data("\u{1}not json at all\u{7f}".utf8))
        case .stateWithoutModules:  // the app refuses it and reads the store as empty; so must inspect
            try workspace.write("state.json", Data(#"{"format_version":1,"app_version":"1.0","source_hash":"x"}"#.utf8))
        case .zeroFilledState: try workspace.write("state.json", Data(count: 512))
        case .stateIsFIFO:
            try fm.removeItem(atPath: workspace.path("state.json"))
            #expect(mkfifo(workspace.path("state.json"), 0o644) == 0)
        case .missingActive: try fm.removeItem(atPath: workspace.path(active))
        case .storeJSONDirectory:
            try fm.removeItem(atPath: workspace.path("store.json"))
            try fm.createDirectory(atPath: workspace.path("store.json"), withIntermediateDirectories: false)
        case .zeroFilledTable: try workspace.write(table, Data(count: 300))
        case .journalCutMidLine:
            let handle = try #require(FileHandle(forWritingAtPath: workspace.path("journal.jsonl")))
            handle.seekToEndOfFile()
            handle.write(Data("{\"at\":\"2026-12-01T12:00:00Z\",\"outc".utf8))
            try handle.close()
        case .symlinkOut:
            try fm.removeItem(atPath: workspace.path(table))
            try fm.createSymbolicLink(atPath: workspace.path(table), withDestinationPath: "/etc/passwd")
        case .fifoInRevision:
            try fm.removeItem(atPath: workspace.path(table))
            #expect(mkfifo(workspace.path(table), 0o644) == 0)
        case .changedTable: try workspace.write(table, InspectWorkspace.strings(["greeting": "Tampered"]))
        case .foreignFile: try workspace.write("notes.txt", Data("copied by hand".utf8))
        case .tmpDebris: try workspace.write("tmp/state.json.123-abc", Data("{".utf8))
        case .lockIsFIFO:
            try fm.removeItem(atPath: workspace.path("LOCK"))
            #expect(mkfifo(workspace.path("LOCK"), 0o644) == 0)
        case .journalIsFIFO:
            try fm.removeItem(atPath: workspace.path("journal.jsonl"))
            #expect(mkfifo(workspace.path("journal.jsonl"), 0o644) == 0)
        case .modulesLinkToRoot:
            try fm.removeItem(atPath: workspace.path("modules"))
            try fm.createSymbolicLink(atPath: workspace.path("modules"), withDestinationPath: "/")
        case .digestListGarbage: try workspace.write("\(active)/overlay-digests.json", Data("{{{{".utf8))
        case .hugeTable:
            let handle = try #require(FileHandle(forWritingAtPath: workspace.path(table)))
            try handle.truncate(atOffset: 3 << 30)
            try handle.close()
        case .unlistedLink:
            try fm.createSymbolicLink(atPath: workspace.path("\(active)/fr.lproj/Localizable.stringsdict"),
                                      withDestinationPath: "/etc/passwd")
        case .unlistedTable: try workspace.write("\(active)/fr.lproj/Extra.strings", InspectWorkspace.strings(["greeting": "Added"]))
        case .retiredIndex:
            // An older store's index file, left in its revision: never read, so nothing to report.
            try workspace.write("\(active)/\(DigestList.retiredIndexFile)", Data("OVLYIDX2 damaged".utf8))
        case .hugeState:
            // Sparse: 5 GB on paper, refused from its size before a byte is read.
            let handle = try #require(FileHandle(forWritingAtPath: workspace.path("state.json")))
            try handle.truncate(atOffset: 5 << 30)
            try handle.close()
        }
    }

    @Test("damage is a finding and inspect changes nothing", arguments: Damage.allCases)
    func damageIsAFinding(_ damage: Damage) throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try Self.damage(damage, workspace)
        let before = workspace.fingerprint()
        let report = workspace.inspect(verify: true)
        var options = StoreInspector.Options(store: workspace.store.path)
        options.shipped = InspectWorkspace.catalog
        _ = StoreInspector.explain(.init(key: "greeting", module: "M", locales: ["fr"]), report: report,
                                   shipped: InspectWorkspace.catalog)
        _ = report.json.serialized()
        _ = report.text
        #expect(workspace.fingerprint() == before)
        if let code = Self.expected[damage] {
            #expect(report.findings.contains { $0.code == code }, "\(report.findings.map(\.code))")
            #expect(!report.isHealthy)
        } else {
            #expect(report.isHealthy, "\(report.findings)")
        }
    }

    /// Files the digest list does not name change nothing the app shows: `--explain` says the revision's own text
    /// shows, and the findings are warnings, without `--verify` too.
    @Test("unlisted files: explain tells what shows", arguments: [Damage.unlistedLink, .unlistedTable])
    func derivedAndUnlistedDamageChangesNoText(_ damage: Damage) throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try Self.damage(damage, workspace)
        let report = workspace.inspect(verify: false)
        let finding = try #require(report.findings.first { $0.code == Self.expected[damage] })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("never reads"))
        let why = StoreInspector.explain(.init(key: "greeting", module: "M", locales: ["fr"]), report: report,
                                         shipped: InspectWorkspace.catalog)
        #expect(why.shown == "Coucou")
        #expect(why.reason == .overlay)
        let extra = StoreInspector.explain(.init(key: "greeting", module: "M", table: "Extra", locales: ["fr"]),
                                           report: report, shipped: InspectWorkspace.catalog)
        #expect(extra.shown == "greeting")
    }

    @Test func aSymlinkedRevisionIsNeverReadThrough() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        // modules/M replaced by a link to a directory outside the store that looks like a revision.
        let outside = workspace.root.appendingPathComponent("outside/\(InspectWorkspace.sha("b"))/fr.lproj")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try InspectWorkspace.strings(["greeting": "Outside"]).write(to: outside.appendingPathComponent("Localizable.strings"))
        try FileManager.default.removeItem(atPath: workspace.path("modules/M"))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("modules/M"),
                                                   withDestinationPath: workspace.root.appendingPathComponent("outside").path)
        let report = workspace.inspect()
        #expect(report.modules.first { $0.name == "M" }?.active?.present != true)
        let why = StoreInspector.explain(.init(key: "greeting", module: "M", locales: ["fr"]), report: report,
                                         shipped: InspectWorkspace.catalog)
        #expect(why.shown == "Bonjour")
        #expect(!report.isHealthy)
    }
}
