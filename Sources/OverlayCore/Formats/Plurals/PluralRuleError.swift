/// A CLDR plural rule that cannot be parsed, e.g. `n % = 1` or `v = 3..1`.
public struct PluralRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; raw values are stable for scripts and tests.
    public struct Code: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A character that cannot start any token.
        public static let invalidCharacter = Code(rawValue: "plural.invalid_character")
        /// A token where the grammar expects something else.
        public static let unexpectedToken = Code(rawValue: "plural.unexpected_token")
        /// The condition ends in the middle of a relation.
        public static let unexpectedEnd = Code(rawValue: "plural.unexpected_end")
        /// An operand letter other than n i v w f t c e.
        public static let unknownOperand = Code(rawValue: "plural.unknown_operand")
        /// An integer too large for the evaluator, or a modulus of zero.
        public static let invalidNumber = Code(rawValue: "plural.invalid_number")
        /// A range whose start is above its end (`5..2`).
        public static let invalidRange = Code(rawValue: "plural.invalid_range")
        /// A non-`other` category with no condition, or `other` with one.
        public static let invalidCategoryCondition = Code(rawValue: "plural.invalid_category_condition")
    }

    public var code: Code
    public var message: String
    /// Line 1 and the 1-based column in the condition text, when the problem has a position.
    public var location: SourceLocation?

    public init(code: Code, message: String, location: SourceLocation? = nil) {
        self.code = code
        self.message = message
        self.location = location
    }

    public var description: String {
        if let location { return "\(location): \(code): \(message)" }
        return "\(code): \(message)"
    }
}
