package import Foundation

/// The outcome of checking a manifest: the decoded manifest when nothing was an error, and every finding.
package struct ManifestVerdict: Sendable {
    package var manifest: Manifest?
    /// SHA-256 of the manifest's raw bytes (names its signature file).
    package var sha256: String
    package var findings: [Finding]

    package var isAccepted: Bool { manifest != nil && findings.isAcceptable }
}

/// Verify before you parse: size cap, then the signature threshold over the raw bytes, then strict decoding,
/// then binding to the build and freeze protection.
package enum ManifestValidator {
    package static func validate(
        manifest bytes: Data, signatureFile: Data?, context: ValidationContext, file: String = "manifest.json"
    ) -> ManifestVerdict {
        let sha256 = SHA256.hash(bytes).hex
        func rejected(_ findings: [Finding]) -> ManifestVerdict {
            ManifestVerdict(manifest: nil, sha256: sha256, findings: findings)
        }
        guard bytes.count <= context.limits.maxManifestBytes else {
            return rejected([Finding(
                code: "size.manifest", severity: .error,
                message: "the manifest is \(bytes.count) bytes, over the \(context.limits.maxManifestBytes)-byte cap",
                location: .init(file: file))])
        }
        let authenticity = SignatureRule.check(
            manifest: bytes, signatureFile: signatureFile, keys: context.trustedKeys, limits: context.limits, file: file)
        guard authenticity.isAcceptable else { return rejected(authenticity) }

        var limits = ArtifactLimits.default
        limits.manifestBytes = context.limits.maxManifestBytes
        let manifest: Manifest
        var findings: [Finding]
        do {
            let decoded = try Manifest.decodeWithWarnings(bytes, limits: limits)
            manifest = decoded.value
            findings = decoded.warnings.map { warning in
                var located = warning
                located.location.file = file
                return located
            }
        } catch {
            return rejected([error.finding(file: file)])
        }
        findings += ManifestBindingRule.check(manifest, context: context, file: file)
        findings += ExpiryRule.check(
            manifest, now: context.now, maxAge: context.maxManifestAge, maxClockSkew: context.limits.maxClockSkew,
            file: file)
        return ManifestVerdict(manifest: findings.isAcceptable ? manifest : nil, sha256: sha256, findings: findings)
    }
}
