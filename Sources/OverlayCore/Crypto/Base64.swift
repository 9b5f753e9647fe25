package import Foundation

/// Strict decoding of standard base64 (RFC 4648 §4, alphabet `A–Z a–z 0–9 + /`, `=` padding); encoding is
/// Foundation's `base64EncodedString()`, which writes exactly this form.
///
/// Decoding accepts exactly the canonical encoding: the length is a multiple of 4, padding is present and
/// only at the end, unused trailing bits are zero, and there is no whitespace, line break or URL-safe
/// character. Anything else decodes to `nil`, so one byte sequence has exactly one accepted text form.
///
/// ```swift
/// Base64.decode("Zm9vYg==")            // Data("foob".utf8)
/// Base64.decode("Zm9vYg")              // nil: padding missing
/// ```
package enum Base64 {
    private static let padding = UInt8(ascii: "=")

    /// Decodes canonical standard base64; `nil` for anything else (see the type's documentation).
    package static func decode(_ text: String) -> Data? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out = Data()
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let quad = input[index..<index + 4]
            let padCount = quad.reversed().prefix { $0 == padding }.count
            // Padding only in the last quad, at most two, and only as a suffix.
            guard padCount <= 2, padCount == 0 || isLast else { return nil }
            var chunk: UInt32 = 0
            for byte in quad.dropLast(padCount) {
                guard let value = sextet(byte) else { return nil }
                chunk = chunk << 6 | UInt32(value)
            }
            switch padCount {
            case 0:
                out.append(contentsOf: [UInt8(chunk >> 16 & 0xFF), UInt8(chunk >> 8 & 0xFF), UInt8(chunk & 0xFF)])
            case 1:  // 18 bits: 2 bytes and 2 unused bits, which must be zero.
                guard chunk & 0x3 == 0 else { return nil }
                out.append(contentsOf: [UInt8(chunk >> 10 & 0xFF), UInt8(chunk >> 2 & 0xFF)])
            default:  // 12 bits: 1 byte and 4 unused bits, which must be zero.
                guard chunk & 0xF == 0 else { return nil }
                out.append(UInt8(chunk >> 4 & 0xFF))
            }
            index += 4
        }
        return out
    }

    private static func sextet(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): c - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): c - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
