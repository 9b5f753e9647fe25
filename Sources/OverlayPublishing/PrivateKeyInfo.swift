import OverlayCore

/// PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` (RFC 5208, RFC 5958) for Ed25519 (RFC 8410 §7), read by our own DER
/// reader on every backend: CryptoKit reads no Ed25519 PEM, and a key file must be accepted or refused alike
/// whichever library signs.
enum PrivateKeyInfo {
    /// The 32-byte seed of an Ed25519 PKCS#8 file, and the public key a version 2 file carries with it.
    /// - Throws: ``CryptoError/Code/wrongKeyType`` for another algorithm, ``CryptoError/Code/invalidPEM`` for anything
    ///   that is not such a structure (the cause says where the DER reader stopped).
    static func ed25519(pkcs8DER der: [UInt8]) throws(CryptoError) -> (seed: [UInt8], publicKey: [UInt8]?) {
        let read: (algorithm: KeyAlgorithm, seed: ArraySlice<UInt8>, publicKey: ArraySlice<UInt8>?)
        do {
            read = try contents(der)
        } catch {
            throw invalid(cause: "DER \(error)")
        }
        guard case .ed25519 = read.algorithm else { throw read.algorithm.wrongType(what: "private") }
        guard read.seed.count == Ed25519.keyLength else {
            throw invalid(cause: "the private key is \(read.seed.count) bytes, not 32")
        }
        guard let publicKey = read.publicKey else { return (Array(read.seed), nil) }
        // A BIT STRING starts with its count of unused bits: none, then the 32-byte key.
        guard publicKey.count == 1 + Ed25519.keyLength, publicKey.first == 0 else {
            throw invalid(cause: "the public key field is not 32 whole bytes")
        }
        return (Array(read.seed), Array(publicKey.dropFirst()))
    }

    /// SEQUENCE { version, AlgorithmIdentifier, OCTET STRING { OCTET STRING seed }, [0] attributes?, [1] publicKey? }.
    private static func contents(_ der: [UInt8]) throws(DERReader.Failure)
        -> (algorithm: KeyAlgorithm, seed: ArraySlice<UInt8>, publicKey: ArraySlice<UInt8>?) {
        var file = DERReader(der)
        var info = try file.read(DERReader.sequence)
        try file.finish()
        let version = Array(try info.read(DERReader.integer).remaining)
        guard version == [0] || version == [1] else {
            throw DERReader.Failure(offset: 2, problem: "version \(version) is neither 1 (0) nor 2 (1)")
        }
        let algorithm = try KeyAlgorithm(reading: &info)
        guard case .ed25519 = algorithm else { return (algorithm, [], nil) }
        var privateKey = try info.read(DERReader.octetString)
        let seed = try privateKey.read(DERReader.octetString).remaining
        try privateKey.finish()
        _ = try info.readIfPresent(attributesTag)
        let publicKey = try info.readIfPresent(publicKeyTag)?.remaining
        guard publicKey == nil || version == [1] else {
            throw DERReader.Failure(offset: 2, problem: "a version 1 file carries a public key (version 2 only)")
        }
        try info.finish()
        return (algorithm, seed, publicKey)
    }

    /// `[0] IMPLICIT Attributes` and `[1] IMPLICIT PublicKey` (a BIT STRING's contents).
    private static let attributesTag: UInt8 = 0xA0
    private static let publicKeyTag: UInt8 = 0x81

    private static func invalid(cause: String) -> CryptoError {
        CryptoError(code: .invalidPEM, message: "the PRIVATE KEY block is not PKCS#8 DER of an Ed25519 key; recreate the "
            + "key with `openssl genpkey -algorithm ed25519 -out key.pem`", cause: cause)
    }
}
