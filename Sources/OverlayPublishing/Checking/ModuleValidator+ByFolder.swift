package import Foundation
package import OverlayCore

/// The publisher's self-check: the findings a device would report, with one `.lproj` extracted at a time and nothing
/// kept, so a large catalog is not held twice in publish's memory (after ``ModuleValidator/checkIntegrity``).
extension ModuleValidator {
    /// Accepted, its `files` are empty and its `content` nil.
    package static func validateContentsByFolder(
        _ bytes: Data, expectedModule: String?, expectedRevision: Int?, context: ValidationContext, file: String
    ) -> ModuleVerdict {
        var verdict = ModuleVerdict(module: expectedModule ?? "?", findings: [])
        let archive: ZIPArchive
        do {
            // Every entry is inflated once (and dropped) before the layout check, as in `open`, so a damaged archive
            // is refused whole before any folder is parsed.
            archive = try zipArchive(bytes, limits: context.limits)
            for entry in archive.entries where !entry.isDirectory { _ = try archive.extract(entry) }
            try ModuleArchiveLayout.validate(archive)
        } catch {
            verdict.findings.append(openFailure(error, file: file, module: expectedModule))
            return verdict
        }
        let headerFile = archive.entries.first(where: { $0.name == ModuleHeader.fileName })
            .flatMap { try? archive.extract($0) }.map { [ModuleHeader.fileName: $0] } ?? [:]
        let (header, headerFindings) = checkHeader(
            headerFile, expectedModule: expectedModule, expectedRevision: expectedRevision,
            sourceHash: context.sourceHash, file: file)
        verdict.findings += headerFindings
        guard let header else { return verdict }
        verdict.module = header.module
        var parseFindings: [Finding] = []
        var contentFindings: [Finding] = []
        for folder in byFolder(archive.entries.filter { !$0.isDirectory }) {
            let files = Dictionary(folder.compactMap { entry in (try? archive.extract(entry)).map { (entry.name, $0) } }) {
                $1
            }
            let checked = checkFolders(files, header: header, context: context, file: file)
            parseFindings += checked.parseFindings
            contentFindings += checked.contentFindings
        }
        verdict.findings += parseFindings + contentFindings + unknownModule(header, context: context, file: file)
        guard verdict.findings.isAcceptable else { return verdict }
        verdict.files = [:]
        verdict.header = header
        return verdict
    }

    /// Folders in byte order.
    static func byFolder(_ entries: [ZIPEntry]) -> [[ZIPEntry]] {
        var groups: [String: [ZIPEntry]] = [:]
        for entry in entries { groups[String(entry.name.split(separator: "/").first ?? ""), default: []].append(entry) }
        return groups.keys.sorted(by: String.utf8Precedes).compactMap { groups[$0] }
    }
}
