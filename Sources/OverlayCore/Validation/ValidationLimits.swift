/// Byte and count caps every artifact is checked against before anything is written.
public struct ValidationLimits: Sendable, Hashable {
    public var maxManifestBytes = 1 << 20
    public var maxSignatureBytes = 64 << 10
    public var maxArchiveBytes = 16 << 20
    public var maxInflatedBytes = 64 << 20
    public var maxCompressionRatio = 100
    public var maxArchiveEntries = 4096
    public var maxKeyBytes = 1024
    public var maxValueBytes = 64 << 10

    public init() {}

    public static let `default` = ValidationLimits()
}
