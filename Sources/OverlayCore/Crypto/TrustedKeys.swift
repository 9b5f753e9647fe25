package import Foundation

/// One entry of a signature file's `signatures` list: `{"keyid": …, "alg": "ed25519", "sig": <base64>}`.
/// The signature file's model too (``SignatureFile``): decoding checks its shape, ``TrustedKeys`` judges it.
package struct SignatureRecord: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the raw 32-byte public key.
    package var keyid: String
    /// The algorithm, e.g. `ed25519`; any non-empty string is accepted.
    package var alg: String
    /// The signature in canonical standard base64 with padding (``Base64``).
    package var sig: String

    package init(keyid: String, alg: String, sig: String) {
        self.keyid = keyid
        self.alg = alg
        self.sig = sig
    }

    package static let ed25519Algorithm = "ed25519"
}

/// The public keys a client trusts to sign manifests, and how many of them must sign (DESIGN.md "Signature file").
/// Fails closed: with no trusted keys, or fewer valid distinct signers than the threshold, nothing is trusted.
///
/// ```swift
/// let trusted = try TrustedKeys([releaseKey, nextReleaseKey], threshold: 1)
/// let verdict = trusted.verify(message: manifestBytes, signatures: records)
/// guard verdict.isThresholdMet else { throw … }
/// ```
public struct TrustedKeys: Sendable {
    /// The trusted keys by key ID.
    public let keys: [String: Ed25519PublicKey]
    /// How many distinct trusted keys must have signed.
    public let threshold: Int

    /// Trusts `keys`, requiring `threshold` distinct valid signers (a threshold above their number is never met).
    /// - Throws: ``CryptoError/Code/invalidThreshold`` when `threshold` is below 1.
    public init(_ keys: [Ed25519PublicKey], threshold: Int = 1) throws(CryptoError) {
        guard threshold >= 1 else {
            throw CryptoError(
                code: .invalidThreshold,
                message: "a signature threshold of \(threshold) would accept unsigned manifests; use 1 or more"
            )
        }
        var byID: [String: Ed25519PublicKey] = [:]
        for key in keys { byID[key.keyID] = key }
        self.keys = byID
        self.threshold = threshold
    }

    /// Checks `signatures` over the exact bytes of `message` and reports every record's fate.
    package func verify(message: Data, signatures: [SignatureRecord]) -> SignatureVerdict {
        var counted: [String] = []
        var outcomes: [SignatureVerdict.Outcome] = []
        outcomes.reserveCapacity(signatures.count)
        for record in signatures {
            let disposition = judge(record, message: message, alreadyCounted: counted)
            if disposition == .counted { counted.append(record.keyid) }
            outcomes.append(SignatureVerdict.Outcome(keyid: record.keyid, alg: record.alg, disposition: disposition))
        }
        return SignatureVerdict(signerKeyIDs: counted, threshold: threshold, outcomes: outcomes)
    }

    private func judge(
        _ record: SignatureRecord, message: Data, alreadyCounted: [String]
    ) -> SignatureVerdict.Disposition {
        guard record.alg == SignatureRecord.ed25519Algorithm else { return .unsupportedAlgorithm }
        guard let key = keys[record.keyid] else { return .unknownKey }
        // Skip the verify so repeated records cost nothing.
        guard !alreadyCounted.contains(record.keyid) else { return .duplicateKey }
        guard let signature = Base64.decode(record.sig), signature.count == Ed25519.signatureLength else {
            return .malformedSignature
        }
        return key.isValidSignature(signature, for: message) ? .counted : .invalidSignature
    }
}

/// The result of checking a signature file against ``TrustedKeys``.
package struct SignatureVerdict: Sendable, Equatable {
    /// What happened to one signature record; only `counted` counts toward the threshold.
    package enum Disposition: String, Sendable, Hashable {
        case counted = "counted"
        case duplicateKey = "duplicate-key"
        case unknownKey = "unknown-key"
        case unsupportedAlgorithm = "unsupported-algorithm"
        case malformedSignature = "malformed-signature"
        case invalidSignature = "invalid-signature"
    }

    package struct Outcome: Sendable, Equatable {
        package var keyid: String
        package var alg: String
        package var disposition: Disposition
    }

    /// The distinct trusted keys whose signatures verified, in the order they were counted.
    package let signerKeyIDs: [String]
    package let threshold: Int
    /// Every record's outcome, in file order.
    package let outcomes: [Outcome]

    package var validSignerCount: Int { signerKeyIDs.count }

    /// Whether at least ``threshold`` distinct trusted keys signed validly: the only "trusted" answer.
    package var isThresholdMet: Bool { threshold >= 1 && validSignerCount >= threshold }
}
