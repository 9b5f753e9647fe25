package import Foundation

package struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
    package let bytes: [UInt8]

    init(bytes: [UInt8]) {
        precondition(bytes.count == 32)
        self.bytes = bytes
    }

    /// Lowercase hex, the form manifests and file names use.
    package var hex: String { HexEncoding.encode(bytes) }

    package var description: String { hex }

    /// Whether `hex` is this digest's ``hex``, the one form manifests and the store spell a digest in; in time
    /// independent of where the two differ.
    package func constantTimeEquals(hex other: String) -> Bool {
        let mine = Array(hex.utf8), theirs = Array(other.utf8)
        guard theirs.count == mine.count else { return false }
        var difference: UInt8 = 0
        for index in mine.indices { difference |= mine[index] ^ theirs[index] }
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
}
