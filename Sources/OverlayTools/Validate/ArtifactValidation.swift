import Foundation
public import OverlayCore
import OverlayPublishing

/// `overlay validate`: every rule a client applies, run on an origin folder or a single artifact before it ships.
public enum ArtifactValidation {
    public struct Report: Sendable {
        /// What was validated: `origin 1.0 revision 3`, `module archive`, `table artifact`.
        public var subject: String
        public var findings: [Finding]
        public var modulesChecked: Int
    }

    /// Validates `path`: an origin directory (its manifest, signature and every module archive), a module `.zip`,
    /// a `manifest.json` inside an origin, or a table artifact `.json`.
    package static func validate(path: String, context: ValidationContext, appVersion: String?) throws -> Report {
        guard let kind = BoundedFile.kind(of: path, followingLinks: true) else {
            throw ToolError("\(path): no such file or directory")
        }
        if kind == .directory {
            return try validateOrigin(URL(fileURLWithPath: path), context: context, appVersion: appVersion)
        }
        let url = URL(fileURLWithPath: path)
        if url.lastPathComponent == "manifest.json" {
            return try validateVersionFolder(url.deletingLastPathComponent(), context: context, label: path)
        }
        let isArchive = url.pathExtension == "zip"
        let cap = isArchive ? context.limits.maxArchiveBytes : ArtifactLimits.default.tableArtifactBytes
        let data: Data
        switch read(path, cap: cap) {
        case .success(let bytes):
            data = bytes
        case .failure(.tooLarge(let size, _)):
            let finding = Finding(
                code: isArchive ? "size.archive" : "size.table-artifact", severity: .error,
                message: "the file is \(size) bytes, over the \(cap)-byte cap a client applies; it was not read",
                location: .init(file: path))
            return Report(subject: isArchive ? "module archive" : "table artifact", findings: [finding], modulesChecked: isArchive ? 1 : 0)
        case .failure(let failure):
            throw ToolError("\(path): \(failure.reason)")
        }
        if isArchive {
            let verdict = ModuleValidator.validateContents(
                data, expectedModule: nil, expectedRevision: nil, context: context, file: path)
            var findings = verdict.findings
            findings.append(Finding(
                code: "authenticity.not-checked", severity: .warning,
                message: "a lone archive carries no signature: validate the origin folder to check it against its signed manifest",
                location: .init(file: path)))
            return Report(subject: "module archive", findings: findings, modulesChecked: 1)
        }
        return Report(subject: "table artifact", findings: validateTableArtifact(data, file: path, context: context), modulesChecked: 0)
    }

    /// A regular file of at most `cap` bytes (size checked by `fstat` before reading), or why not.
    static func read(_ path: String, cap: Int) -> Result<Data, BoundedFile.Failure> {
        Result { () throws(BoundedFile.Failure) in try BoundedFile.read(path, maxBytes: cap) }
    }

