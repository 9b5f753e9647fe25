import Foundation
import Testing
@testable import OverlayCore

@Suite struct Base64Tests {
    /// RFC 4648 §10.
    @Test("RFC 4648 vectors decode (and are what Foundation's encoder writes)", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func rfcVectors(plain: String, encoded: String) {
        #expect(Data(plain.utf8).base64EncodedString() == encoded)
        #expect(Base64.decode(encoded) == Data(plain.utf8))
    }

    @Test("every byte value and length Foundation's encoder writes decodes back")
    func roundTrip() {
        for length in 0..<70 {
            let bytes = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) })
            #expect(Base64.decode(bytes.base64EncodedString()) == bytes)
        }
        let all = Data(0...255)
        #expect(Base64.decode(all.base64EncodedString()) == all)
    }

    /// Each of these is refused; several are accepted by `Data(base64Encoded:)` or by lenient decoders.
    @Test("non-canonical or foreign text is refused", arguments: [
        ("Zg", "missing padding"),
        ("Zg=", "length not a multiple of 4"),
        ("Zm9vY", "length not a multiple of 4"),
        ("Zm9v=", "padding with no missing bytes"),
        ("Z===", "three padding characters"),
        ("====", "only padding"),
        ("Zg==Zg==", "padding in the middle"),
        ("Z=g=", "padding before data"),
        ("Zh==", "non-zero unused bits (1 byte)"),
        ("Zm9=", "non-zero unused bits (2 bytes)"),
        ("Zm9v\n", "trailing newline"),
        ("Zm9v\r\nYmFy", "line break"),
        (" Zm9v", "leading space"),
        ("Zm 9v", "inner space"),
        ("Zm9v\t", "tab"),
        ("Zm8-", "URL-safe '-'"),
        ("Zm8_", "URL-safe '_'"),
        ("Zm8.", "punctuation"),
        ("Zm9é", "non-ASCII"),
        ("Zm9v\u{0}", "NUL"),
    ])
    func rejects(text: String, why: String) {
        #expect(Base64.decode(text) == nil, "\(why)")
    }
}
