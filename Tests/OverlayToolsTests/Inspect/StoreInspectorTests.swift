import Foundation
@testable import OverlayCore
import Testing
@testable import OverlayTools

@Suite("overlay inspect: reading a store")
struct StoreInspectorTests {
    @Test func healthyStoreReportsActivePreviousAndHistory() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        let report = workspace.inspect()
        #expect(report.state == .on)
        #expect(report.formatVersion == StoreMarker.version)
        #expect(report.lock.status == "free")
        #expect(report.isHealthy, "\(report.findings)")
        let module = try #require(report.modules.first { $0.name == "M" })
        #expect(module.serving == "overlay")
        #expect(module.active?.revision == 2)
        #expect(module.active?.sha256 == InspectWorkspace.sha("b"))
        #expect(module.active?.locales == ["en", "fr"])
        #expect(module.active?.tables == ["Localizable"])
        #expect(module.active?.keys == 2)
        #expect(module.active?.digest == "ok")
        #expect(module.active?.writtenAt != nil)
        #expect(module.previous?.revision == 1)
        #expect(module.staged.isEmpty)
        #expect(report.binding?.matches == true)
        #expect(report.journal.map(\.outcome) == ["applied", "not-modified"])
        #expect(report.journal.first?.counters.first { $0.0 == "requests" }?.1 == 3)
    }

    @Test func noStoreIsAProblemNotACrash() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let absent = workspace.inspect()
        #expect(absent.state == .noStore)
        #expect(!absent.isHealthy)
        try FileManager.default.createDirectory(at: workspace.store, withIntermediateDirectories: true)
        let empty = workspace.inspect()
        #expect(empty.state == .noStore)
        #expect(empty.findings.map(\.code) == ["store.absent"])
    }

    @Test func bindingMismatchSaysTheOverlayIsIgnored() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy(sourceHash: InspectWorkspace.sourceHash)
        let report = workspace.inspect()
        #expect(report.binding?.matches == false)
        #expect(report.findings.contains { $0.code == "binding.mismatch" && $0.message.contains("the overlay is ignored") })
        #expect(report.modules.first { $0.name == "M" }?.serving == "shipped")
        #expect(!report.isHealthy)
    }

    @Test func anUnreadableStateIsNotABindingMismatch() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        try workspace.write("state.json", Data("{\"format_version\":1,\"app_ver".utf8))
        let report = workspace.inspect()
        #expect(report.binding?.matches == nil)
        #expect(!report.findings.contains { $0.code == "binding.mismatch" })
        let module = try #require(report.modules.first { $0.name == "M" })
        #expect(module.shippedReason == "state.json is unreadable: the app reads the store as empty")
        #expect(module.retired.count == 2)
        #expect(report.text.contains("binding    unknown"))
    }

    @Test func stagedRevisionIsListedAsStaged() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        try store.stage(.init(module: "M", sha256: InspectWorkspace.sha("c"), revision: 3,
                              files: ["fr.lproj/Localizable.strings": InspectWorkspace.strings(["greeting": "Allô"])]))
        let report = workspace.inspect()
        let module = try #require(report.modules.first { $0.name == "M" })
        #expect(module.staged.map(\.sha256) == [InspectWorkspace.sha("c")])
        #expect(module.staged.first?.keys == 1)
        #expect(report.findings.contains { $0.code == "module.staged" && $0.severity == .note })
        #expect(report.isHealthy)
    }

    @Test func aHeldLockIsReportedWithItsHolder() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        let fd = open(workspace.path("LOCK"), O_RDWR)
        defer { close(fd) }
        try #require(fd >= 0)
        try #require(LibC.flock(fd, LOCK_EX) == 0)
        let report = workspace.inspect()
        #expect(report.lock.status == "held")
        #expect(report.lock.pid == Int(getpid()))
        _ = LibC.flock(fd, LOCK_UN)
        #expect(workspace.inspect().lock.status == "free")
    }

    @Test func rejectedArchiveCarriesTheJournalsCodes() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        let store = try workspace.healthy()
        try store.markRejected(module: "M", sha256: InspectWorkspace.sha("d"))
        try store.appendJournal(.object(JSONObject([
            ("at", .string("2026-12-01T12:00:00Z")), ("outcome", .string("partial")),
            ("rejected_by_code", .object(JSONObject([("format.class-mismatch", .number(JSONNumber(1)))]))),
        ])))
        try store.appendJournal(.object(JSONObject([
            ("at", .string("2026-12-01T13:00:00Z")), ("outcome", .string("failed")),
            ("error", .string("sync.unreachable: the origin did not answer")),
        ])))
        let report = workspace.inspect()
        let module = try #require(report.modules.first { $0.name == "M" })
        #expect(module.rejected.first?.codes == ["format.class-mismatch"])
        #expect(report.journal.last?.errorCode == "sync.unreachable")
        #expect(report.findings.contains { $0.message.contains("the last 2 cycles ended failed") })
        #expect(report.findings.contains { $0.code == "journal.failing" })
        #expect(!report.isHealthy)
    }
}

@Suite("overlay inspect: the store path")
struct InspectRootTests {
    @Test func aLinkToTheStoreIsFollowedOnlyAtTheRoot() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try workspace.healthy()
        let link = workspace.root.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: workspace.store.path)
        let report = StoreInspector.inspect(.init(store: link))
        #expect(report.state == .on)
        #expect(report.modules.first?.active?.present == true)
    }

    @Test func aFileIsNotAStore() throws {
        let workspace = try InspectWorkspace()
        defer { workspace.remove() }
        try Data("x".utf8).write(to: workspace.store)
        let report = StoreInspector.inspect(.init(store: workspace.store.path))
        #expect(report.findings.map(\.code) == ["store.not-a-directory"])
        #expect(!report.isHealthy)
    }
}
