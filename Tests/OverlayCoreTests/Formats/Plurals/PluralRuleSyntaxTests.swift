import OverlayCore
import OverlayTestSupport
import Testing

@Suite("CLDR plural rule syntax and evaluation (FORMATS.md §5.2)")
struct PluralRuleSyntaxTests {
    static func one(_ condition: String) throws(PluralRuleError) -> PluralRules {
        try PluralRules(conditions: [.one: condition, .other: ""])
    }

    static let evaluationCases: [(condition: String, number: String, matches: Bool)] = [
        ("n = 3..5", "4", true), ("n = 2..4", "3.5", false), ("n != 2..4", "3.5", true),
        ("n = 1,3,5..7", "6", true), ("n = 1,3,5..7", "4", false),
        ("n % 10 = 1", "21", true), ("n % 10 = 1", "21.3", false), ("n mod 10 = 1", "31", true),
        ("n % 10 = 1 and n % 100 != 11", "11", false), ("n = 1 or n = 7", "7", true),
        ("n = 0 or n = 1 and v = 0", "1.0", false), ("n = 0 or n = 1 and v = 0", "0.0", true),
        ("i = 1 and v = 0", "1.0", false), ("t = 3", "1.30", true), ("f = 30", "1.30", true),
        ("w = 1 and v = 2", "1.30", true), ("e = 6", "1c6", true), ("c != 0..5", "1c6", true),
        ("n = 1", "1.0", true), ("n = 1000000", "1c6", true),
        ("n % 1000000 = 0", "123000000000000000000000000", true),
        // Legacy syntax.
        ("n is 2", "2", true), ("n is not 2", "2", false), ("n in 2..4", "3", true), ("n in 2..4", "3.5", false),
        ("n not in 2..4", "3.5", true), ("n within 2..4", "3.5", true), ("n within 2..4", "4.5", false),
        ("n not within 2..4", "3.5", false),
    ]

    @Test("conditions evaluate per CLDR", arguments: evaluationCases)
    func evaluation(condition: String, number: String, matches: Bool) throws {
        #expect(try Self.one(condition).category(for: number) == (matches ? .one : .other))
    }

    @Test("categories are evaluated zero, one, two, few, many; first match wins")
    func order() throws {
        let rules = try PluralRules(conditions: [.many: "n = 1..9", .one: "n = 1", .other: ""])
        #expect(rules.category(for: 1) == .one)
        #expect(rules.category(for: 2) == .many)
        #expect(rules.categories == [.one, .many, .other])
    }

    @Test("samples after @ are ignored")
    func samplesIgnored() throws {
        #expect(try Self.one("n = 1 @integer 1 @decimal 1.0").category(for: 1) == .one)
    }

    static let rejections: [(condition: String, code: PluralRuleError.Code, column: Int?)] = [
        ("n = 1 # 2", .invalidCharacter, 7),
        ("n = ", .unexpectedEnd, 5),
        ("x = 1", .unknownOperand, 1),
        ("n % = 1", .unexpectedToken, 5),
        ("n % 0 = 1", .invalidNumber, 5),
        ("n = 99999999999999", .invalidNumber, 5),
        ("n = 5..2", .invalidRange, 5),
        ("n = 1 and", .unexpectedEnd, 10),
        ("n = 1 n = 2", .unexpectedToken, 7),
        ("n < 1", .invalidCharacter, 3),
        ("n 1", .unexpectedToken, 3),
        ("= 1", .unexpectedToken, 1),
    ]

    @Test("malformed conditions are rejected with a code and a column", arguments: rejections)
    func rejection(condition: String, code: PluralRuleError.Code, column: Int?) {
        do {
            _ = try Self.one(condition)
            Issue.record("'\(condition)' parsed")
        } catch {
            #expect(error.code == code)
            #expect(error.location?.column == column)
            #expect(error.message.hasPrefix("one: "))
        }
    }

    @Test("a category without a condition, or other with one, is rejected")
    func categoryConditions() {
        #expect(throws: PluralRuleError.self) { try PluralRules(conditions: [.few: " ", .other: ""]) }
        #expect(throws: PluralRuleError.self) { try PluralRules(conditions: [.other: "n = 1"]) }
        #expect((try? PluralRules(conditions: [.other: " @integer 0~15"]))?.categories == [.other])
    }
}
