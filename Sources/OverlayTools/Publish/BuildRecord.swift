import Foundation
import OverlayCore
internal import OverlayPublishing

/// `<origin>/<app-version>/.overlay-build.json`: what the last publish built, keyed by digests of its inputs, so a
/// republish reuses the archive of every module whose inputs did not change instead of parsing, checking,
/// deflating and validating it again (docs/FORMATS.md §9).
///
/// An optimisation only, never trusted for anything a client relies on: a recorded archive is reused only when the
/// file in the origin still has the recorded size and SHA-256 *and* the verified current manifest names it; the
/// manifest is built, signed and validated fresh every time. Anything unreadable, of another format version or
/// not matching is ignored and the module rebuilt, so deleting the record is always safe. Clients never read it.
struct BuildRecord: Codable, Equatable {
    static let fileName = ".overlay-build.json"
    /// Bump whenever what a publish builds or checks changes for the same inputs (archive layout, canonical table
    /// writers, checks, validators): an older record is then ignored and everything is rebuilt once.
    /// 2: findings are counted, not recorded (version 1 held their text).
    static let formatVersion = 2
    static let maxBytes = 16 << 20
    /// The only verdict recorded: a publish that found blocking errors writes nothing, the record included.
    static let accepted = "accepted"

    struct Module: Codable, Equatable {
        var name: String
        /// ``BuildInputs/moduleDigest(_:sourceHash:)`` of what this archive was built from.
        var inputDigest: String
        var path: String
        var sha256: String
        var size: Int
        /// The header revision inside the archive (the manifest revision it was first published at).
        var revision: Int
        var developmentRegion: String
        var locales: [String]
        var tables: [String]
        var entries: Int
        var verdict: String
    }

    var formatVersion: Int
    var appVersion: String
    /// ``BuildInputs/catalogDigest``: every module folder and publish option that shapes the output.
    var catalogDigest: String
    var sourceHash: String
    var verdict: String
    /// The findings the publish reported, counted (never their text).
    var findingCounts: [FindingCount]
    var modules: [Module]

    /// The record in `versionRoot`, or nil when there is none or it cannot be used (unreadable, not this format
    /// version, another app version, not accepted, malformed findings): the caller then rebuilds everything.
    static func read(in versionRoot: URL, appVersion: String) -> BuildRecord? {
        let path = versionRoot.appendingPathComponent(fileName).path
        guard let bytes = try? BoundedFile.read(path, maxBytes: maxBytes, followSymlinks: false),
              let record = try? decoder.decode(BuildRecord.self, from: bytes),
              record.formatVersion == formatVersion, record.appVersion == appVersion, record.verdict == accepted,
              record.findingCounts.allSatisfy({ Finding.Severity(rawValue: $0.severity) != nil && $0.count > 0 }),
              Set(record.modules.map(\.name)).count == record.modules.count
        else { return nil }
        return record
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// The recorded archive's bytes from the origin, when the file is a regular file of the recorded size and SHA-256
    /// (an archive deleted, truncated or altered in the origin is rebuilt).
    static func archive(_ module: Module, in versionRoot: URL) -> Data? {
        guard module.path == Manifest.archivePath(name: module.name, sha256: module.sha256) else { return nil }
        let path = versionRoot.appendingPathComponent(module.path).path
        guard let bytes = try? BoundedFile.read(path, maxBytes: ValidationLimits.default.maxArchiveBytes, followSymlinks: false),
              bytes.count == module.size, SHA256.hash(bytes).hex == module.sha256
        else { return nil }
        return bytes
    }
}

/// Digests of everything a publish's output depends on, read without parsing: each module folder's files (relative
/// path, kind and bytes), plus the options that shape archives or checks (app version, deflate level, record format,
/// the `--bundle` catalog's files).
///
/// Over-inclusive on purpose: any file in a module folder counts, read or not by the loader, so a change can only
/// cause a rebuild, never a missed one. A file that cannot be read in full leaves its module (and the catalog)
/// without a digest: nothing is reused for it.
struct BuildInputs: Sendable {
    /// Module folder name → digest of its files; a folder that could not be read in full is absent.
    var folders: [String: String]
    /// Digest of the options and every top-level entry of the catalog; nil when anything could not be read.
    var catalogDigest: String?
    /// Digest of the options alone.
    var setup: String?

