import Foundation

/// A module archive is read by the hardened ZIP reader under the validation caps, may hold only the module layout,
/// and is extracted in memory; any ZIP defect rejects it whole.
enum ArchiveStructureRule {
    static func extract(_ bytes: Data, limits: ValidationLimits, file: String, module: String?) -> (files: [String: Data]?, findings: [Finding]) {
        do {
            let archive = try ZIPArchive(data: bytes, limits: zipLimits(limits))
            // Inflate (bounded by the caps) before the layout check, so a damaged archive is reported as damaged.
            let files = try archive.extractAll().filter { !$0.key.hasSuffix("/") }
            try ModuleArchiveLayout.validate(archive)
            return (files, [])
        } catch {
            return (nil, [finding(error, file: file, module: module)])
        }
    }

    /// The same checks as ``extract(_:limits:file:module:)``, every entry inflated and its bytes dropped: the archive,
    /// for a caller that extracts one folder at a time (the publisher's self-check of a large catalog).
    static func open(_ bytes: Data, limits: ValidationLimits, file: String, module: String?) -> (archive: ZIPArchive?, findings: [Finding]) {
        do {
            let archive = try ZIPArchive(data: bytes, limits: zipLimits(limits))
            for entry in archive.entries where !entry.isDirectory { _ = try archive.extract(entry) }
            try ModuleArchiveLayout.validate(archive)
            return (archive, [])
        } catch {
            return (nil, [finding(error, file: file, module: module)])
        }
    }

    private static func zipLimits(_ limits: ValidationLimits) -> ZIPLimits {
        ZIPLimits(
            maxArchiveBytes: limits.maxArchiveBytes, maxEntries: limits.maxArchiveEntries,
            maxEntryBytes: limits.maxInflatedBytes, maxTotalInflatedBytes: limits.maxInflatedBytes,
            maxRatio: limits.maxCompressionRatio, maxNameLength: 255)
    }

    private static func finding(_ error: ZIPError, file: String, module: String?) -> Finding {
        Finding(
            code: error.code.rawValue, severity: .error, message: error.message,
            location: .init(file: error.entryName.map { "\(file):\($0)" } ?? file, module: module))
    }
}
