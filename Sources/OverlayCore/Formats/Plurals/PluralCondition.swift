/// A CLDR plural condition: relations joined by `and`, alternatives joined by `or`.
package struct PluralCondition: Sendable, Hashable {
    package var alternatives: [[PluralRelation]]

    package init(alternatives: [[PluralRelation]]) {
        self.alternatives = alternatives
    }

    func matches(_ operands: PluralOperands) -> Bool {
        alternatives.contains { relations in relations.allSatisfy { $0.matches(operands) } }
    }
}

/// One relation, e.g. `n % 100 != 12..14` or legacy `n within 0..2`.
package struct PluralRelation: Sendable, Hashable {
    package enum Operand: String, Sendable, Hashable, CaseIterable {
        case n, i, v, w, f, t, c, e
    }

    package var operand: Operand
    package var modulus: UInt64?
    /// `!=`, `is not`, `not in`, `not within`: negates the whole relation.
    package var isNegated: Bool
    /// Legacy `within`: also matches non-integer values inside a range.
    package var allowsFractions: Bool
    package var ranges: [ClosedRange<UInt64>]

    /// `bounds` holds each range's low and high in turn: plain integer arrays keep the generated tables quick
    /// to type-check.
    package init(_ operand: Operand, mod modulus: UInt64? = nil, negated: Bool = false, within: Bool = false,
                 _ bounds: [UInt64]) {
        self.operand = operand
        self.modulus = modulus
        self.isNegated = negated
        self.allowsFractions = within
        self.ranges = stride(from: 0, to: bounds.count - 1, by: 2).map { bounds[$0]...bounds[$0 + 1] }
    }

    func matches(_ operands: PluralOperands) -> Bool {
        let value = OperandValue(operand, of: operands, modulus: modulus)
        let inRange: Bool
        if value.hasFraction && !allowsFractions {
            inRange = false  // `x = a..b` only matches integer values.
        } else if let integer = value.integer {
            inRange = ranges.contains { range in
                value.hasFraction ? range.lowerBound <= integer && integer < range.upperBound : range.contains(integer)
            }
        } else {
            inRange = false  // beyond every bound the parser accepts
        }
        return isNegated ? !inRange : inRange
    }
}

/// An operand's value reduced to what ranges need: its integer part (nil when above any bound) and
/// whether a non-zero fraction follows. Computed from digit strings, so `%` is an exact decimal remainder.
struct OperandValue: Equatable {
    var integer: UInt64?
    var hasFraction: Bool

    init(_ operand: PluralRelation.Operand, of operands: PluralOperands, modulus: UInt64?) {
        let digits: Substring
        switch operand {
        case .n:
            digits = Substring(operands.integerDigits)
            hasFraction = !operands.trimmedFractionDigits.isEmpty
        case .i:
            digits = Substring(operands.integerDigits)
            hasFraction = false
        case .f:
            digits = Substring(operands.fractionDigits)
            hasFraction = false
        case .t:
            digits = operands.trimmedFractionDigits
            hasFraction = false
        case .v, .w, .c, .e:
            let small = switch operand {
            case .v: operands.v
            case .w: operands.w
            default: operands.c
            }
            integer = modulus.map { UInt64(small) % $0 } ?? UInt64(small)
            hasFraction = false
            return
        }
        if let modulus {
            var remainder: UInt64 = 0
            for byte in digits.utf8 { remainder = (remainder * 10 + UInt64(byte - UInt8(ascii: "0"))) % modulus }
            integer = remainder
        } else {
            let significant = digits.drop(while: { $0 == "0" })
            integer = significant.count <= 18 ? UInt64(significant.isEmpty ? "0" : String(significant)) : nil
        }
    }
}
