package import Foundation

/// What an artifact is checked against: the keys the build trusts, the build it must be bound to, its shipped
/// catalog, the caps, and the clock.
package struct ValidationContext: Sendable {
    package var trustedKeys: TrustedKeys
    package var appVersion: String
    package var sourceHash: String
    /// Nil skips the content rules.
    package var shipped: Catalog?
    package var limits: ValidationLimits
    package var now: Date
    /// The longest `published_at` … `expires_at` accepted (freeze attacks).
    package var maxManifestAge: TimeInterval
    /// Apple's strict format rule (numeric styles must match).
    package var strictFormats: Bool

    package init(
        trustedKeys: TrustedKeys, appVersion: String, sourceHash: String, shipped: Catalog? = nil,
        limits: ValidationLimits = .default, now: Date = Date(), maxManifestAge: TimeInterval = 90 * 86_400,
        strictFormats: Bool = false
    ) {
        self.trustedKeys = trustedKeys
        self.appVersion = appVersion
        self.sourceHash = sourceHash
        self.shipped = shipped
        self.limits = limits
        self.now = now
        self.maxManifestAge = maxManifestAge
        self.strictFormats = strictFormats
    }
}

extension ArtifactError {
    package func finding(file: String?) -> Finding {
        Finding(
            code: code.rawValue, severity: .error, message: message,
            location: .init(file: file, line: location?.line, column: location?.column))
    }
}

extension Array where Element == Finding {
    /// Every error, if any, is about a value the build already ships.
    package var isAcceptable: Bool { !contains { $0.isBlocking } }
}
