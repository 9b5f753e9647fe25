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
        let signatureFindings = authenticity(
            manifest: bytes, signatureFile: signatureFile, trustedKeys: context.trustedKeys, limits: context.limits,
            file: file)
        guard signatureFindings.isAcceptable else { return rejected(signatureFindings) }

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
        findings += binding(manifest, context: context, file: file)
        findings += expiry(
            manifest, now: context.now, maxAge: context.maxManifestAge, maxClockSkew: context.limits.maxClockSkew,
            file: file)
        return ManifestVerdict(manifest: findings.isAcceptable ? manifest : nil, sha256: sha256, findings: findings)
    }

    /// Authenticity alone: the signature file's threshold of `trustedKeys` over the manifest's raw bytes, checked
    /// before the manifest is parsed. Fails closed: no signature file, a malformed one, or too few valid trusted
    /// signatures. A publisher continuing an origin's numbering calls it on its current manifest, which may be
    /// expired or bound to another catalog and must still be genuine.
    package static func authenticity(
        manifest bytes: Data, signatureFile: Data?, trustedKeys: TrustedKeys, limits: ValidationLimits = .default,
        file: String
    ) -> [Finding] {
        let location = Finding.Location(file: file)
        guard let signatureFile else {
            return [Finding(
                code: "signature.missing", severity: .error,
                message: "no signature file for this manifest; publish signs every manifest — a missing one means a tampered or half-uploaded origin",
                location: location)]
        }
        var artifactLimits = ArtifactLimits.default
        artifactLimits.signatureBytes = limits.maxSignatureBytes
        let decoded: SignatureFile
        do {
            decoded = try SignatureFile.decode(signatureFile, limits: artifactLimits)
        } catch {
            var finding = error.finding(file: file)
            finding.code = "signature.malformed"
            finding.message = "the signature file is malformed: \(error.message)"
            return [finding]
        }
        let verdict = trustedKeys.verify(message: bytes, signatures: decoded.signatures)
        guard verdict.isThresholdMet else {
            let reasons = verdict.outcomes.map { "\($0.keyid.prefix(12))…: \($0.disposition.rawValue)" }.joined(separator: ", ")
            return [Finding(
                code: "signature.threshold", severity: .error,
                message: "\(verdict.validSignerCount) of the required \(verdict.threshold) trusted signature(s) verify over the manifest's bytes (\(reasons.isEmpty ? "no records" : reasons)); the manifest was changed or signed by a key this build does not trust",
                location: location)]
        }
        return []
    }

    /// A manifest must be for this build: the same app version and the same source hash.
    private static func binding(_ manifest: Manifest, context: ValidationContext, file: String) -> [Finding] {
        var findings: [Finding] = []
        let location = Finding.Location(file: file)
        if manifest.appVersion != context.appVersion {
            findings.append(Finding(
                code: "binding.app-version", severity: .error,
                message: "the manifest is for app version \(manifest.appVersion), this build is \(context.appVersion); publish for \(context.appVersion) or fetch from its folder",
                location: location))
        }
        if manifest.sourceHash != context.sourceHash {
            findings.append(Finding(
                code: "binding.source-hash", severity: .error,
                message: "the manifest was published from a catalog with source hash \(manifest.sourceHash), this build ships \(context.sourceHash); publish from the catalog this build was made with",
                location: location))
        }
        for module in manifest.modules where module.revision > manifest.revision {
            findings.append(Finding(
                code: "binding.module-revision", severity: .error,
                message: "module \(module.name) claims revision \(module.revision), later than the manifest's \(manifest.revision)",
                location: .init(file: file, module: module.name)))
        }
        return findings
    }

    /// Freeze protection: a manifest is valid only inside `published_at` … `expires_at` on this clock. Refused too:
    /// an expiry more than `maxAge` after publication (a replayed old manifest pinning clients to stale content), and
    /// a publication more than `maxClockSkew` ahead (a validly signed manifest dated 9999 would never expire).
    private static func expiry(_ manifest: Manifest, now: Date, maxAge: TimeInterval, maxClockSkew: TimeInterval, file: String)
        -> [Finding]
    {
        let location = Finding.Location(file: file)
        if manifest.publishedAt.timeIntervalSince(now) > maxClockSkew {
            return [Finding(
                code: "freeze.published-in-future", severity: .error,
                message: "the manifest says it was published at \(RFC3339.string(from: manifest.publishedAt)), more than \(duration(maxClockSkew)) ahead of this clock (\(RFC3339.string(from: now))); fix the publishing machine's clock (or this one's) and publish again",
                location: location)]
        }
        if manifest.expiresAt <= now {
            return [Finding(
                code: "freeze.expired", severity: .error,
                message: "the manifest expired at \(RFC3339.string(from: manifest.expiresAt)); publish again (a replayed old manifest looks like this)",
                location: location)]
        }
        if manifest.expiresAt.timeIntervalSince(manifest.publishedAt) > maxAge {
            return [Finding(
                code: "freeze.expiry-too-far", severity: .error,
                message: "the manifest expires \(RFC3339.string(from: manifest.expiresAt)), more than \(duration(maxAge)) after it was published; publish with a shorter --expires-in",
                location: location)]
        }
        return []
    }

    /// `90 days`, `1 hour`, `90 seconds`: whole units, never a trap on a huge or odd value.
    private static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e15 else { return "\(seconds) seconds" }
        let units: [(Double, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size && seconds.truncatingRemainder(dividingBy: size) == 0 {
            let count = Int(seconds / size)
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        if seconds >= 86_400 { return "\(Int(seconds / 86_400)) days" }
        let count = Int(seconds)
        return "\(count) second\(count == 1 ? "" : "s")"
    }
}
