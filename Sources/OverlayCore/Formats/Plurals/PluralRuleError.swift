/// A CLDR plural rule that cannot be parsed, e.g. `n % = 1` or `v = 3..1`; the location is line 1 and the column in
/// the condition text, when the problem has a position.
package typealias PluralRuleError = Diagnostic<PluralRuleErrorCode>

package enum PluralRuleErrorCode: String, DiagnosticCode {
    case invalidCharacter = "plural.invalid_character"
    case unexpectedToken = "plural.unexpected_token"
    case unexpectedEnd = "plural.unexpected_end"
    case unknownOperand = "plural.unknown_operand"
    /// An integer too large for the evaluator, or a modulus of zero.
    case invalidNumber = "plural.invalid_number"
    case invalidRange = "plural.invalid_range"
    /// A non-`other` category with no condition, or `other` with one.
    case invalidCategoryCondition = "plural.invalid_category_condition"

    package static func describe(_ error: PluralRuleError) -> String {
        "\(error.locationPrefix)\(error.code): \(error.message)"
    }
}
