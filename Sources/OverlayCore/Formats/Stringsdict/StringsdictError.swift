/// Why a `.stringsdict` table was rejected (FORMATS.md §2.4), with the line and column of the problem.
package typealias StringsdictError = Diagnostic<StringsdictErrorCode>

package enum StringsdictErrorCode: String, DiagnosticCode {
    package typealias Context = StringsdictContext

    /// The bytes are not a well-formed property list (see `cause`).
    case malformedPropertyList = "stringsdict.malformed-plist"
    case duplicateKey = "stringsdict.duplicate-key"
    case topLevelNotDictionary = "stringsdict.top-level-not-dictionary"
    case entryNotDictionary = "stringsdict.entry-not-dictionary"
    /// An entry has none, or more than one, of the format key, the width rule and the device rule.
    case entryKind = "stringsdict.entry-kind"
    /// An entry of a width or device rule holds another key beside the rule.
    case unexpectedKey = "stringsdict.unexpected-key"
    case formatNotString = "stringsdict.format-not-string"
    case variableNotDictionary = "stringsdict.variable-not-dictionary"
    case missingVariable = "stringsdict.missing-variable"
    case unusedVariable = "stringsdict.unused-variable"
    /// `NSStringFormatSpecTypeKey` is missing or not `NSStringPluralRuleType`.
    case unsupportedSpecType = "stringsdict.unsupported-spec-type"
    /// `NSStringFormatValueTypeKey` is missing or not a numeric conversion such as `d`, `ld`, `lu`, `f`.
    case invalidValueType = "stringsdict.invalid-value-type"
    case missingOther = "stringsdict.missing-other"
    case variableCycle = "stringsdict.variable-cycle"
    /// A variable holds a key that is neither a plural category nor a spec/value type key.
    case unknownCategory = "stringsdict.unknown-category"
    /// A plural, width or device variant is not a string (or, for devices, an entry dict).
    case nonStringVariant = "stringsdict.non-string-variant"
    /// A width rule is not a dict, or has a key that is not a non-negative integer.
    case invalidWidth = "stringsdict.invalid-width"
    /// A device rule is not a dict, or names a device Apple does not define.
    case unknownDevice = "stringsdict.unknown-device"
    case emptyRule = "stringsdict.empty-rule"

    package static func describe(_ error: StringsdictError) -> String {
        let keyPart = error.key.map { " (key \"\($0)\")" } ?? ""
        return "\(error.locationPrefix)error: \(error.code)\(keyPart): \(error.message)"
    }
}

/// The entry a `.stringsdict` error belongs to, and the property-list error behind it.
package struct StringsdictContext: Sendable, Hashable {
    package var key: String?
    package var cause: PropertyListError?
}

extension StringsdictError {
    package init(
        code: Code, message: String, location: SourceLocation? = nil, key: String? = nil,
        cause: PropertyListError? = nil
    ) {
        self.init(code: code, message: message, location: location, context: StringsdictContext(key: key, cause: cause))
    }

    package var key: String? { context.key }
    /// The property-list error behind `malformedPropertyList` and `duplicateKey`.
    package var cause: PropertyListError? { context.cause }

    /// The code its finding carries: a plural without `other` is the same defect whichever format holds it.
    package var findingCode: String { code == .missingOther ? "plural.missing-other" : code.rawValue }
}
