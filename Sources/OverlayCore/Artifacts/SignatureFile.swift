package import Foundation

/// `signatures/<hex>.sig`, schema_version 1: signatures over the exact bytes of one manifest.json. Decoding checks
/// shape only; the verifier decides which signatures count.
package struct SignatureFile: Sendable, Equatable {
    package struct Signature: Sendable, Hashable {
        /// Lowercase hex SHA-256 of the raw 32-byte public key.
        package var keyid: String
        /// The algorithm, e.g. `ed25519`; any non-empty string is accepted.
        package var alg: String
        /// The signature in standard base64 with padding.
        package var sig: String

        package init(keyid: String, alg: String, sig: String) {
            self.keyid = keyid
            self.alg = alg
            self.sig = sig
        }

        /// The decoded signature bytes (``sig`` is checked to be valid base64 when decoded).
        package var signatureBytes: Data? { Data(base64Encoded: sig) }
    }

    /// At least one signature, in file order.
    package var signatures: [Signature]

    package init(signatures: [Signature]) {
        self.signatures = signatures
    }

    static let fileName = "signature file"

    /// Decodes a signature file; unknown fields are ignored (``decodeWithWarnings(_:limits:)`` reports them).
    /// - Throws: ``ArtifactError`` for bad JSON, no signatures, a key id that is not 64 lowercase hex digits,
    ///   an empty `alg`, or a `sig` that is not standard padded base64.
    package static func decode(_ data: Data, limits: ArtifactLimits = .default) throws(ArtifactError) -> SignatureFile {
        try decodeWithWarnings(data, limits: limits).value
    }

    /// Decodes a signature file, returning one `artifact.unknown-field` warning per ignored member.
    package static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits = .default
    ) throws(ArtifactError) -> (value: SignatureFile, warnings: [Finding]) {
        var decoder = ArtifactDecoder(artifact: fileName)
        let root = try decoder.root(data, maxBytes: limits.signatureBytes, maxDepth: limits.maxDepth)
        decoder.noteUnknownFields(of: root, known: ["schema_version", "signatures"])
        let list = try decoder.node(root, "signatures")
        let nodes = try decoder.json { () throws(JSONError) in try list.array() }
        guard !nodes.isEmpty else { throw decoder.invalid(list, "needs at least one signature; sign the manifest") }
        var file = SignatureFile(signatures: [])
        for node in nodes {
            let object = try decoder.json { () throws(JSONError) in try node.object() }
            decoder.noteUnknownFields(of: object, known: ["keyid", "alg", "sig"])
            let keyid = try decoder.hex64(object, "keyid")
            let alg = try decoder.nonEmptyString(object, "alg")
            let sig = try decoder.string(object, "sig", where: isPaddedBase64) {
                "expected standard base64 with padding, found \(decoder.quoted($0))"
            }
            file.signatures.append(Signature(keyid: keyid, alg: alg, sig: sig))
        }
        return (file, decoder.warnings)
    }

    /// Non-empty RFC 4648 §4 base64: `A-Z a-z 0-9 + /`, a length that is a multiple of 4, at most two `=` at the end.
    static func isPaddedBase64(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { return false }
        let padding = bytes.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return false }
        return bytes.dropLast(padding).allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                true
            default:
                false
            }
        }
    }
}
