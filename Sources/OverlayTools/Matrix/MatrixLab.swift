import Foundation
import OverlayCore
import OverlaySync
import OverlayTestSupport
internal import OverlayPublishing

/// What one scenario saw: notes for the observed column, and failures that turn it red.
struct Observation: Sendable {
    private(set) var notes: [String] = []
    private(set) var failures: [String] = []

    mutating func note(_ text: String) { notes.append(text) }

    /// Records `failure` unless `condition` holds; returns `condition`.
    @discardableResult
    mutating func require(_ condition: Bool, _ failure: @autoclosure () -> String) -> Bool {
        if !condition { failures.append(failure()) }
        return condition
    }

    mutating func fail(_ failure: String) { failures.append(failure) }

    var isPassed: Bool { failures.isEmpty }

    /// Failures first (they are what a reader needs), then what was seen.
    var text: String {
        (failures.map { "FAILED: \($0)" } + notes).joined(separator: "; ")
    }
}

/// The shared state of one matrix run: the candidate, a temporary root, and a throwaway key for re-signed variants.
final class MatrixRun: Sendable {
    let options: MatrixOptions
    let candidate: MatrixCandidate
    let root: URL
    /// Signs the variants a scenario cannot derive without a signing key; it signs nothing else and dies with the run.
    let throwawayKey: Ed25519PrivateKey
    private let counter = LockedValue(0)

    init(options: MatrixOptions, candidate: MatrixCandidate) throws {
        self.options = options
        self.candidate = candidate
        root = options.temporaryDirectory.appendingPathComponent("overlay-matrix-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        do {
            throwawayKey = try Ed25519PrivateKey.generate()
        } catch {
            throw MatrixError("cannot make a throwaway signing key: \(error)")
        }
    }

