package import Foundation

package struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    package let bytes: [UInt8]

    init(bytes: [UInt8]) {
        precondition(bytes.count == 32)
        self.bytes = bytes
    }

    package init?(hex: String) {
        guard let bytes = HexEncoding.decode(hex), bytes.count == 32 else { return nil }
        self.bytes = bytes
    }

    /// Lowercase hex, the form manifests and file names use.
    package var hex: String { HexEncoding.encode(bytes) }

    package var description: String { hex }

    /// In time independent of where the digests differ.
    package func constantTimeEquals(_ other: SHA256Digest) -> Bool {
        var difference: UInt8 = 0
        for index in 0..<32 { difference |= bytes[index] ^ other.bytes[index] }
        return difference == 0
    }
}

/// SHA-256, one-shot and streaming; each backend file (`SHA256+OpenSSL.swift`, `SHA256+CryptoKit.swift`) defines the
/// noncopyable hasher.
extension SHA256 {
    package mutating func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { update(buffer: $0) }
    }

    package static func hash(_ bytes: some ContiguousBytes) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }
}

enum HexEncoding {
    private static let digits = Array("0123456789abcdef".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
