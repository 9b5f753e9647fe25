import Foundation
import OverlayCore
@testable import OverlayTools
@testable import OverlayPublishing

/// A candidate origin published from a catalog with a fresh key, in a temporary folder removed on deinit.
final class MatrixFixture: @unchecked Sendable {
    // Immutable after init; the class exists for deinit cleanup.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = repositoryRoot.appendingPathComponent("testdata/catalog")

    let directory: URL
    let key: Ed25519PrivateKey
    let origin: URL
    let appVersion = "1.0"

    var versionDirectory: URL { origin.appendingPathComponent(appVersion) }

    /// Publishes `catalog` (default: testdata/catalog) as revision 1.
    init(catalog: URL = MatrixFixture.catalog) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        key = try Ed25519PrivateKey.generate()
        origin = directory.appendingPathComponent("origin")
        _ = try await Publisher.publish(PublishOptions(
            catalog: catalog, appVersion: appVersion, keys: [key], output: origin, firstPublish: true))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    func options(trust: [Ed25519PublicKey]? = nil, sources: [String] = [], only: Set<String>? = nil) throws -> MatrixOptions {
        var options = MatrixOptions(
            origin: origin, bundle: Self.catalog, trustedKeys: try TrustedKeys(trust ?? [key.publicKey]), sources: sources,
            temporaryDirectory: directory)
        options.onlyScenarios = only
        return options
    }

    var manifest: Manifest {
        get throws { try Manifest.decode(Data(contentsOf: versionDirectory.appendingPathComponent("manifest.json"))) }
    }

    /// Replaces `module`'s archive with `archive` and re-signs the manifest with the candidate's own key: a candidate
    /// that is itself bad, not an attack.
    func replaceArchive(of module: String, with archive: Data) throws {
        var manifest = try self.manifest
        let sha256 = SHA256.hash(archive).hex
        manifest.modules = manifest.modules.map { entry in
            guard entry.name == module else { return entry }
            var replaced = entry
            replaced.sha256 = sha256
            replaced.size = archive.count
            replaced.path = Manifest.archivePath(name: module, sha256: sha256)
            return replaced
        }
        try archive.write(to: versionDirectory.appendingPathComponent(Manifest.archivePath(name: module, sha256: sha256)))
        try writeSigned(manifest)
    }

    func writeSigned(_ manifest: Manifest) throws {
        let bytes = manifest.encoded()
        try SignatureFile.signing(bytes, with: [key]).encoded()
            .write(to: versionDirectory.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig"))
        try bytes.write(to: versionDirectory.appendingPathComponent("manifest.json"))
    }

    /// The files of `module`'s archive as the candidate holds them.
    func archiveFiles(of module: String) throws -> [String: Data] {
        let entry = try unwrap(manifest.module(named: module))
        let data = try Data(contentsOf: versionDirectory.appendingPathComponent(entry.path))
        return try ZIPArchive(data: data).extractAll()
    }
}

/// Unwraps or throws (a fixture helper; tests use `#require`).
func unwrap<T>(_ value: T?) throws -> T {
    guard let value else { throw MatrixError("missing fixture value") }
    return value
}
