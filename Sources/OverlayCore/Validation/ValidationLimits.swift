public import Foundation

/// Byte and count caps every artifact is checked against before anything is written, and the clock skew a manifest's
/// times may have. The publisher checks its own output against the same values (``CatalogNameRules``, then the
/// client's validators), so it never emits what a client refuses.
public struct ValidationLimits: Sendable, Hashable {
    public var maxManifestBytes = 1 << 20
    public var maxSignatureBytes = 64 << 10
    public var maxArchiveBytes = 16 << 20
    public var maxInflatedBytes = 64 << 20
    public var maxCompressionRatio = 100
    public var maxArchiveEntries = 4096
    public var maxKeyBytes = 1024
    public var maxValueBytes = 64 << 10
    /// How far ahead of this clock a manifest's `published_at` may be (another machine's clock runs fast): 1 hour.
    /// A later one is refused, so a validly signed manifest dated in the future cannot outlive its validity window.
    public var maxClockSkew: TimeInterval = 3_600

    public init() {}

    public static let `default` = ValidationLimits()
}
