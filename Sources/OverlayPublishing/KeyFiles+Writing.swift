public import OverlayCore
import Foundation

// Writing key files, and the parts of DER only a private key holds: the publisher's.
extension PEM {
    /// Writes `der` as a PEM block with 64-column base64 lines and a final newline.
    package static func encode(label: String, der: [UInt8]) -> String {
        let body = Array(Data(der).base64EncodedString().utf8)
        var text = "-----BEGIN \(label)-----\n"
        var start = 0
        while start < body.count {
            let end = min(start + 64, body.count)
            text += String(decoding: body[start..<end], as: UTF8.self) + "\n"
            start = end
        }
        return text + "-----END \(label)-----\n"
    }
}

extension Ed25519 {
    /// PKCS#8 `PrivateKeyInfo` for Ed25519 is this DER prefix followed by the 32-byte seed (RFC 8410 §7).
    package static let pkcs8Prefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    /// `SubjectPublicKeyInfo` for Ed25519 is this DER prefix followed by the 32-byte public key (RFC 8410 §4).
    package static let spkiPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]
}

extension Ed25519PublicKey {
    /// The key as SPKI PEM, the form `openssl pkey -pubout` writes and ``init(pem:)`` reads.
    public var pemRepresentation: String {
        PEM.encode(label: "PUBLIC KEY", der: Ed25519.spkiPrefix + Array(rawRepresentation))
    }
}

extension DERReader {
    static let integer: UInt8 = 0x02
    static let octetString: UInt8 = 0x04

    mutating func readIfPresent(_ tag: UInt8) throws(Failure) -> DERReader? {
        nextTag == tag ? try read(tag) : nil
    }
}
