/// Caps the ZIP reader enforces before it allocates or inflates anything.
package struct ZIPLimits: Sendable, Hashable {
    package var maxArchiveBytes: Int
    /// Files and directories.
    package var maxEntries: Int
    /// Of one entry's declared uncompressed size.
    package var maxEntryBytes: Int
    /// Of the sum of declared uncompressed sizes.
    package var maxTotalInflatedBytes: Int
    /// Uncompressed to compressed size of one entry (100: 1 byte may inflate to 100).
    package var maxRatio: Int
    /// In UTF-8 bytes.
    package var maxNameLength: Int

    /// Sized for module archives.
    package static let `default` = ZIPLimits(
        maxArchiveBytes: 32 << 20, maxEntries: 4_096, maxEntryBytes: 16 << 20,
        maxTotalInflatedBytes: 128 << 20, maxRatio: 100, maxNameLength: 255)
}
