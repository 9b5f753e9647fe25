import Foundation
import OverlayCore
import OverlayTestSupport
import Testing

@Suite("Plural operands from the number as written (FORMATS.md §5.1)")
struct PluralOperandsTests {
    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var i: String
        var fraction: String
        var v: Int
        var w: Int
        var f: Decimal
        var t: Decimal
        var c: Int
        var description: String { text }
    }

    static let cases: [Case] = [
        Case(text: "1", i: "1", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 0),
        Case(text: "1.0", i: "1", fraction: "0", v: 1, w: 0, f: 0, t: 0, c: 0),
        Case(text: "1.30", i: "1", fraction: "30", v: 2, w: 1, f: 30, t: 3, c: 0),
        Case(text: "-1.5", i: "1", fraction: "5", v: 1, w: 1, f: 5, t: 5, c: 0),
        Case(text: "007", i: "7", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 0),
        Case(text: "0.00", i: "0", fraction: "00", v: 2, w: 0, f: 0, t: 0, c: 0),
        Case(text: "1.2c6", i: "1200000", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 6),
        Case(text: "1.2e6", i: "1200000", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 6),
        Case(text: "1.0000001c6", i: "1000000", fraction: "1", v: 1, w: 1, f: 1, t: 1, c: 6),
        Case(text: "123c0", i: "123", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 0),
        Case(text: "98765432109876543210", i: "98765432109876543210", fraction: "", v: 0, w: 0, f: 0, t: 0, c: 0),
    ]

    @Test("operands", arguments: cases)
    func operands(expected: Case) throws {
        let operands = try #require(PluralOperands(expected.text))
        #expect(operands.integerDigits == expected.i)
        #expect(operands.fractionDigits == expected.fraction)
        #expect(operands.v == expected.v)
        #expect(operands.w == expected.w)
        #expect(operands.f == expected.f)
        #expect(operands.t == expected.t)
        #expect(operands.c == expected.c)
        #expect(operands.i == Decimal(string: expected.i))
    }

    @Test("n is the absolute value; 1 and 1.0 differ")
    func absoluteValue() throws {
        let negative = try #require(PluralOperands("-2.50"))
        #expect(negative.n == Decimal(string: "2.5"))
        #expect(PluralOperands("1") != PluralOperands("1.0"))
        #expect(PluralOperands("1.2c6")?.description == "1200000")
    }

    @Test("integer initialiser", arguments: [(0, "0"), (42, "42"), (-7, "7"), (Int.min, "9223372036854775808")])
    func integer(value: Int, digits: String) {
        let operands = PluralOperands(value)
        #expect(operands.integerDigits == digits)
        #expect(operands.v == 0 && operands.c == 0)
    }

    @Test("rejected texts", arguments: ["", "-", "--1", "abc", "1.", ".5", "1..2", "1,5", "1e", "1c-3", "1c12345",
                                        "+1", " 1", "1 ", "1.2.3", "１", "0x10", "1c6c6"])
    func rejected(text: String) {
        #expect(PluralOperands(text) == nil)
    }
}

extension PluralOperands {
    /// TR35's decimal operands from the digits, which the rules themselves read directly.
    var n: Decimal { Decimal(string: description)! }
    var i: Decimal { Decimal(string: integerDigits)! }
    var f: Decimal { Decimal(string: fractionDigits.isEmpty ? "0" : fractionDigits)! }
    var t: Decimal {
        let trimmed = fractionDigits.reversed().drop { $0 == "0" }
        return trimmed.isEmpty ? 0 : Decimal(string: String(trimmed.reversed()))!
    }
}
