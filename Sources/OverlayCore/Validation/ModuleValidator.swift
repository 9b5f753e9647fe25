package import Foundation

/// The outcome of checking one module archive: its files and parsed tables when it may be activated.
package struct ModuleVerdict: Sendable {
    package var module: String
    /// Relative path → bytes, ready to be written as a revision directory.
    package var files: [String: Data]?
    /// The overlay's tables, parsed strictly.
    package var content: CatalogModule?
    package var header: ModuleHeader?
    package var findings: [Finding]

    package var isAccepted: Bool { files != nil && findings.isAcceptable }
}

/// Checks a module archive: integrity against its manifest entry before parsing, ZIP structure, header binding,
/// strict table parsing, then content against the build's shipped catalog.
package enum ModuleValidator {
    /// Validates an archive fetched for `entry` of an accepted `manifest`.
    ///
    /// `retainingContent` false (the publisher's self-check) parses and checks the archive one `.lproj` at a time and
    /// keeps neither its files nor its tables: the same findings, without a second copy of a large catalog in memory.
    package static func validate(
        archive bytes: Data, entry: Manifest.Module, manifest: Manifest, context: ValidationContext,
        file: String? = nil, retainingContent: Bool = true
    ) -> ModuleVerdict {
        let file = file ?? entry.path
        var verdict = ModuleVerdict(module: entry.name, findings: [])
        if manifest.isRevoked(module: entry.name, sha256: entry.sha256) {
            verdict.findings.append(Finding(
                code: "revoked", severity: .error,
                message: "archive \(entry.sha256) of \(entry.name) is revoked by the manifest and is never activated",
                location: .init(file: file, module: entry.name)))
            return verdict
        }
        guard bytes.count <= context.limits.maxArchiveBytes else {
            verdict.findings.append(Finding(
                code: "size.archive", severity: .error,
                message: "the archive is \(bytes.count) bytes, over the \(context.limits.maxArchiveBytes)-byte cap",
                location: .init(file: file, module: entry.name)))
            return verdict
        }
        verdict.findings = ArchiveDigestRule.check(Array(bytes), entry: entry, file: file)
        guard verdict.findings.isAcceptable else { return verdict }
        return validateContents(
            bytes, expectedModule: entry.name, expectedRevision: entry.revision, context: context, file: file,
            retainingContent: retainingContent)
    }

    /// Validates an archive on its own (no manifest: authenticity cannot be checked), e.g. `overlay validate x.zip`.
    package static func validateContents(
        _ bytes: Data, expectedModule: String?, expectedRevision: Int?, context: ValidationContext, file: String,
        retainingContent: Bool = true
    ) -> ModuleVerdict {
        var verdict = ModuleVerdict(module: expectedModule ?? "?", findings: [])
        // Kept: every file extracted at once. Not kept: the archive checked whole, then extracted a folder at a time.
        let files: [String: Data]
        var folders: [[ZIPEntry]] = []
        var archive: ZIPArchive?
        if retainingContent {
            let extracted = ArchiveStructureRule.extract(bytes, limits: context.limits, file: file, module: expectedModule)
            verdict.findings += extracted.findings
            guard let extractedFiles = extracted.files else { return verdict }
            files = extractedFiles
        } else {
            let opened = ArchiveStructureRule.open(bytes, limits: context.limits, file: file, module: expectedModule)
            verdict.findings += opened.findings
            guard let openedArchive = opened.archive else { return verdict }
            archive = openedArchive
            folders = byFolder(openedArchive.entries.filter { !$0.isDirectory })
            files = openedArchive.entries.first { $0.name == ModuleHeader.fileName }
                .flatMap { try? openedArchive.extract($0) }.map { [ModuleHeader.fileName: $0] } ?? [:]
        }
        let (header, headerFindings) = ModuleHeaderRule.check(
            files, expectedModule: expectedModule, expectedRevision: expectedRevision, sourceHash: context.sourceHash,
            file: file)
        verdict.findings += headerFindings
        guard let header else { return verdict }
        verdict.module = header.module
        // Each `.lproj` is read and judged on its own (the rules never look across locales); all of them at once
        // when the caller keeps the parsed module.
        var parseFindings: [Finding] = []
        var contentFindings: [Finding] = []
        var content: CatalogModule?
        for index in 0..<(archive == nil ? 1 : folders.count) {
            // Every entry inflated without error moments ago in `open`: the same bytes inflate again.
            let folder = archive.map { archive in
                Dictionary(folders[index].compactMap { entry in (try? archive.extract(entry)).map { (entry.name, $0) } }) { $1 }
            } ?? files
            let parsed = CatalogLoader.module(
                named: header.module, developmentRegion: header.developmentRegion, files: folder, mode: .strict)
            parseFindings += parsed.findings.map { finding in
                var located = finding
                if let path = located.location.file { located.location.file = "\(file):\(path)" }
                return located
            }
            if let shipped = context.shipped {
                contentFindings += OverlayContentValidator.validate(
                    parsed.module, shipped: shipped.modules[header.module], limits: context.limits,
                    strictFormats: context.strictFormats)
            }
            if retainingContent { content = parsed.module }
        }
        verdict.findings += parseFindings + contentFindings
        if let shipped = context.shipped {
            if shipped.modules[header.module] == nil {
                verdict.findings.append(Finding(
                    code: "binding.unknown-module", severity: .error,
                    message: "the build ships no module \(header.module); an overlay can only change shipped modules",
                    location: .init(file: file, module: header.module)))
            }
        }
        guard verdict.findings.isAcceptable else { return verdict }
        verdict.files = retainingContent ? files : [:]
        verdict.content = content
        verdict.header = header
        return verdict
    }

    /// The entries of each top-level folder (`fr.lproj/…`), folders in byte order.
    static func byFolder(_ entries: [ZIPEntry]) -> [[ZIPEntry]] {
        var groups: [String: [ZIPEntry]] = [:]
        for entry in entries { groups[String(entry.name.split(separator: "/").first ?? ""), default: []].append(entry) }
        return groups.keys.sorted(by: String.utf8Precedes).compactMap { groups[$0] }
    }
}
