/// Byte caps and the nesting limit applied before and while decoding wire artifacts.
package struct ArtifactLimits: Sendable, Hashable {
    /// Largest accepted `manifest.json`, in bytes.
    package var manifestBytes: Int
    /// Largest accepted signature file (`signatures/<hex>.sig`), in bytes.
    package var signatureBytes: Int
    /// Largest accepted `overlay-module.json`, in bytes.
    package var moduleHeaderBytes: Int
    /// Largest accepted table artifact, in bytes.
    package var tableArtifactBytes: Int
    /// Largest accepted `cache-headers.json`, in bytes.
    package var cacheHeadersBytes: Int
    /// Deepest accepted nesting of arrays and objects; a flat object has depth 1. The deepest valid
    /// artifact (a table artifact's plural variable) needs 5.
    package var maxDepth: Int

    package init(
        manifestBytes: Int = 1 << 20, signatureBytes: Int = 64 << 10, moduleHeaderBytes: Int = 64 << 10,
        tableArtifactBytes: Int = 8 << 20, cacheHeadersBytes: Int = 64 << 10, maxDepth: Int = 8
    ) {
        self.manifestBytes = manifestBytes
        self.signatureBytes = signatureBytes
        self.moduleHeaderBytes = moduleHeaderBytes
        self.tableArtifactBytes = tableArtifactBytes
        self.cacheHeadersBytes = cacheHeadersBytes
        self.maxDepth = maxDepth
    }

    /// Manifest 1 MiB, signature file 64 KiB, module header 64 KiB, table artifact 8 MiB,
    /// cache headers 64 KiB, depth 8.
    package static let `default` = ArtifactLimits()
}
