/// Byte caps and the nesting limit applied before and while decoding wire artifacts.
package struct ArtifactLimits: Sendable, Hashable {
    /// Largest accepted `manifest.json`, in bytes.
    package var manifestBytes = 1 << 20
    /// Largest accepted signature file (`signatures/<hex>.sig`), in bytes.
    package var signatureBytes = 64 << 10
    /// Largest accepted `overlay-module.json`, in bytes.
    package var moduleHeaderBytes = 64 << 10
    /// Largest accepted table artifact, in bytes.
    package var tableArtifactBytes = 8 << 20
    /// Largest accepted `cache-headers.json`, in bytes.
    package var cacheHeadersBytes = 64 << 10
    /// Deepest accepted nesting of arrays and objects; a flat object has depth 1. The deepest valid
    /// artifact (a table artifact's plural variable) needs 5.
    package var maxDepth = 8

    /// Manifest 1 MiB, signature file 64 KiB, module header 64 KiB, table artifact 8 MiB,
    /// cache headers 64 KiB, depth 8.
    package static let `default` = ArtifactLimits()
}
