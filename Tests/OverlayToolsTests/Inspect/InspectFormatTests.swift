import Foundation
import OverlayCore
import Testing
@testable import OverlayTools

/// `store.json` as the store writes it (the pre-marker `{"format_version":1}` and the marker
/// `{"format":"overlay-store","version":2,"id":…}`), `seen.json` and `DISABLED`.
@Suite("overlay inspect: store formats")
struct InspectFormatTests {
    static let id = String(repeating: "ab", count: 16)

    @Test("store.json markers", arguments: [
        (#"{"format_version":1}"#, InspectReport.State.on, 1),
        (#"{"format":"overlay-store","version":2,"id":"\#(id)"}"#, .on, 2),
        (#"{"format":"overlay-store","version":3,"id":"\#(id)"}"#, .newerFormat, 3),
        (#"{"format":"something-else","version":2}"#, .damaged, 0),
        ("", .damaged, 0),
    ])
    func markers(_ text: String, _ state: InspectReport.State, _ version: Int) throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try workspace.write("store.json", Data(text.utf8))
        let report = workspace.inspect()
        #expect(report.state == state)
        #expect(report.formatVersion == (version == 0 ? nil : version))
        if version == 2 { #expect(report.storeID == Self.id) }
        #expect(report.isHealthy == (state == .on), "\(report.findings)")
    }

    @Test func seenJSONRaisesTheHighestRevisionSeen() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        try store.recordManifestSeen(revision: 4, sha256: InspectWorkspace.sha("4"))
        let seen = #"{"format_version":1,"app_version":"1.0","source_hash":"\#(InspectWorkspace.catalog.sourceHash)","highest_manifest_revision":9,"highest_manifest_sha256":"\#(InspectWorkspace.sha("9"))"}"#
        try workspace.write("seen.json", Data(seen.utf8))
        let report = workspace.inspect()
        #expect(report.manifest?.highestSeenRevision == 9)
        #expect(report.manifest?.highestSeenSHA256 == InspectWorkspace.sha("9"))
        #expect(!report.foreign.contains("seen.json"))
        try workspace.write("seen.json", Data("{".utf8))
        let damaged = workspace.inspect()
        #expect(damaged.manifest?.highestSeenRevision == 4)
        #expect(damaged.findings.contains { $0.code == "store.seen-unreadable" })
    }

    @Test func disabledMarkerMeansShippedStringsOnly() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try workspace.write("DISABLED", Data())
        let report = workspace.inspect()
        #expect(report.state == .disabled)
        #expect(report.findings.contains { $0.code == "store.disabled" && $0.severity == .note })
        let why = StoreInspector.explain(.init(key: "greeting", module: "M", locales: ["fr"]), report: report,
                                         shipped: InspectWorkspace.catalog)
        #expect(why.shown == "Bonjour")
    }
}
