package import Foundation

/// One entry of a signature file's `signatures` list: `{"keyid": …, "alg": "ed25519", "sig": <base64>}`.
package struct SignatureRecord: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the signer's raw 32-byte public key.
    package var keyid: String
    /// The algorithm; only `ed25519` is accepted.
    package var alg: String
    /// The signature, standard base64 with padding.
    package var sig: String

    package init(keyid: String, alg: String, sig: String) {
        self.keyid = keyid
        self.alg = alg
        self.sig = sig
    }

    /// The algorithm name signature files use for Ed25519.
    package static let ed25519Algorithm = "ed25519"
}

/// The public keys a client trusts to sign manifests, and how many of them must sign.
///
/// Rules (DESIGN.md "Signature file"): each trusted key counts at most once however many records name it;
/// records for unknown key IDs and for algorithms other than `ed25519` are ignored; a trusted key's record
/// whose signature is not canonical base64 of 64 bytes, or does not verify, is not counted. Fails closed:
/// with no trusted keys, or fewer valid distinct signers than the threshold, nothing is trusted.
///
/// ```swift
/// let trusted = try TrustedKeys([releaseKey, nextReleaseKey], threshold: 1)
/// let verdict = trusted.verify(message: manifestBytes, signatures: records)
/// guard verdict.isThresholdMet else { throw … }
/// ```
public struct TrustedKeys: Sendable {
    /// The trusted keys by key ID (duplicates given to `init` collapse into one).
    public let keys: [String: Ed25519PublicKey]
    /// How many distinct trusted keys must have signed.
    public let threshold: Int

    /// Trusts `keys`, requiring `threshold` distinct valid signers.
    ///
    /// A threshold above the number of distinct keys is accepted and can never be met (fail closed).
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
        _ record: SignatureRecord,
        message: Data,
        alreadyCounted: [String]
    ) -> SignatureVerdict.Disposition {
        guard record.alg == SignatureRecord.ed25519Algorithm else { return .unsupportedAlgorithm }
        // Exact match: key IDs are lowercase hex, anything else names no trusted key.
        guard let key = keys[record.keyid] else { return .unknownKey }
        // A key that already counted cannot count again; skip the verify so repeated records cost nothing.
        guard !alreadyCounted.contains(record.keyid) else { return .duplicateKey }
        guard let signature = Base64.decode(record.sig), signature.count == Ed25519.signatureLength else {
            return .malformedSignature
        }
        return key.isValidSignature(signature, for: message) ? .counted : .invalidSignature
    }
}

/// The result of checking a signature file against ``TrustedKeys``.
package struct SignatureVerdict: Sendable, Equatable {
    /// What happened to one signature record.
    package enum Disposition: String, Sendable, Hashable {
        /// A valid signature by a trusted key, counted toward the threshold.
        case counted = "counted"
        /// The key already counted (an earlier record by the same key verified); not checked again.
        case duplicateKey = "duplicate-key"
        /// The key ID names no trusted key; ignored.
        case unknownKey = "unknown-key"
        /// `alg` is not `ed25519`; ignored.
        case unsupportedAlgorithm = "unsupported-algorithm"
        /// A trusted key's `sig` is not canonical base64 of 64 bytes; not counted.
        case malformedSignature = "malformed-signature"
        /// A trusted key's signature does not verify over these bytes; not counted.
        case invalidSignature = "invalid-signature"
    }

    /// One record's key ID, algorithm and disposition, in file order.
    package struct Outcome: Sendable, Equatable {
        package var keyid: String
        package var alg: String
        package var disposition: Disposition
    }

    /// Key IDs of the distinct trusted keys whose signatures verified, in the order they were counted.
    package let signerKeyIDs: [String]
    /// How many distinct trusted keys had to sign.
    package let threshold: Int
    /// Every record's outcome, in the order of the signature file.
    package let outcomes: [Outcome]

    /// How many distinct trusted keys signed validly.
    package var validSignerCount: Int { signerKeyIDs.count }

    /// Whether at least ``threshold`` distinct trusted keys signed validly: the only "trusted" answer.
    package var isThresholdMet: Bool { threshold >= 1 && validSignerCount >= threshold }

    /// Whether some trusted key's record was malformed or did not verify (worth a warning even when the
    /// threshold is met: a key may be misconfigured or a signature tampered with).
    package var hasRejectedTrustedSignature: Bool {
        outcomes.contains { $0.disposition == .malformedSignature || $0.disposition == .invalidSignature }
    }
}
