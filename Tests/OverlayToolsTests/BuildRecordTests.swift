import Foundation
import Testing
import OverlayCore
@testable import OverlayTools
@testable import OverlayPublishing

/// The build record (`<origin>/<app-version>/.overlay-build.json`, docs/FORMATS.md §9): what it lets a republish
/// skip, and that no damage to it, to the catalog or to the origin changes what is published.
@Suite struct BuildRecordTests {
    static func recordURL(_ origin: URL) -> URL { origin.appendingPathComponent("1.0/\(BuildRecord.fileName)") }

    static func record(_ origin: URL) throws -> BuildRecord {
        try #require(BuildRecord.read(in: origin.appendingPathComponent("1.0"), appVersion: "1.0"))
    }

    /// Every file under `origin` (relative path → bytes). Where the backend randomizes signatures (CryptoKit), a
    /// signature file stands for the key IDs that signed: its name is the manifest's hash, its bytes differ every run.
    static func files(_ origin: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: origin.path))
        while let relative = walker.nextObject() as? String {
            let url = origin.appendingPathComponent(relative)
            guard BoundedFile.kind(of: url.path) == .regular else { continue }
            files[relative] = try Data(contentsOf: url)
            if !Ed25519PrivateKey.signsDeterministically, relative.hasSuffix(".sig") {
                let keys = try SignatureFile.decode(files[relative]!).signatures.map(\.keyid)
                files[relative] = Data(keys.joined(separator: ",").utf8)
            }
        }
        return files
    }

    static func reused(_ report: PublishReport) -> [String] {
        report.modules.filter(\.fromBuildRecord).map(\.name)
    }

    /// Publishes twice into `workspace.origin`, damaging things in between with `damage`, and twice into a control
    /// origin with no record for the second publish: both origins must end byte-identical (the record included).
    static func republish(after damage: (PublishWorkspace) throws -> Void) async throws -> (PublishReport, PublishWorkspace) {
        let workspace = try PublishWorkspace()
        let control = workspace.root.appendingPathComponent("control")
        _ = try await workspace.publish()
        _ = try await workspace.publish(workspace.options(out: control))
        try damage(workspace)
        try FileManager.default.removeItem(at: recordURL(control))
        let report = try await workspace.publish()
        let controlReport = try await workspace.publish(workspace.options(out: control))
        #expect(Self.reused(controlReport).isEmpty)
        #expect(report.modules.map(\.sha256) == controlReport.modules.map(\.sha256))
        #expect(try files(workspace.origin) == files(control))
        return (report, workspace)
    }

    /// A directory at the record's name (not ours) makes the record unwritable: the publish still completes, and
    /// the directory and what it holds are left alone.
    @Test func aDirectoryAtTheRecordsNameIsNeverDeleted() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        _ = try await workspace.publish()
        let record = Self.recordURL(workspace.origin)
        try FileManager.default.removeItem(at: record)
        try FileManager.default.createDirectory(at: record, withIntermediateDirectories: true)
        let kept = record.appendingPathComponent("kept.txt")
        try Data("not the publisher's".utf8).write(to: kept)
        let second = try await workspace.publish()
        #expect(second.revision == 2)
        #expect(try Data(contentsOf: kept) == Data("not the publisher's".utf8))
    }

    @Test func anUnchangedRepublishReusesEveryArchive() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let first = try await workspace.publish()
        #expect(Self.reused(first).isEmpty)
        let record = try Self.record(workspace.origin)
        #expect(record.modules.map(\.name) == first.modules.map(\.name))
        #expect(record.modules.map(\.sha256) == first.modules.map(\.sha256))
        let archive = workspace.origin.appendingPathComponent("1.0/\(first.modules[0].path)")
        let inode = try FileManager.default.attributesOfItem(atPath: archive.path)[.systemFileNumber] as? Int

        let second = try await workspace.publish()
        #expect(second.revision == 2)
        #expect(Self.reused(second) == first.modules.map(\.name))
        #expect(second.modules.allSatisfy { $0.status == .unchanged })
        #expect(second.modules.map(\.sha256) == first.modules.map(\.sha256))
        // Nothing changed: the findings are counted from the record, not repeated (the record keeps no text).
        #expect(second.findings.isEmpty)
        #expect(second.unrepeatedFindings == FindingCount.counting(first.findingList))
        #expect(!first.findings.isEmpty)
        #expect(try FileManager.default.attributesOfItem(atPath: archive.path)[.systemFileNumber] as? Int == inode)
        #expect(try Self.record(workspace.origin) == record)
        // Nothing but the record vouches for the catalog here: the manifest still carries the catalog's source hash.
        #expect(try workspace.manifest().sourceHash == CatalogLoader.load(at: workspace.catalog).catalog.sourceHash)
    }

    /// A record kept the text of every finding (74 MB for a real app's 176,000 missing-translation warnings): now
    /// only their counts, and a version-1 record from before is ignored and rewritten.
    @Test func theRecordCountsFindingsAndAnOldOneIsIgnored() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let first = try await workspace.publish()
        let url = Self.recordURL(workspace.origin)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("\"message\""))
        #expect(!first.findings.isEmpty && !first.findings.contains { text.contains($0.message) })
        #expect(try Self.record(workspace.origin).findingCounts == FindingCount.counting(first.findingList))
        #expect(BuildRecord.formatVersion == 2)
        let old = text.replacingOccurrences(of: "\"format_version\" : 2", with: "\"format_version\" : 1")
            .replacingOccurrences(of: "\"finding_counts\"", with: "\"findings\"")
        try Data(old.utf8).write(to: url)
        let second = try await workspace.publish()
        #expect(Self.reused(second).isEmpty)
        #expect(second.findings.count == first.findings.count)
        #expect(try String(contentsOf: url, encoding: .utf8).contains("\"format_version\" : 2"))
    }

    @Test func changingOneTableRebuildsExactlyThatModule() async throws {
        let (report, workspace) = try await Self.republish { try $0.fixTypo() }
        defer { workspace.remove() }
        #expect(Self.reused(report) == ["Account", "Checkout", "Onboarding"])
        #expect(report.modules.filter { $0.status == .changed }.map(\.name) == ["App"])
        let record = try Self.record(workspace.origin)
        #expect(record.modules.first { $0.name == "App" }?.sha256 == report.modules.first { $0.name == "App" }?.sha256)
        #expect(record.modules.first { $0.name == "App" }?.revision == 2)
    }

    @Test func aNewKeyChangesTheSourceHashAndRebuildsEveryModule() async throws {
        let (report, workspace) = try await Self.republish { workspace in
            let file = workspace.catalog.appendingPathComponent("Account/en.lproj/Localizable.strings")
            try (try Data(contentsOf: file) + Data("\n\"record.test.new-key\" = \"New\";\n".utf8)).write(to: file)
        }
        defer { workspace.remove() }
        #expect(Self.reused(report).isEmpty)
        #expect(try Self.record(workspace.origin).sourceHash == CatalogLoader.load(at: workspace.catalog).catalog.sourceHash)
    }

    @Test(arguments: ["truncated", "not JSON", "other format version", "other app version", "empty"])
    func anUnusableRecordIsIgnoredAndRewritten(_ damage: String) async throws {
        let (report, workspace) = try await Self.republish { workspace in
            let url = Self.recordURL(workspace.origin)
            let bytes = try Data(contentsOf: url)
            let text = String(decoding: bytes, as: UTF8.self)
            let damaged: Data = switch damage {
            case "truncated": bytes.prefix(bytes.count / 2)
            case "not JSON": Data("{ this is not a record".utf8)
            case "other format version":
                Data(text.replacingOccurrences(of: "\"format_version\" : \(BuildRecord.formatVersion)", with: "\"format_version\" : 999").utf8)
            case "other app version": Data(text.replacingOccurrences(of: "\"app_version\" : \"1.0\"", with: "\"app_version\" : \"2.0\"").utf8)
            default: Data()
            }
            #expect(damaged != bytes)
            try damaged.write(to: url)
        }
        defer { workspace.remove() }
        #expect(Self.reused(report).isEmpty)
        #expect(report.modules.allSatisfy { $0.status == .unchanged })
    }

    /// A record edited to claim other archives or another source hash is never believed: the output is what the
    /// catalog gives.
    @Test(arguments: ["sha256", "source hash", "input digest", "source hash and every input digest"])
    func aTamperedRecordCannotChangeTheOutput(_ field: String) async throws {
        let (report, workspace) = try await Self.republish { workspace in
            let url = Self.recordURL(workspace.origin)
            var record = try Self.record(workspace.origin)
            switch field {
            case "sha256": record.modules[1].sha256 = String(repeating: "0", count: 64)
            case "source hash": record.sourceHash = "sha256:" + String(repeating: "1", count: 64)
            case "input digest": record.modules[1].inputDigest = String(repeating: "2", count: 64)
            default:
                // Consistent forgery: only the signed manifest's source hash can expose it.
                record.sourceHash = "sha256:" + String(repeating: "1", count: 64)
                let inputs = BuildInputs.scan(workspace.options())
                for index in record.modules.indices {
                    record.modules[index].inputDigest = try #require(
                        inputs.moduleDigest(record.modules[index].name, sourceHash: record.sourceHash))
                }
            }
            try record.encoded().write(to: url)
        }
        defer { workspace.remove() }
        let names = report.modules.map(\.name)
        switch field {
        case "source hash":
            // The recorded hash is not the signed manifest's: the catalog is loaded, its own hash used, archives reused.
            #expect(Self.reused(report) == names)
        case "source hash and every input digest":
            // The same, but no forged digest matches the catalog's own hash: everything is rebuilt.
            #expect(Self.reused(report).isEmpty)
        default:
            #expect(Self.reused(report) == names.enumerated().filter { $0.offset != 1 }.map(\.element))
        }
        #expect(try workspace.manifest().sourceHash == CatalogLoader.load(at: workspace.catalog).catalog.sourceHash)
    }

    @Test(arguments: ["deleted", "altered", "truncated"])
    func anArchiveDamagedInTheOriginIsRebuilt(_ damage: String) async throws {
        var damagedName = ""
        let (report, workspace) = try await Self.republish { workspace in
            let module = try workspace.manifest().modules[2]
            damagedName = module.name
            let url = workspace.origin.appendingPathComponent("1.0/\(module.path)")
            switch damage {
            case "deleted": try FileManager.default.removeItem(at: url)
            case "altered":
                var bytes = try Data(contentsOf: url)
                bytes[bytes.count / 2] ^= 0xFF
                try bytes.write(to: url)
            default: try Data(contentsOf: url).prefix(100).write(to: url)
            }
        }
        defer { workspace.remove() }
        #expect(!Self.reused(report).contains(damagedName))
        #expect(Self.reused(report).count == report.modules.count - 1)
        #expect(report.modules.allSatisfy { $0.status == .unchanged })
        for module in try workspace.manifest().modules {
            let bytes = try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/\(module.path)"))
            #expect(SHA256.hash(bytes).hex == module.sha256)
        }
    }

    @Test func anotherBundleIsAnotherInput() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        var options = workspace.options()
        options.shipped = workspace.catalog
        _ = try await workspace.publish(options)
        #expect(Self.reused(try await workspace.publish(options)).count == 4)
        #expect(Self.reused(try await workspace.publish()).isEmpty)
    }

    /// Archives built on every core are the bytes each module's archive has when built alone, and two fresh
    /// publishes write the same record.
    @Test func parallelBuildsAreDeterministic() async throws {
        let workspace = try PublishWorkspace()
        defer { workspace.remove() }
        let second = workspace.root.appendingPathComponent("second")
        let report = try await workspace.publish()
        _ = try await workspace.publish(workspace.options(out: second))
        #expect(try Data(contentsOf: Self.recordURL(workspace.origin)) == Data(contentsOf: Self.recordURL(second)))
        let catalog = try CatalogLoader.load(at: workspace.catalog).catalog
        for module in report.modules {
            let alone = Publisher.archive(
                ModuleContent(try #require(catalog.modules[module.name])), sourceHash: catalog.sourceHash, revision: 1)
            #expect(try Data(contentsOf: workspace.origin.appendingPathComponent("1.0/\(module.path)")) == alone.bytes)
        }
    }
}
