package import Foundation
package import OverlayCore

extension SignatureFile {
    /// One Ed25519 signature per key over `message` (the manifest's exact bytes), in the order given; a key given
    /// twice signs once.
    package static func signing(_ message: Data, with keys: [Ed25519PrivateKey]) throws(CryptoError) -> SignatureFile {
        var seen = Set<String>()
        var signatures: [SignatureRecord] = []
        for key in keys where seen.insert(key.publicKey.keyID).inserted {
            let signature = try key.signature(for: message)
            signatures.append(SignatureRecord(
                keyid: key.publicKey.keyID, alg: SignatureRecord.ed25519Algorithm, sig: signature.base64EncodedString()))
        }
        return SignatureFile(signatures: signatures)
    }
}
