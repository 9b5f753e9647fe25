/// A CLDR plural rule that cannot be parsed, e.g. `n % = 1` or `v = 3..1`; the location is line 1 and the column in
/// the condition text, when the problem has a position.
package typealias PluralRuleError = Diagnostic<PluralRuleErrorCode>

/// Raw values are stable for scripts and tests.
package enum PluralRuleErrorCode: String, DiagnosticCode {
    /// A character that cannot start any token.
    case invalidCharacter = "plural.invalid_character"
    /// A token where the grammar expects something else.
    case unexpectedToken = "plural.unexpected_token"
    /// The condition ends in the middle of a relation.
    case unexpectedEnd = "plural.unexpected_end"
    /// An operand letter other than n i v w f t c e.
    case unknownOperand = "plural.unknown_operand"
    /// An integer too large for the evaluator, or a modulus of zero.
    case invalidNumber = "plural.invalid_number"
    /// A range whose start is above its end (`5..2`).
    case invalidRange = "plural.invalid_range"
    /// A non-`other` category with no condition, or `other` with one.
    case invalidCategoryCondition = "plural.invalid_category_condition"

    package static func describe(_ error: PluralRuleError) -> String {
        "\(error.locationPrefix)\(error.code): \(error.message)"
    }
}
