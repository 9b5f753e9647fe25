package import Foundation

/// The outcome of checking one module archive: its files and parsed tables when it may be activated.
package struct ModuleVerdict: Sendable {
    package var module: String
    /// Relative path → bytes.
    package var files: [String: Data]?
    package var content: CatalogModule?
    package var header: ModuleHeader?
    package var findings: [Finding]

    package init(module: String, findings: [Finding]) {
        self.module = module
        self.findings = findings
    }

    package var isAccepted: Bool { files != nil && findings.isAcceptable }
}

/// Checks a module archive: integrity against its manifest entry before parsing, ZIP structure, header binding,
/// strict table parsing, then content against the build's shipped catalog.
package enum ModuleValidator {
    package static func validate(
        archive bytes: Data, entry: Manifest.Module, manifest: Manifest, context: ValidationContext, file: String? = nil
    ) -> ModuleVerdict {
        let file = file ?? entry.path
        let integrity = checkIntegrity(bytes, entry: entry, manifest: manifest, context: context, file: file)
        guard integrity.isEmpty else { return ModuleVerdict(module: entry.name, findings: integrity) }
        return validateContents(
            bytes, expectedModule: entry.name, expectedRevision: entry.revision, context: context, file: file)
    }

    /// An archive on its own (no manifest: authenticity cannot be checked).
    package static func validateContents(
        _ bytes: Data, expectedModule: String?, expectedRevision: Int?, context: ValidationContext, file: String
    ) -> ModuleVerdict {
        var verdict = ModuleVerdict(module: expectedModule ?? "?", findings: [])
        let files: [String: Data]
        do {
            files = try open(bytes, limits: context.limits)
        } catch {
            verdict.findings.append(openFailure(error, file: file, module: expectedModule))
            return verdict
        }
        let (header, headerFindings) = checkHeader(
            files, expectedModule: expectedModule, expectedRevision: expectedRevision, sourceHash: context.sourceHash,
            file: file)
        verdict.findings += headerFindings
        guard let header else { return verdict }
        verdict.module = header.module
        let parsed = checkFolders(files, header: header, context: context, file: file)
        verdict.findings += parsed.parseFindings + parsed.contentFindings
        verdict.findings += unknownModule(header, context: context, file: file)
        guard verdict.findings.isAcceptable else { return verdict }
        verdict.files = files
        verdict.content = parsed.module
        verdict.header = header
        return verdict
    }

    /// Revoked, over the cap, or not the bytes the signed manifest lists: nothing of the archive is parsed.
    ///
    /// Mix-and-match protection: the archive's size and SHA-256 must equal what the signed manifest lists, compared in
    /// constant time, before a single byte of it is parsed.
    package static func checkIntegrity(
        _ bytes: Data, entry: Manifest.Module, manifest: Manifest, context: ValidationContext, file: String
    ) -> [Finding] {
        let location = Finding.Location(file: file, module: entry.name)
        if manifest.isRevoked(module: entry.name, sha256: entry.sha256) {
            return [Finding(
                code: "revoked", severity: .error,
                message: "archive \(entry.sha256) of \(entry.name) is revoked by the manifest and is never activated",
                location: location)]
        }
        guard bytes.count <= context.limits.maxArchiveBytes else {
            return [Finding(
                code: "size.archive", severity: .error,
                message: "the archive is \(bytes.count) bytes, over the \(context.limits.maxArchiveBytes)-byte cap",
                location: location)]
        }
        guard bytes.count == entry.size else {
            return [Finding(
                code: "integrity.size", severity: .error,
                message: "the archive is \(bytes.count) bytes, the manifest says \(entry.size); it was truncated, replaced or mixed with another publish",
                location: location)]
        }
        guard SHA256.hash(Array(bytes)).constantTimeEquals(hex: entry.sha256) else {
            return [Finding(
                code: "integrity.sha256", severity: .error,
                message: "the archive's SHA-256 differs from the manifest's \(entry.sha256); it was tampered with or mixed with another publish",
                location: location)]
        }
        return []
    }

    package static func openFailure(_ error: ZIPError, file: String, module: String?) -> Finding {
        Finding(
            code: error.code.rawValue, severity: .error, message: error.message,
            location: .init(file: error.entryName.map { "\(file):\($0)" } ?? file, module: module))
    }

    /// Parses `files` (all of a module, or one of its folders: the rules never look across locales) and checks them
    /// against the shipped module.
    package static func checkFolders(
        _ files: [String: Data], header: ModuleHeader, context: ValidationContext, file: String
    ) -> (module: CatalogModule?, parseFindings: [Finding], contentFindings: [Finding]) {
        let parsed = CatalogLoader.module(
            named: header.module, developmentRegion: header.developmentRegion, files: files, mode: .strict)
        let parseFindings = parsed.findings.map { finding in
            var located = finding
            if let path = located.location.file { located.location.file = "\(file):\(path)" }
            return located
        }
        guard let shipped = context.shipped else { return (parsed.module, parseFindings, []) }
        let contentFindings = OverlayContentValidator.validate(
            parsed.module, shipped: shipped.modules[header.module], limits: context.limits,
            strictFormats: context.strictFormats)
        return (parsed.module, parseFindings, contentFindings)
    }

    package static func unknownModule(_ header: ModuleHeader, context: ValidationContext, file: String) -> [Finding] {
        guard let shipped = context.shipped, shipped.modules[header.module] == nil else { return [] }
        return [Finding(
            code: "binding.unknown-module", severity: .error,
            message: "the build ships no module \(header.module); an overlay can only change shipped modules",
            location: .init(file: file, module: header.module))]
    }

    /// The archive's files read by the hardened ZIP reader under the validation caps, every entry inflated before the
    /// layout check, so a damaged archive is reported as damaged.
    package static func open(_ bytes: Data, limits: ValidationLimits) throws(ZIPError) -> [String: Data] {
        let archive = try zipArchive(bytes, limits: limits)
        let files = try archive.extractAll().filter { !$0.key.hasSuffix("/") }
        try ModuleArchiveLayout.validate(archive)
        return files
    }

    package static func zipArchive(_ bytes: Data, limits: ValidationLimits) throws(ZIPError) -> ZIPArchive {
        try ZIPArchive(
            data: bytes,
            limits: ZIPLimits(
                maxArchiveBytes: limits.maxArchiveBytes, maxEntries: limits.maxArchiveEntries,
                maxEntryBytes: limits.maxInflatedBytes, maxTotalInflatedBytes: limits.maxInflatedBytes,
                maxRatio: limits.maxCompressionRatio, maxNameLength: 255))
    }

    /// `overlay-module.json` must be present and bound to where the archive came from: the module and revision the
    /// manifest lists, and the build's source hash.
    package static func checkHeader(
        _ files: [String: Data], expectedModule: String?, expectedRevision: Int?, sourceHash: String, file: String
    ) -> (header: ModuleHeader?, findings: [Finding]) {
        let location = Finding.Location(file: "\(file):\(ModuleHeader.fileName)", module: expectedModule)
        guard let data = files[ModuleHeader.fileName] else {
            return (nil, [Finding(
                code: "archive.missing-header", severity: .error,
                message: "the archive has no \(ModuleHeader.fileName); it was not made by 'overlay publish'", location: location)])
        }
        let header: ModuleHeader
        do {
            header = try ModuleHeader.decode(data)
        } catch {
            return (nil, [error.finding(file: location.file)])
        }
        var findings: [Finding] = []
        if let expectedModule, header.module != expectedModule {
            findings.append(Finding(
                code: "binding.module", severity: .error,
                message: "the archive holds module \(header.module), the manifest lists it as \(expectedModule)",
                location: location))
        }
        if let expectedRevision, header.revision != expectedRevision {
            findings.append(Finding(
                code: "binding.revision", severity: .error,
                message: "the archive's header says revision \(header.revision), the manifest says \(expectedRevision); it belongs to another publish",
                location: location))
        }
        if header.sourceHash != sourceHash {
            findings.append(Finding(
                code: "binding.source-hash", severity: .error,
                message: "the archive was built from a catalog with source hash \(header.sourceHash), this build ships \(sourceHash)",
                location: location))
        }
        return (findings.isAcceptable ? header : nil, findings)
    }
}
