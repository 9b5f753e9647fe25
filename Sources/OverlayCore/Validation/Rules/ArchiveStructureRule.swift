import Foundation

/// A module archive is read by the hardened ZIP reader under the validation caps, may hold only the module layout,
/// and is extracted in memory; any ZIP defect rejects it whole.
enum ArchiveStructureRule {
    static func extract(_ bytes: Data, limits: ValidationLimits, file: String, module: String?) -> (files: [String: Data]?, findings: [Finding]) {
        let zipLimits = ZIPLimits(
            maxArchiveBytes: limits.maxArchiveBytes, maxEntries: limits.maxArchiveEntries,
            maxEntryBytes: limits.maxInflatedBytes, maxTotalInflatedBytes: limits.maxInflatedBytes,
            maxRatio: limits.maxCompressionRatio, maxNameLength: 255)
        do {
            let archive = try ZIPArchive(data: bytes, limits: zipLimits)
            // Inflate (bounded by the caps) before the layout check, so a damaged archive is reported as damaged.
            let files = try archive.extractAll().filter { !$0.key.hasSuffix("/") }
            try ModuleArchiveLayout.validate(archive)
            return (files, [])
        } catch {
            return (nil, [Finding(
                code: error.code.rawValue, severity: .error, message: error.message,
                location: .init(file: error.entryName.map { "\(file):\($0)" } ?? file, module: module))])
        }
    }
}
