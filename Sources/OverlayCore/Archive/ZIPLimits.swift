/// Caps the ZIP reader enforces before it allocates or inflates anything.
///
/// ```swift
/// var limits = ZIPLimits.default
/// limits.maxEntries = 64
/// let archive = try ZIPArchive(data: bytes, limits: limits)
/// ```
package struct ZIPLimits: Sendable, Hashable {
    /// Largest archive accepted, in bytes.
    package var maxArchiveBytes: Int
    /// Most entries (files and directories) accepted.
    package var maxEntries: Int
    /// Largest declared uncompressed size of one entry, in bytes.
    package var maxEntryBytes: Int
    /// Largest sum of declared uncompressed sizes over all entries, in bytes.
    package var maxTotalInflatedBytes: Int
    /// Largest uncompressed-to-compressed size ratio of one entry (100 means 1 byte may inflate to 100).
    package var maxRatio: Int
    /// Longest entry name accepted, in UTF-8 bytes.
    package var maxNameLength: Int

    /// Creates limits.
    package init(maxArchiveBytes: Int, maxEntries: Int, maxEntryBytes: Int, maxTotalInflatedBytes: Int, maxRatio: Int, maxNameLength: Int) {
        self.maxArchiveBytes = maxArchiveBytes
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalInflatedBytes = maxTotalInflatedBytes
        self.maxRatio = maxRatio
        self.maxNameLength = maxNameLength
    }

    /// Limits sized for module archives: 32 MiB archive, 4,096 entries, 16 MiB per entry, 128 MiB in all,
    /// ratio 100, names up to 255 bytes.
    package static let `default` = ZIPLimits(
        maxArchiveBytes: 32 << 20, maxEntries: 4_096, maxEntryBytes: 16 << 20,
        maxTotalInflatedBytes: 128 << 20, maxRatio: 100, maxNameLength: 255)
}
