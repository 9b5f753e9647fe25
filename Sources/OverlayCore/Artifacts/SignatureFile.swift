package import Foundation

/// `signatures/<hex>.sig`, schema_version 1: signatures over the exact bytes of one manifest.json. Decoding checks
/// shape only; the verifier decides which signatures count.
package struct SignatureFile: Sendable, Equatable, WireArtifact {
    /// At least one signature, in file order.
    package var signatures: [SignatureRecord]

    package init(signatures: [SignatureRecord]) {
        self.signatures = signatures
    }

    static let fileName = "signature file"

    /// Decodes a signature file, returning one `artifact.unknown-field` warning per ignored member.
    /// - Throws: ``ArtifactError`` for bad JSON, no signatures, a key id that is not 64 lowercase hex digits,
    ///   an empty `alg`, or a `sig` that is empty or not canonical standard padded base64 (``Base64``).
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
            let sig = try decoder.string(object, "sig", where: { !$0.isEmpty && Base64.decode($0) != nil }) {
                "expected canonical standard base64 with padding, found \(decoder.quoted($0))"
            }
            file.signatures.append(SignatureRecord(keyid: keyid, alg: alg, sig: sig))
        }
        return (file, decoder.warnings)
    }
}
