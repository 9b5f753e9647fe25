import Foundation
public import OverlayCore

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
    public static func validate(path: String, context: ValidationContext, appVersion: String?) throws -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolError("\(path): no such file or directory")
        }
        if isDirectory.boolValue {
            return try validateOrigin(URL(fileURLWithPath: path), context: context, appVersion: appVersion)
        }
        let url = URL(fileURLWithPath: path)
        let data = try Data(contentsOf: url)
        if url.pathExtension == "zip" {
            let verdict = ModuleValidator.validateContents(
                data, expectedModule: nil, expectedRevision: nil, context: context, file: path)
            var findings = verdict.findings
            findings.append(Finding(
                code: "authenticity.not-checked", severity: .warning,
                message: "a lone archive carries no signature: validate the origin folder to check it against its signed manifest",
                location: .init(file: path)))
            return Report(subject: "module archive", findings: findings, modulesChecked: 1)
        }
        if url.lastPathComponent == "manifest.json" {
            return try validateVersionFolder(url.deletingLastPathComponent(), context: context, label: path)
        }
        return Report(subject: "table artifact", findings: validateTableArtifact(data, file: path, context: context), modulesChecked: 0)
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
        guard let manifestBytes = FileManager.default.contents(atPath: manifestURL.path) else {
            throw ToolError("\(manifestURL.path): cannot read the manifest")
        }
        let sha256 = SHA256.hash(manifestBytes).hex
        let signature = FileManager.default.contents(atPath: folder.appendingPathComponent("signatures/\(sha256).sig").path)
        let verdict = ManifestValidator.validate(
            manifest: manifestBytes, signatureFile: signature, context: context, file: manifestURL.path)
        var findings = verdict.findings
        guard let manifest = verdict.manifest else {
            return Report(subject: "origin \(folder.lastPathComponent)", findings: findings, modulesChecked: 0)
        }
        for entry in manifest.modules {
            let archiveURL = folder.appendingPathComponent(entry.path)
            guard let bytes = FileManager.default.contents(atPath: archiveURL.path) else {
                findings.append(Finding(
                    code: "origin.missing-archive", severity: .error,
                    message: "the manifest lists \(entry.path) but the origin has no such file; upload the archives before the manifest",
                    location: .init(file: archiveURL.path, module: entry.name)))
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
