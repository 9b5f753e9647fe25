/// Why a `.stringsdict` table was rejected (FORMATS.md §2.4), with the line and column of the problem.
public struct StringsdictError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error code such as `stringsdict.missing-other`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not a well-formed property list (see `cause`).
        public static let malformedPropertyList = Code(rawValue: "stringsdict.malformed-plist")
        /// A dict holds the same key twice.
        public static let duplicateKey = Code(rawValue: "stringsdict.duplicate-key")
        /// The root value is not a dict.
        public static let topLevelNotDictionary = Code(rawValue: "stringsdict.top-level-not-dictionary")
        /// A lookup key's value is not a dict.
        public static let entryNotDictionary = Code(rawValue: "stringsdict.entry-not-dictionary")
        /// An entry has none, or more than one, of the format key, the width rule and the device rule.
        public static let entryKind = Code(rawValue: "stringsdict.entry-kind")
        /// An entry of a width or device rule holds another key beside the rule.
        public static let unexpectedKey = Code(rawValue: "stringsdict.unexpected-key")
        /// `NSStringLocalizedFormatKey` is not a string.
        public static let formatNotString = Code(rawValue: "stringsdict.format-not-string")
        /// A sibling of `NSStringLocalizedFormatKey` (a variable) is not a dict.
        public static let variableNotDictionary = Code(rawValue: "stringsdict.variable-not-dictionary")
        /// A `%#@name@` token names no variable dict of the entry.
        public static let missingVariable = Code(rawValue: "stringsdict.missing-variable")
        /// A variable dict no token reaches.
        public static let unusedVariable = Code(rawValue: "stringsdict.unused-variable")
        /// `NSStringFormatSpecTypeKey` is missing or not `NSStringPluralRuleType`.
        public static let unsupportedSpecType = Code(rawValue: "stringsdict.unsupported-spec-type")
        /// `NSStringFormatValueTypeKey` is missing or not a numeric conversion such as `d`, `ld`, `lu`, `f`.
        public static let invalidValueType = Code(rawValue: "stringsdict.invalid-value-type")
        /// A variable has no `other` variant.
        public static let missingOther = Code(rawValue: "stringsdict.missing-other")
        /// Variables reference each other in a cycle.
        public static let variableCycle = Code(rawValue: "stringsdict.variable-cycle")
        /// A variable holds a key that is neither a plural category nor a spec/value type key.
        public static let unknownCategory = Code(rawValue: "stringsdict.unknown-category")
        /// A plural, width or device variant is not a string (or, for devices, an entry dict).
        public static let nonStringVariant = Code(rawValue: "stringsdict.non-string-variant")
        /// A width rule is not a dict, or has a key that is not a non-negative integer.
        public static let invalidWidth = Code(rawValue: "stringsdict.invalid-width")
        /// A device rule is not a dict, or names a device Apple does not define.
        public static let unknownDevice = Code(rawValue: "stringsdict.unknown-device")
        /// A width or device rule has no variants.
        public static let emptyRule = Code(rawValue: "stringsdict.empty-rule")
    }

    /// What kind of problem this is.
    public var code: Code
    /// One sentence naming the problem and the fix.
    public var message: String
    /// Where in the XML text the problem is; nil for binary lists and encoding problems.
    public var location: SourceLocation?
    /// The lookup key of the entry at fault, when there is one.
    public var key: String?
    /// The property-list error behind `malformedPropertyList` and `duplicateKey`.
    public var cause: PropertyListError?

    /// Creates an error.
    public init(
        code: Code, message: String, location: SourceLocation? = nil, key: String? = nil,
        cause: PropertyListError? = nil
    ) {
        self.code = code
        self.message = message
        self.location = location
        self.key = key
        self.cause = cause
    }

    public var description: String {
        let keyPart = key.map { " (key \"\($0)\")" } ?? ""
        return "\(location.map { "\($0): " } ?? "")error: \(code)\(keyPart): \(message)"
    }
}
