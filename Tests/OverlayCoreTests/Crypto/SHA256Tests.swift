import Foundation
import Testing
@testable import OverlayCore

@Suite struct SHA256Tests {
    /// NIST FIPS 180-2 / CAVP short-message vectors.
    @Test("NIST vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func nistVectors(message: String, expected: String) {
        #expect(SHA256.hash(Data(message.utf8)).hex == expected)
    }

    @Test func millionAsStreamsInChunks() {
        var hasher = SHA256()
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(hasher.finalize().hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func constantTimeEqualsDetectsEveryByteAndOnlyAcceptsLowercaseHex() {
        let digest = SHA256.hash(Data("abc".utf8))
        #expect(digest.constantTimeEquals(hex: digest.hex))
        for index in [0, 15, 31] {
            var bytes = digest.bytes
            bytes[index] ^= 1
            #expect(!digest.constantTimeEquals(hex: SHA256Digest(bytes: bytes).hex))
        }
        #expect(!digest.constantTimeEquals(hex: digest.hex.uppercased()))
        #expect(!digest.constantTimeEquals(hex: String(digest.hex.dropLast())))
        #expect(!digest.constantTimeEquals(hex: digest.hex + "0"))
    }
}
