import Foundation
import OverlayCore
internal import OverlayPublishing

extension Publisher {
    /// Refuses options that would write outside `--out`, or a manifest every client rejects, before reading anything.
    static func checkOptions(_ options: PublishOptions) throws {
        guard !options.keys.isEmpty else {
            throw PublishError("no signing key: pass --key with a private key PEM (make one with 'overlay keygen')")
        }
        guard NameGrammar.isAppVersion(options.appVersion) else {
            throw PublishError("--app-version \(options.appVersion.debugDescription) is not an app version (\(NameGrammar.appVersionRule)); it names the folder of the origin clients read, so nothing else is written")
        }
        let range = PublishOptions.expiresInRange
        guard options.expiresIn.isFinite, range.contains(options.expiresIn) else {
            throw PublishError("--expires-in must be from 1m to 90d (got \(options.expiresIn) seconds): clients refuse a manifest that lives longer than 90 days, and a shorter one expires before it reaches them")
        }
        if let revision = options.revision, !(1...Manifest.maximumRevision).contains(revision) {
            throw PublishError("--revision \(revision) is outside 1…\(Manifest.maximumRevision) (2^53 - 1, the largest integer JSON keeps exact)")
        }
        for revocation in options.revoke where !NameGrammar.isModuleName(revocation.module) {
            throw PublishError("--revoke \(revocation.module.debugDescription)@…: \(revocation.module.debugDescription) is not a module name (\(NameGrammar.moduleNameRule))")
        }
        for url in [options.output, options.output.appendingPathComponent(options.appVersion)] {
            if let kind = BoundedFile.kind(of: url.path, followingLinks: true), kind != .directory {
                throw PublishError("--out: \(url.path) is \(kind.description), not a directory; pass the origin folder (it is created if missing)")
            }
        }
    }

    /// Runs the client's validators over what is about to be written — the manifest with its signature (by every
    /// signing key), then each archive against its manifest entry, with the build's shipped catalog (`--bundle`, else the
    /// publish catalog) as the shipped one — and refuses to write anything a client would reject. Findings about
    /// values the build already ships do not block there either. An archive reused from the build record is not
    /// validated again: it is byte for byte (SHA-256) one validated when it was built, with the same inputs.
    static func verifyOutput(_ built: Output, sourceHash: String, shipped: Catalog?, options: PublishOptions) throws {
        let publicKeys = options.keys.map(\.publicKey)
        let trusted: TrustedKeys
        do {
            trusted = try TrustedKeys(publicKeys, threshold: Set(publicKeys.map(\.keyID)).count)
        } catch {
            throw PublishError(error.message)
        }
        let context = ValidationContext(
            trustedKeys: trusted, appVersion: options.appVersion, sourceHash: sourceHash, shipped: shipped,
            now: options.now, maxManifestAge: PublishOptions.expiresInRange.upperBound)
        let manifestFile = built.versionRoot.appendingPathComponent("manifest.json").path
        let verdict = ManifestValidator.validate(
            manifest: built.manifestBytes, signatureFile: built.signature, context: context, file: manifestFile)
        var errors = verdict.findings.filter(\.isBlocking)
        if let manifest = verdict.manifest {
            // Each archive on its own core; findings in manifest order.
            let pairs = Array(zip(manifest.modules, zip(built.archives, built.reused)))
            errors += ConcurrentMap.map(pairs.count) { index -> [Finding] in
                let (entry, (archive, reused)) = pairs[index]
                if reused { return [] }
                let file = built.versionRoot.appendingPathComponent(archive.path).path
                let integrity = ModuleValidator.checkIntegrity(
                    archive.bytes, entry: entry, manifest: manifest, context: context, file: file)
                guard integrity.isEmpty else { return integrity }
                // One `.lproj` at a time: the publish catalog is in memory already, a second whole copy is not needed.
                return ModuleValidator.validateContentsByFolder(
                    archive.bytes, expectedModule: entry.name, expectedRevision: entry.revision, context: context,
                    file: file
                ).findings.filter(\.isBlocking)
            }.flatMap { $0 }
        }
        guard errors.isEmpty else {
            throw PublishError(
                "every client would reject what this publish would write (\(errors.count) error(s) from the client's own validators); nothing was written — fix what the findings name: split a module over the archive caps, shorten the values or keys named",
                findings: errors)
        }
    }
}