    static func validateOrigin(_ root: URL, context: ValidationContext, appVersion: String?) throws -> Report {
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("manifest.json").path) {
            return try validateVersionFolder(root, context: context, label: root.path)
        }
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).appendingPathComponent("manifest.json").path)
        }.sorted()
        let version: String
        if let appVersion {
            version = appVersion
        } else if versions.count == 1 {
            version = versions[0]
        } else {
            throw ToolError(versions.isEmpty
                ? "\(root.path): no <app-version>/manifest.json here; pass the origin that 'overlay publish --out' wrote"
                : "\(root.path) holds several app versions (\(versions.joined(separator: ", "))); choose one with --app-version")
        }
        return try validateVersionFolder(root.appendingPathComponent(version), context: context, label: root.path)
    }

    static func validateVersionFolder(_ folder: URL, context: ValidationContext, label: String) throws -> Report {
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let manifestBytes: Data
        switch read(manifestURL.path, cap: context.limits.maxManifestBytes) {
        case .success(let bytes):
            manifestBytes = bytes
        case .failure(.tooLarge(let size, let cap)):
            return Report(subject: "origin \(folder.lastPathComponent)", findings: [Finding(
                code: "size.manifest", severity: .error,
                message: "the manifest is \(size) bytes, over the \(cap)-byte cap; it was not read",
                location: .init(file: manifestURL.path))], modulesChecked: 0)
        case .failure(let failure):
            throw ToolError("\(manifestURL.path): the manifest \(failure.reason)")
        }
        let sha256 = SHA256.hash(manifestBytes).hex
        let signaturePath = folder.appendingPathComponent("signatures/\(sha256).sig").path
        var signature: Data?
        switch read(signaturePath, cap: context.limits.maxSignatureBytes) {
        case .success(let bytes): signature = bytes
        case .failure(.notFound): signature = nil
        case .failure(let failure):
            return Report(subject: "origin \(folder.lastPathComponent)", findings: [Finding(
                code: "signature.malformed", severity: .error,
                message: "the signature file \(failure.reason)", location: .init(file: signaturePath))], modulesChecked: 0)
        }
        let verdict = ManifestValidator.validate(
            manifest: manifestBytes, signatureFile: signature, context: context, file: manifestURL.path)
        var findings = verdict.findings
        guard let manifest = verdict.manifest else {
            return Report(subject: "origin \(folder.lastPathComponent)", findings: findings, modulesChecked: 0)
        }
        for entry in manifest.modules {
            let archiveURL = folder.appendingPathComponent(entry.path)
            let bytes: Data
            switch read(archiveURL.path, cap: context.limits.maxArchiveBytes) {
            case .success(let data):
                bytes = data
            case .failure(.notFound):
                findings.append(Finding(
                    code: "origin.missing-archive", severity: .error,
                    message: "the manifest lists \(entry.path) but the origin has no such file; upload the archives before the manifest",
                    location: .init(file: archiveURL.path, module: entry.name)))
                continue
            case .failure(.tooLarge(let size, let cap)):
                findings.append(Finding(
                    code: "size.archive", severity: .error,
                    message: "the archive is \(size) bytes, over the \(cap)-byte cap; it was not read",
                    location: .init(file: archiveURL.path, module: entry.name)))
                continue
            case .failure(let failure):
                findings.append(Finding(
                    code: "origin.unreadable-archive", severity: .error,
                    message: "the archive \(failure.reason)", location: .init(file: archiveURL.path, module: entry.name)))
                continue
            }
            findings += ModuleValidator.validate(
                archive: bytes, entry: entry, manifest: manifest, context: context, file: archiveURL.path
            ).findings
        }
        return Report(
            subject: "origin \(manifest.appVersion) revision \(manifest.revision)", findings: findings,
            modulesChecked: manifest.modules.count)
    }

    static func validateTableArtifact(_ data: Data, file: String, context: ValidationContext) -> [Finding] {
        let artifact: TableArtifact
        var findings: [Finding]
        do {
            let decoded = try TableArtifact.decodeWithWarnings(data)
            artifact = decoded.value
            findings = decoded.warnings
        } catch {
            return [error.finding(file: file)]
        }
        if artifact.sourceHash != context.sourceHash {
            findings.append(Finding(
                code: "binding.source-hash", severity: .error,
                message: "the table was generated from a catalog with source hash \(artifact.sourceHash), the build ships \(context.sourceHash)",
                location: .init(file: file, module: artifact.module, locale: artifact.locale, table: artifact.table)))
        }
        var table = CatalogTable(name: artifact.table, strings: artifact.strings, plurals: artifact.stringsdictEntries, files: [file])
        for key in table.keys { table.origins[key] = KeyOrigin(file: file) }
        let shipped = context.shipped?.modules[artifact.module]
        let overlay = CatalogModule(
            name: artifact.module, developmentRegion: shipped?.developmentRegion ?? "en",
            localizations: [artifact.locale: CatalogLocalization(
                identifier: artifact.locale, directoryName: "\(artifact.locale).lproj", tables: [artifact.table: table])])
        findings += OverlayContentValidator.validate(overlay, shipped: shipped, limits: context.limits, strictFormats: context.strictFormats)
        return findings
    }
}
