import Foundation
import OverlayCore
internal import OverlayPublishing
import OverlaySync

extension Publisher {
    /// A manifest as an origin serves it: its bytes, its signature file (nil when there is none) and where it was read.
    struct ServedManifest {
        var bytes: Data
        var signature: Data?
        var source: String
    }

    /// The current manifest of the origin, verified: from `--out` if it holds one, else from `--from` (URL or
    /// directory). Nil only for a new origin: no `--from` and an empty `--out`, or `--first-publish` and nothing there.
    ///
    /// A `--from` origin without a manifest is an error unless `firstPublish` says so: restarting at revision 1 would
    /// look like a rollback to every client that saw a later one. The manifest's signature must verify against the
    /// signing keys' public halves or a `--trust` key before its revision or modules are reused: a forged one could
    /// move the numbering anywhere.
    static func previousManifest(_ options: PublishOptions) async throws -> Manifest? {
        let local = options.output.appendingPathComponent(options.appVersion)
        if let served = try readDirectory(local) {
            return try verified(served, options: options)
        }
        guard let from = options.from else { return nil }
        let served: ServedManifest?
        let place: String
        if let url = URL(string: from), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let root = url.appendingPathComponent(options.appVersion)
            place = root.appendingPathComponent("manifest.json").absoluteString
            served = try await fetch(root, label: from)
        } else {
            let path = URL(string: from).flatMap { $0.isFileURL ? $0.path : nil } ?? from
            guard BoundedFile.kind(of: path, followingLinks: true) == .directory else {
                throw PublishError("--from \(from): no such directory; pass the origin root 'overlay publish --out' wrote (the folder holding <app-version>/), or an http(s) URL")
            }
            let root = URL(fileURLWithPath: path).appendingPathComponent(options.appVersion)
            place = root.appendingPathComponent("manifest.json").path
            served = try readDirectory(root)
        }
        guard let served else {
            if options.firstPublish { return nil }
            throw PublishError("--from \(from) has no manifest for app version \(options.appVersion) (\(place) does not exist); publishing now would restart at revision 1, which clients that saw a later revision refuse as a rollback — check --from and --app-version, or pass --first-publish if nothing was ever published for \(options.appVersion)")
        }
        return try verified(served, options: options)
    }

    /// `<version folder>/manifest.json` and its signature from a directory, or nil when there is no manifest.
    static func readDirectory(_ folder: URL) throws -> ServedManifest? {
        let limits = ValidationLimits.default
        let manifestPath = folder.appendingPathComponent("manifest.json").path
        let bytes: Data
        do {
            bytes = try BoundedFile.read(manifestPath, maxBytes: limits.maxManifestBytes)
        } catch .notFound {
            return nil
        } catch {
            throw PublishError("\(manifestPath): the current manifest \(error.reason); fix or remove it before publishing")
        }
        let signaturePath = folder.appendingPathComponent("signatures/\(SHA256.hash(bytes).hex).sig").path
        let signature: Data?
        do {
            signature = try BoundedFile.read(signaturePath, maxBytes: limits.maxSignatureBytes)
        } catch .notFound {
            signature = nil
        } catch {
            throw PublishError("\(signaturePath): the current manifest's signature file \(error.reason)")
        }
        return ServedManifest(bytes: bytes, signature: signature, source: manifestPath)
    }

    /// `<root>/manifest.json` and its signature over http(s), or nil on a 404 for the manifest.
    static func fetch(_ root: URL, label: String) async throws -> ServedManifest? {
        let limits = ValidationLimits.default
        let transport = DefaultHTTPTransport.make(userAgent: "overlay-publish/1")
        let manifestURL = root.appendingPathComponent("manifest.json")
        let response: TransportResponse
        do {
            response = try await transport.fetch(TransportRequest(url: manifestURL, maxBytes: limits.maxManifestBytes))
        } catch {
            throw PublishError("--from \(label): \(error.message) (\(manifestURL.absoluteString)); check the URL and the network, or pass the origin as a directory")
        }
        if response.status == 404 { return nil }
        guard response.isSuccess else {
            throw PublishError("--from \(manifestURL.absoluteString) answered HTTP \(response.status); check the origin URL")
        }
        let signatureURL = root.appendingPathComponent("signatures/\(SHA256.hash(response.body).hex).sig")
        let answer: TransportResponse
        do {
            answer = try await transport.fetch(TransportRequest(url: signatureURL, maxBytes: limits.maxSignatureBytes))
        } catch {
            throw PublishError("--from \(label): \(error.message) (\(signatureURL.absoluteString))")
        }
        guard answer.isSuccess || answer.status == 404 else {
            throw PublishError("--from \(signatureURL.absoluteString) answered HTTP \(answer.status); check the origin URL")
        }
        return ServedManifest(
            bytes: response.body, signature: answer.isSuccess ? answer.body : nil, source: manifestURL.absoluteString)
    }

    /// The manifest, once its signature verifies against the signing keys or a `--trust` key and it decodes for this
    /// app version; a publish told this is the first refuses an origin that already has one.
    static func verified(_ served: ServedManifest, options: PublishOptions) throws -> Manifest {
        let trusted: TrustedKeys
        do {
            trusted = try TrustedKeys(options.keys.map(\.publicKey) + options.trust, threshold: 1)
        } catch {
            throw PublishError(error.message)
        }
        let authenticity = ManifestValidator.authenticity(
            manifest: served.bytes, signatureFile: served.signature, trustedKeys: trusted, file: served.source)
        if let problem = authenticity.first(where: { $0.severity == .error }) {
            throw PublishError("\(served.source): the current manifest is not signed by a signing key or a --trust key (\(problem.message)); its revision and modules are not reused — if the signing key changed, pass the previous public key with --trust", findings: authenticity)
        }
        let manifest: Manifest
        do {
            manifest = try Manifest.decode(served.bytes)
        } catch {
            throw PublishError("\(served.source): the current manifest cannot be read (\(error.message)); fix or remove it before publishing")
        }
        guard manifest.appVersion == options.appVersion else {
            throw PublishError("\(served.source): the current manifest is for app version \(manifest.appVersion), not \(options.appVersion); check --app-version and the origin")
        }
        if options.firstPublish {
            throw PublishError("--first-publish, but \(served.source) already holds revision \(manifest.revision) for \(options.appVersion); drop --first-publish so numbering continues from it")
        }
        return manifest
    }
}
