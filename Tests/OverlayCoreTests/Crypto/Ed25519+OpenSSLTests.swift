// What only the libcrypto backend has: its return codes and its error queue.
#if !canImport(CryptoKit)
import Foundation
import Testing
@testable import OverlayCore

@Suite struct OpenSSLBackendTests {
    /// `EVP_DigestVerify` returns 1 for success, 0 for a bad signature and a negative value on error.
    @Test("only a verify return of exactly 1 is success", arguments: [
        (Int32(1), true), (0, false), (-1, false), (-2, false), (2, false), (Int32.min, false), (Int32.max, false),
    ])
    func verifyReturnCode(result: Int32, accepted: Bool) {
        #expect(OpenSSLEd25519.isVerified(result) == accepted)
    }

    @Test("a refused signature leaves libcrypto's error queue empty")
    func verifyFailureDrainsTheQueue() throws {
        let vector = try RFC8032Vector.named("TEST 2")
        let key = try Ed25519PublicKey(rawRepresentation: vector.publicKey)
        #expect(!key.isValidSignature(vector.signature.flippingBit(9), for: vector.message))
        #expect(LibCryptoErrorQueue.drain() == nil)
    }
}
#endif
