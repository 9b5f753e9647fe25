import Foundation
import OverlayCore
import OverlayPublishing

/// The candidate origin read once, checked the way a client would check it (ManifestValidator, ModuleValidator
/// against the build's catalog), so scenarios can say what the candidate should do and derive variants from it.
struct MatrixCandidate: Sendable {
    struct Module: Sendable {
        var entry: Manifest.Module
        /// The archive's bytes as the origin holds them (nil when unreadable).
        var archive: Data?
        var verdict: ModuleVerdict?
        /// Why the archive could not be read or checked.
        var problem: String?

        var isAccepted: Bool { verdict?.isAccepted == true }
        var content: CatalogModule? { verdict?.content }
    }

    let originRoot: URL
    let appVersion: String
    /// `<origin>/<appVersion>/`.
    let versionDirectory: URL
    let shipped: Catalog
    let manifestBytes: Data
    let signatureBytes: Data?
    /// Decoded without trusting it (for variants and reporting); nil when the bytes do not decode.
    let manifest: Manifest?
    let decodeProblem: String?
    /// The client's verdict with the build's keys and catalog.
    let verdict: ManifestVerdict
    let modules: [String: Module]

    var manifestSHA256: String { SHA256.hash(manifestBytes).hex }

    static func load(_ options: MatrixOptions) throws -> MatrixCandidate {
        let shipped: Catalog
        do {
            shipped = try CatalogLoader.load(at: options.bundle, mode: .lenient).catalog
        } catch let error as CatalogError {
            throw MatrixError("\(error.description); --bundle names the build's shipped catalog")
        }
        let appVersion = try options.appVersion ?? discoverAppVersion(options.origin)
        let versionDirectory = options.origin.appendingPathComponent(appVersion, isDirectory: true)
        let limits = ValidationLimits.default
        let manifestPath = versionDirectory.appendingPathComponent("manifest.json").path
        let manifestBytes: Data
        do {
            manifestBytes = try BoundedFile.read(manifestPath, maxBytes: limits.maxManifestBytes)
        } catch {
            throw MatrixError("\(manifestPath): the candidate manifest \(error.reason); --origin names the folder `overlay publish --out` wrote")
        }
        let sha256 = SHA256.hash(manifestBytes).hex
        let signatureBytes = try? BoundedFile.read(
            versionDirectory.appendingPathComponent("signatures/\(sha256).sig").path, maxBytes: limits.maxSignatureBytes)
        let context = ValidationContext(
            trustedKeys: options.trustedKeys, appVersion: appVersion, sourceHash: shipped.sourceHash, shipped: shipped)
        let verdict = ManifestValidator.validate(
            manifest: manifestBytes, signatureFile: signatureBytes, context: context, file: manifestPath)
        var manifest: Manifest?
        var decodeProblem: String?
        do {
            manifest = try Manifest.decode(manifestBytes)
        } catch {
            decodeProblem = "\(manifestPath): \(error.message) [\(error.code)]"
        }
        var modules: [String: Module] = [:]
        for entry in manifest?.modules ?? [] {
            var module = Module(entry: entry)
            let path = versionDirectory.appendingPathComponent(entry.path).path
            do {
                let archive = try BoundedFile.read(path, maxBytes: limits.maxArchiveBytes)
                module.archive = archive
                if let manifest {
                    module.verdict = ModuleValidator.validate(archive: archive, entry: entry, manifest: manifest, context: context)
                }
            } catch {
                module.problem = "\(path) \(error.reason)"
            }
            modules[entry.name] = module
        }
        return MatrixCandidate(
            originRoot: options.origin, appVersion: appVersion, versionDirectory: versionDirectory, shipped: shipped,
            manifestBytes: manifestBytes, signatureBytes: signatureBytes, manifest: manifest,
            decodeProblem: decodeProblem, verdict: verdict, modules: modules)
    }

    /// The only app version folder holding a manifest.json.
    static func discoverAppVersion(_ origin: URL) throws -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: origin.path)) ?? []
        let versions = names.filter { name in
            NameGrammar.isAppVersion(name)
                && BoundedFile.kind(of: origin.appendingPathComponent(name).appendingPathComponent("manifest.json").path) == .regular
        }.sorted()
        switch versions.count {
        case 1: return versions[0]
        case 0: throw MatrixError("\(origin.path): no <app-version>/manifest.json in the candidate origin; pass the folder `overlay publish --out` wrote, or --app-version")
        default: throw MatrixError("\(origin.path): the candidate origin holds several app versions (\(versions.joined(separator: ", "))); choose one with --app-version")
        }
    }

    /// The decoded manifest, or a failure naming why there is none.
    func requireManifest() throws(ScenarioFailure) -> Manifest {
        guard let manifest else {
            throw ScenarioFailure("the candidate manifest does not decode: \(decodeProblem ?? "unknown")")
        }
        return manifest
    }

    /// Modules whose archive the client accepts, by name.
    var acceptedModules: [String] { modules.values.filter(\.isAccepted).map(\.entry.name).sorted() }

    /// Modules a client would refuse, with the first reason.
    var refusedModules: [(String, String)] {
        modules.values.filter { !$0.isAccepted }.sorted { $0.entry.name < $1.entry.name }.map { module in
            let reason = module.problem
                ?? module.verdict?.findings.first(where: \.isBlocking).map { "\($0.message) [\($0.code)]" }
                ?? "not checked: the manifest was refused"
            return (module.entry.name, reason)
        }
    }

    /// Why the client refuses the manifest itself, or nil when it accepts it.
    var manifestRefusal: String? {
        if verdict.isAccepted { return nil }
        let reasons = verdict.findings.filter(\.isBlocking).prefix(3).map { "\($0.message) [\($0.code)]" }
        return reasons.isEmpty ? "refused" : reasons.joined(separator: "; ")
    }

    func summary() -> MatrixCandidateSummary {
        MatrixCandidateSummary(
            origin: originRoot.path, appVersion: appVersion, revision: manifest?.revision, sourceHash: manifest?.sourceHash,
            buildSourceHash: shipped.sourceHash, publishedAt: manifest?.publishedAt, expiresAt: manifest?.expiresAt,
            modules: (manifest?.modules ?? []).map {
                .init(name: $0.name, sha256: $0.sha256, revision: $0.revision, size: $0.size, locales: $0.locales)
            })
    }
}

/// A scenario that cannot go on, with what was seen.
struct ScenarioFailure: Error, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