    static func scan(_ options: PublishOptions) -> BuildInputs {
        var setup = SHA256()
        setup.update(Data("overlay-build-record/\(BuildRecord.formatVersion)\n".utf8))
        setup.update(Data(field("app-version", options.appVersion).utf8))
        setup.update(Data(field("deflate-level", "\(ZIPWriter.deflateLevel)").utf8))
        setup.update(Data(field("plain-strings", options.plainStrings.rawValue).utf8))
        var complete = true
        if let shipped = options.shipped {
            if let digest = treeDigest(shipped, skippingHidden: true) {
                setup.update(Data(field("bundle", digest).utf8))
            } else {
                complete = false
            }
        } else {
            setup.update(Data(field("bundle", "none").utf8))
        }
        let setupDigest = setup.finalize().hex

        let names = ((try? FileManager.default.contentsOfDirectory(atPath: options.catalog.path)) ?? [])
            .filter { !$0.hasPrefix(".") }  // the loader skips hidden entries
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let digests = ConcurrentMap.map(names.count) { index -> String? in
            let url = options.catalog.appendingPathComponent(names[index])
            switch BoundedFile.kind(of: url.path) {
            case .directory: return treeDigest(url, skippingHidden: false).map { "d" + $0 }
            case .regular: return fileDigest(url).map { "f" + $0 }
            case let kind: return "k\(kind.map { "\($0)" } ?? "missing")"
            }
        }
        var folders: [String: String] = [:]
        var catalog = SHA256()
        catalog.update(Data(field("setup", setupDigest).utf8))
        for (name, digest) in zip(names, digests) {
            guard let digest else {
                complete = false
                continue
            }
            if digest.hasPrefix("d") { folders[name] = String(digest.dropFirst()) }
            catalog.update(Data(field(name, digest).utf8))
        }
        if names.isEmpty { complete = false }  // an unlistable or empty catalog: let the loader say why
        return BuildInputs(folders: folders, catalogDigest: complete ? catalog.finalize().hex : nil, setup: complete ? setupDigest : nil)
    }

    /// What a module's archive and check verdict depend on: the options, the catalog's source hash (written into
    /// every archive header) and the module folder's files. Nil when any of them could not be read.
    func moduleDigest(_ name: String, sourceHash: String) -> String? {
        guard let setup, let folder = folders[name] else { return nil }
        var hasher = SHA256()
        for part in [field("setup", setup), field("source-hash", sourceHash), field("module", name), field("files", folder)] {
            hasher.update(Data(part.utf8))
        }
        return hasher.finalize().hex
    }

    /// `<length>:<name>=<value>\n`: length-prefixed, so no name can run into the next field.
    private static func field(_ name: String, _ value: String) -> String {
        "\(name.utf8.count):\(name)=\(value)\n"
    }
    private func field(_ name: String, _ value: String) -> String { Self.field(name, value) }

    /// SHA-256 over every entry under `root` in byte order of relative path: directories, regular files (with the
    /// SHA-256 of their bytes), and the kind of anything else (links are never followed). Nil when a file or
    /// directory cannot be read.
    static func treeDigest(_ root: URL, skippingHidden: Bool) -> String? {
        var hasher = SHA256()
        guard walk(root, relative: "", skippingHidden: skippingHidden, into: &hasher) else { return nil }
        return hasher.finalize().hex
    }

    private static func walk(_ directory: URL, relative: String, skippingHidden: Bool, into hasher: inout SHA256) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return false }
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if skippingHidden && relative.isEmpty && name.hasPrefix(".") { continue }
            let path = relative.isEmpty ? name : "\(relative)/\(name)"
            let url = directory.appendingPathComponent(name)
            switch BoundedFile.kind(of: url.path) {
            case .directory:
                hasher.update(Data(field(path, "dir").utf8))
                guard walk(url, relative: path, skippingHidden: skippingHidden, into: &hasher) else { return false }
            case .regular:
                guard let digest = fileDigest(url) else { return false }
                hasher.update(Data(field(path, "file " + digest).utf8))
            case let kind:
                hasher.update(Data(field(path, kind.map { "\($0)" } ?? "missing").utf8))
            }
        }
        return true
    }

    private static func fileDigest(_ url: URL) -> String? {
        guard let bytes = try? BoundedFile.read(url.path, maxBytes: CatalogLoader.maxFileBytes, followSymlinks: false)
        else { return nil }
        return "\(bytes.count) " + SHA256.hash(bytes).hex
    }
}
