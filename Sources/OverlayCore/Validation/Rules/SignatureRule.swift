import Foundation

/// Authenticity of a manifest: the signature file is read and the threshold of trusted Ed25519 keys checked over
/// the manifest's raw bytes, before the manifest itself is parsed. Fails closed: no signature file, a malformed
/// one, or too few valid trusted signatures is a rejection.
enum SignatureRule {
    static func check(
        manifest: Data, signatureFile: Data?, keys: TrustedKeys, limits: ValidationLimits, file: String
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
        let records = decoded.signatures.map { SignatureRecord(keyid: $0.keyid, alg: $0.alg, sig: $0.sig) }
        let verdict = keys.verify(message: manifest, signatures: records)
        guard verdict.isThresholdMet else {
            let reasons = verdict.outcomes.map { "\($0.keyid.prefix(12))…: \($0.disposition.rawValue)" }.joined(separator: ", ")
            return [Finding(
                code: "signature.threshold", severity: .error,
                message: "\(verdict.validSignerCount) of the required \(verdict.threshold) trusted signature(s) verify over the manifest's bytes (\(reasons.isEmpty ? "no records" : reasons)); the manifest was changed or signed by a key this build does not trust",
                location: location)]
        }
        return []
    }
}