    /// A fresh folder (and store path) for one scenario or one of its cases.
    func lab(_ name: String) throws -> Lab {
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let directory = root.appendingPathComponent("\(number)-\(name)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return Lab(run: self, directory: directory)
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The build's keys plus the throwaway key, threshold 1: what scenarios with re-signed variants trust.
    var trustWithThrowaway: TrustedKeys {
        (try? TrustedKeys(Array(options.trustedKeys.keys.values) + [throwawayKey.publicKey], threshold: 1))
            ?? options.trustedKeys
    }
}

/// One scenario's temporary folder with its own store.
struct Lab: Sendable {
    let run: MatrixRun
    let directory: URL

    var store: URL { directory.appendingPathComponent("store", isDirectory: true) }
    var candidate: MatrixCandidate { run.candidate }

    /// The client's configuration as a build of the candidate's app version would have it.
    func configuration(
        origin: URL? = nil, trust: TrustedKeys? = nil, shipped: Catalog? = nil, appVersion: String? = nil,
        store: URL? = nil, now: (@Sendable () -> Date)? = nil, syscalls: Syscalls = .live, concurrentDownloads: Int = 3
    ) -> SyncConfiguration {
        var configuration = SyncConfiguration(
            origin: origin ?? candidate.originRoot, appVersion: appVersion ?? candidate.appVersion,
            trustedKeys: trust ?? run.options.trustedKeys, shipped: shipped ?? candidate.shipped,
            storeURL: store ?? self.store, requestTimeout: .seconds(30), maxConcurrentDownloads: concurrentDownloads,
            now: now ?? { Date() })
        configuration.syscalls = syscalls
        return configuration
    }

    /// One launch of the app: a new SyncService, one cycle.
    func sync(_ configuration: SyncConfiguration, transport: (any HTTPTransport)? = nil) async -> SyncReport {
        await SyncService(configuration: configuration, transport: transport ?? FileTransport()).start()
    }

    /// What a restarted app serves: the store opened anew (which cleans crash debris).
    func restartSnapshot(_ configuration: SyncConfiguration) throws -> StoreSnapshot {
        try OverlayStore.open(
            at: configuration.storeURL, appVersion: configuration.appVersion, sourceHash: configuration.sourceHash
        ).snapshot()
    }

    /// Digest-list mismatches of every active revision (empty: every file is what was activated).
    func verifyActive(_ configuration: SyncConfiguration) throws -> [String] {
        let store = try OverlayStore.open(
            at: configuration.storeURL, appVersion: configuration.appVersion, sourceHash: configuration.sourceHash)
        var problems: [String] = []
        for (name, active) in store.snapshot().modules.sorted(by: { $0.key < $1.key }) {
            problems += try OverlayStore.verify(active).map { "\(name): \($0)" }
        }
        return problems
    }

    /// A transport that cannot reach anything (airplane mode).
    static func offline() -> FaultInjectingTransport {
        let transport = FaultInjectingTransport(wrapping: FileTransport())
        transport.inject(.init(pathSuffix: "", fault: .fail(.unreachable)))
        return transport
    }

    /// SHA-256 of every file under the store, by relative path; journal files (appended to by every cycle) left out.
    func storeFiles(_ url: URL? = nil) -> [String: String] {
        let root = (url ?? store).standardizedFileURL.path
        var files: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix("journal") { continue }
            let path = root + "/" + relative
            guard BoundedFile.kind(of: path) == .regular else { continue }
            let data = (try? BoundedFile.read(path, maxBytes: 64 << 20)) ?? Data("unreadable".utf8)
            files[relative] = SHA256.hash(data).hex
        }
        return files
    }

    /// Paths that differ between two `storeFiles` listings.
    static func differences(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    // MARK: Variants

    /// An origin of the candidate's app version serving `manifest`, signed by the throwaway key, with its archives
    /// (the candidate's, linked, unless `archives` replaces one by path).
    func variantOrigin(_ name: String, manifest: Manifest, archives: [String: Data] = [:]) throws -> URL {
        let origin = directory.appendingPathComponent("origin-\(name)", isDirectory: true)
        let version = origin.appendingPathComponent(candidate.appVersion, isDirectory: true)
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: version.appendingPathComponent("modules"), withIntermediateDirectories: true)
        try fileManager.createDirectory(at: version.appendingPathComponent("signatures"), withIntermediateDirectories: true)
        for entry in manifest.modules {
            let target = version.appendingPathComponent(entry.path)
            if let data = archives[entry.path] {
                try data.write(to: target)
            } else if !fileManager.fileExists(atPath: target.path) {
                try fileManager.createSymbolicLink(
                    at: target, withDestinationURL: candidate.versionDirectory.appendingPathComponent(entry.path))
            }
        }
        let bytes = manifest.encoded()
        let signature = try SignatureFile.signing(bytes, with: [run.throwawayKey]).encoded()
        try signature.write(to: version.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig"))
        try bytes.write(to: version.appendingPathComponent("manifest.json"))
        return origin
    }

    /// The candidate manifest with fresh dates (so variants test their own attack, not the candidate's expiry).
    func freshManifest(revision: Int? = nil) throws(ScenarioFailure) -> Manifest {
        var manifest = try candidate.requireManifest()
        let now = Date(timeIntervalSince1970: floor(Date().timeIntervalSince1970))
        manifest.publishedAt = now.addingTimeInterval(-60)
        manifest.expiresAt = now.addingTimeInterval(7 * 86_400)
        if let revision { manifest.revision = revision }
        return manifest
    }
}

extension SyncReport {
    /// `rejected [signature.invalid, …]`: the outcome and its error codes, for observed texts.
    var brief: String {
        var text = outcome.rawValue
        let codes = findings.filter { $0.severity == .error }.map(\.code)
        if !codes.isEmpty { text += " [\(Array(Set(codes)).sorted().joined(separator: ", "))]" }
        if let error { text += " (\(error.code.rawValue))" }
        return text
    }

    func action(of module: String) -> ModuleAction? { modules.first { $0.name == module }?.action }

    var errorCodes: Set<String> { Set(findings.filter { $0.severity == .error }.map(\.code)) }
}
