public import OverlayCore

// Reading a public key file: the tools' job (`--trust`). An app passes its trusted keys' 32 raw bytes.
extension Ed25519PublicKey {
    /// A key from an SPKI PEM (`-----BEGIN PUBLIC KEY-----`), as `openssl pkey -pubout` writes.
    /// - Throws: ``CryptoError/Code/invalidPEM``, ``CryptoError/Code/wrongPEMLabel`` (e.g. a private key),
    ///   ``CryptoError/Code/wrongKeyType`` (RSA, EC …).
    public init(pem: String) throws(CryptoError) {
        let block = try PEM.singleBlock(in: pem, expectedLabel: "PUBLIC KEY")
        try PEMLabels.require(block.label, expected: "PUBLIC KEY")
        try self.init(bytes: Ed25519.publicKey(spkiDER: block.der))
    }
}

extension Ed25519 {
    /// The 32 key bytes of an X.509 `SubjectPublicKeyInfo` (RFC 5280 §4.1.2.7, RFC 8410 §4): read here, not by the
    /// backend, so every backend accepts and refuses the same files.
    /// - Throws: ``CryptoError/Code/wrongKeyType`` for another algorithm, ``CryptoError/Code/invalidPEM`` for anything
    ///   that is not such a structure (the cause says where the DER reader stopped).
    package static func publicKey(spkiDER der: [UInt8]) throws(CryptoError) -> [UInt8] {
        let algorithm: KeyAlgorithm
        let key: ArraySlice<UInt8>?
        do {
            (algorithm, key) = try readSubjectPublicKeyInfo(der)
        } catch {
            throw notSubjectPublicKeyInfo(cause: error)
        }
        guard let key else { throw algorithm.wrongType(what: "public") }
        // A BIT STRING starts with its count of unused bits: none, then the 32-byte key.
        guard key.count == 1 + keyLength, key.first == 0 else {
            throw notSubjectPublicKeyInfo(cause: DERReader.Failure(offset: 0, problem: "the key is not 32 whole bytes"))
        }
        return Array(key.dropFirst())
    }

    private static func readSubjectPublicKeyInfo(_ der: [UInt8]) throws(DERReader.Failure)
        -> (KeyAlgorithm, ArraySlice<UInt8>?) {
        var file = DERReader(der)
        var info = try file.read(DERReader.sequence)
        try file.finish()
        let algorithm = try KeyAlgorithm(reading: &info)
        guard algorithm == .ed25519 else { return (algorithm, nil) }
        let key = try info.read(DERReader.bitString).remaining
        try info.finish()
        return (algorithm, key)
    }

    private static func notSubjectPublicKeyInfo(cause: DERReader.Failure) -> CryptoError {
        CryptoError(
            code: .invalidPEM, message: "the PUBLIC KEY block is not SubjectPublicKeyInfo DER; export the public key "
                + "with `openssl pkey -in key.pem -pubout -out public.pem`", cause: "DER \(cause)")
    }
}

/// A PEM label that is not the expected one, as an error that says what to do.
package enum PEMLabels {
    package static func require(_ label: String, expected: String) throws(CryptoError) {
        guard label != expected else { return }
        let fix = expected == "PRIVATE KEY"
            ? "pass a PKCS#8 Ed25519 private key (`openssl genpkey -algorithm ed25519 -out key.pem`)"
            : "pass an Ed25519 package key (`openssl pkey -in key.pem -pubout -out public.pem`)"
        switch label {
        case "RSA PRIVATE KEY", "RSA PUBLIC KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY":
            let type = String(label.prefix { $0 != " " })
            throw CryptoError(code: .wrongKeyType, message: "the PEM holds a \(label) (\(type)), not Ed25519; \(fix)")
        case "ENCRYPTED PRIVATE KEY":
            throw CryptoError(
                code: .wrongPEMLabel,
                message: "the private key is encrypted; decrypt it with `openssl pkey -in key.pem -out plain.pem`, "
                    + "keep plain.pem secret, and pass that"
            )
        default:
            throw CryptoError(code: .wrongPEMLabel, message: "the PEM holds a \(label), expected a \(expected); \(fix)")
        }
    }
}
