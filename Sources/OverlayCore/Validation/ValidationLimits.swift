package import Foundation

/// Byte and count caps every artifact is checked against before anything is written, and the clock skew a manifest's
/// times may have. The publisher checks its own output against the same values (``CatalogNameRules``, then the
/// client's validators), so it never emits what a client refuses.
package struct ValidationLimits: Sendable, Hashable {
    package var maxManifestBytes = 1 << 20
    package var maxSignatureBytes = 64 << 10
    package var maxArchiveBytes = 16 << 20
    package var maxInflatedBytes = 64 << 20
    package var maxCompressionRatio = 100
    package var maxArchiveEntries = 4096
    package var maxKeyBytes = 1024
    package var maxValueBytes = 64 << 10
    /// What one rendering of a value may cost (``RenderBoundRule``): never above the renderer's ``RenderBounds``, or
    /// devices would refuse at render time what validation accepted.
    package var maxRenderExpansion = RenderBounds.maximumExpansion
    package var maxFieldWidth = RenderBounds.maximumField
    package var maxRenderedTextBytes = RenderBounds.maximumTextBytes
    /// How far ahead of this clock a manifest's `published_at` may be (another machine's clock runs fast): 1 hour.
    /// A later one is refused, so a validly signed manifest dated in the future cannot outlive its validity window.
    package var maxClockSkew: TimeInterval = 3_600

    package init() {}

    package static let `default` = ValidationLimits()
}
