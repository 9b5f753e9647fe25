/// The CLDR plural operands (TR35 §5.1) of a number *as written* (`1` and `1.0` differ), kept as digit strings so
/// huge integers and long fractions stay exact.
///
/// ```swift
/// let operands = PluralOperands("1.30")!   // i = 1, v = 2, w = 1, f = 30, t = 3
/// PluralOperands("1.2c6")!.c               // 6 (compact exponent; i = 1200000)
/// ```
package struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    /// After applying the exponent, without leading zeros (`"0"` for zero).
    package let integerDigits: String
    /// After applying the exponent, trailing zeros kept.
    package let fractionDigits: String
    /// The compact-decimal exponent `c` (`e` is its deprecated synonym); 0 when none was written.
    package let exponent: Int

    /// Parses `-`? digits (`.` digits)? (`c`|`e` digits)?, e.g. `5`, `-1.50`, `1.2c6`; nil for anything else.
    package init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }  // operands use the absolute value
        let intEnd = bytes.firstIndex(where: { !Self.isDigit($0) }) ?? bytes.endIndex
        guard intEnd != bytes.startIndex else { return nil }
        var integer = String(decoding: bytes[..<intEnd], as: UTF8.self)
        bytes = bytes[intEnd...]
        var fraction = ""
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            let end = bytes.firstIndex(where: { !Self.isDigit($0) }) ?? bytes.endIndex
            guard end != bytes.startIndex else { return nil }
            fraction = String(decoding: bytes[..<end], as: UTF8.self)
            bytes = bytes[end...]
        }
        var exponent = 0
        if let marker = bytes.first, marker == UInt8(ascii: "c") || marker == UInt8(ascii: "e") {
            let digits = bytes.dropFirst()
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(Self.isDigit),
                  let value = Int(String(decoding: digits, as: UTF8.self))
            else { return nil }
            exponent = value
            bytes = bytes[bytes.endIndex...]
        }
        guard bytes.isEmpty else { return nil }
        // Shift the decimal point right by the exponent: 1.2c6 → 1200000, 1.0000001c6 → 1000000.1.
        let moved = min(exponent, fraction.count)
        integer += fraction.prefix(moved)
        fraction.removeFirst(moved)
        integer += String(repeating: "0", count: exponent - moved)
        self.init(integerDigits: integer, fractionDigits: fraction, exponent: exponent)
    }

    private init(integerDigits: String, fractionDigits: String, exponent: Int) {
        let trimmed = integerDigits.drop(while: { $0 == "0" })
        self.integerDigits = trimmed.isEmpty ? "0" : String(trimmed)
        self.fractionDigits = fractionDigits
        self.exponent = exponent
    }

    var trimmedFractionDigits: Substring {
        var digits = Substring(fractionDigits)
        while digits.last == "0" { digits.removeLast() }
        return digits
    }

    /// The operand letters of TR35 §5.1 with small values; `n`, `i`, `f`, `t` are read from the digits.
    package var v: Int { fractionDigits.count }
    package var w: Int { trimmedFractionDigits.count }
    package var c: Int { exponent }

    /// The absolute value written back in plain decimal notation (`1.2c6` → `1200000`).
    package var description: String {
        fractionDigits.isEmpty ? integerDigits : "\(integerDigits).\(fractionDigits)"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
