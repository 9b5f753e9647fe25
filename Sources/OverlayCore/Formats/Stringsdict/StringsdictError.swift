/// Why a `.stringsdict` table was rejected (FORMATS.md §2.4), with the line and column of the problem.
package struct StringsdictError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error code such as `stringsdict.missing-other`.
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The bytes are not a well-formed property list (see `cause`).
        package static let malformedPropertyList = Code(rawValue: "stringsdict.malformed-plist")
        /// A dict holds the same key twice.
        package static let duplicateKey = Code(rawValue: "stringsdict.duplicate-key")
        /// The root value is not a dict.
        package static let topLevelNotDictionary = Code(rawValue: "stringsdict.top-level-not-dictionary")
        /// A lookup key's value is not a dict.
        package static let entryNotDictionary = Code(rawValue: "stringsdict.entry-not-dictionary")
        /// An entry has none, or more than one, of the format key, the width rule and the device rule.
        package static let entryKind = Code(rawValue: "stringsdict.entry-kind")
        /// An entry of a width or device rule holds another key beside the rule.
        package static let unexpectedKey = Code(rawValue: "stringsdict.unexpected-key")
        /// `NSStringLocalizedFormatKey` is not a string.
        package static let formatNotString = Code(rawValue: "stringsdict.format-not-string")
        /// A sibling of `NSStringLocalizedFormatKey` (a variable) is not a dict.
        package static let variableNotDictionary = Code(rawValue: "stringsdict.variable-not-dictionary")
        /// A `%#@name@` token names no variable dict of the entry.
        package static let missingVariable = Code(rawValue: "stringsdict.missing-variable")
        /// A variable dict no token reaches.
        package static let unusedVariable = Code(rawValue: "stringsdict.unused-variable")
        /// `NSStringFormatSpecTypeKey` is missing or not `NSStringPluralRuleType`.
        package static let unsupportedSpecType = Code(rawValue: "stringsdict.unsupported-spec-type")
        /// `NSStringFormatValueTypeKey` is missing or not a numeric conversion such as `d`, `ld`, `lu`, `f`.
        package static let invalidValueType = Code(rawValue: "stringsdict.invalid-value-type")
        /// A variable has no `other` variant.
        package static let missingOther = Code(rawValue: "stringsdict.missing-other")
        /// Variables reference each other in a cycle.
        package static let variableCycle = Code(rawValue: "stringsdict.variable-cycle")
        /// A variable holds a key that is neither a plural category nor a spec/value type key.
        package static let unknownCategory = Code(rawValue: "stringsdict.unknown-category")
        /// A plural, width or device variant is not a string (or, for devices, an entry dict).
        package static let nonStringVariant = Code(rawValue: "stringsdict.non-string-variant")
        /// A width rule is not a dict, or has a key that is not a non-negative integer.
        package static let invalidWidth = Code(rawValue: "stringsdict.invalid-width")
        /// A device rule is not a dict, or names a device Apple does not define.
        package static let unknownDevice = Code(rawValue: "stringsdict.unknown-device")
        /// A width or device rule has no variants.
        package static let emptyRule = Code(rawValue: "stringsdict.empty-rule")
    }

    /// What kind of problem this is.
    package var code: Code
    /// One sentence naming the problem and the fix.
    package var message: String
    /// Where in the XML text the problem is; nil for binary lists and encoding problems.
    package var location: SourceLocation?
    /// The lookup key of the entry at fault, when there is one.
    package var key: String?
    /// The property-list error behind `malformedPropertyList` and `duplicateKey`.
    package var cause: PropertyListError?

    /// Creates an error.
    package init(
        code: Code, message: String, location: SourceLocation? = nil, key: String? = nil,
        cause: PropertyListError? = nil
    ) {
        self.code = code
        self.message = message
        self.location = location
        self.key = key
        self.cause = cause
    }

    package var description: String {
        let keyPart = key.map { " (key \"\($0)\")" } ?? ""
        return "\(location.map { "\($0): " } ?? "")error: \(code)\(keyPart): \(message)"
    }
}
