package import Foundation

/// Caps every artifact is checked against before anything is written. The publisher checks its output against the
/// same values, so it never emits what a client refuses.
package struct ValidationLimits: Sendable, Hashable {
    package var maxManifestBytes = 1 << 20
    package var maxSignatureBytes = 64 << 10
    package var maxArchiveBytes = 16 << 20
    package var maxInflatedBytes = 64 << 20
    package var maxCompressionRatio = 100
    package var maxArchiveEntries = 4096
    package var maxKeyBytes = 1024
    package var maxValueBytes = 64 << 10
    /// How far ahead of this clock a manifest's `published_at` may be: a manifest dated in the future would outlive
    /// its validity window.
    package var maxClockSkew: TimeInterval = 3_600

    package init() {}

    package static let `default` = ValidationLimits()
}
