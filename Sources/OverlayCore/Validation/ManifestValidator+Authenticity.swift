package import Foundation

extension ManifestValidator {
    /// Only the authenticity step of ``validate(manifest:signatureFile:context:file:)``: the signature file's
    /// threshold of `trustedKeys` over the manifest's raw bytes. For a publisher continuing an origin's numbering
    /// from its current manifest, which may be expired or bound to another catalog and must still be genuine.
    package static func authenticity(
        manifest bytes: Data, signatureFile: Data?, trustedKeys: TrustedKeys, limits: ValidationLimits = .default,
        file: String
    ) -> [Finding] {
        SignatureRule.check(manifest: bytes, signatureFile: signatureFile, keys: trustedKeys, limits: limits, file: file)
    }
}
