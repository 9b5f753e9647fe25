/// Why a `.stringsdict` table was rejected (FORMATS.md §2.4), with the line and column of the problem.
package struct StringsdictError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error code such as `stringsdict.missing-other`.
    package enum Code: String, Sendable, Hashable, CustomStringConvertible {
        package var description: String { rawValue }

        /// The bytes are not a well-formed property list (see `cause`).
        case malformedPropertyList = "stringsdict.malformed-plist"
        /// A dict holds the same key twice.
        case duplicateKey = "stringsdict.duplicate-key"
        /// The root value is not a dict.
        case topLevelNotDictionary = "stringsdict.top-level-not-dictionary"
        /// A lookup key's value is not a dict.
        case entryNotDictionary = "stringsdict.entry-not-dictionary"
        /// An entry has none, or more than one, of the format key, the width rule and the device rule.
        case entryKind = "stringsdict.entry-kind"
        /// An entry of a width or device rule holds another key beside the rule.
        case unexpectedKey = "stringsdict.unexpected-key"
        /// `NSStringLocalizedFormatKey` is not a string.
        case formatNotString = "stringsdict.format-not-string"
        /// A sibling of `NSStringLocalizedFormatKey` (a variable) is not a dict.
        case variableNotDictionary = "stringsdict.variable-not-dictionary"
        /// A `%#@name@` token names no variable dict of the entry.
        case missingVariable = "stringsdict.missing-variable"
        /// A variable dict no token reaches.
        case unusedVariable = "stringsdict.unused-variable"
        /// `NSStringFormatSpecTypeKey` is missing or not `NSStringPluralRuleType`.
        case unsupportedSpecType = "stringsdict.unsupported-spec-type"
        /// `NSStringFormatValueTypeKey` is missing or not a numeric conversion such as `d`, `ld`, `lu`, `f`.
        case invalidValueType = "stringsdict.invalid-value-type"
        /// A variable has no `other` variant.
        case missingOther = "stringsdict.missing-other"
        /// Variables reference each other in a cycle.
        case variableCycle = "stringsdict.variable-cycle"
        /// A variable holds a key that is neither a plural category nor a spec/value type key.
        case unknownCategory = "stringsdict.unknown-category"
        /// A plural, width or device variant is not a string (or, for devices, an entry dict).
        case nonStringVariant = "stringsdict.non-string-variant"
        /// A width rule is not a dict, or has a key that is not a non-negative integer.
        case invalidWidth = "stringsdict.invalid-width"
        /// A device rule is not a dict, or names a device Apple does not define.
        case unknownDevice = "stringsdict.unknown-device"
        /// A width or device rule has no variants.
        case emptyRule = "stringsdict.empty-rule"
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
