/// Something a `.strings` file does that Apple accepts but that is probably a mistake (FORMATS.md §1.3); warnings
/// never stop a read.
package typealias StringsWarning = Diagnostic<StringsWarningCode>

package enum StringsWarningCode: String, DiagnosticCode {
    /// `\u` is not an escape: Apple drops the backslash and keeps `u` and the digits.
    case lowercaseUnicodeEscape = "lowercase-unicode-escape"
    /// An octal escape of `\200` or more is decoded as NeXTSTEP, not Latin-1 or Unicode.
    case highOctalEscape = "high-octal-escape"
    /// A backslash before a character that has no escape meaning; the backslash is dropped.
    case unknownEscape = "unknown-escape"
    /// A `\U` escape yields half of a surrogate pair; it becomes U+FFFD.
    case loneSurrogate = "lone-surrogate"
    /// A zero-length file: read as an empty table here, but Apple's parser rejects it.
    case emptyFile = "empty-file"

    package static func describe(_ warning: StringsWarning) -> String {
        "\(warning.locationPrefix)warning: \(warning.message) [strings.\(warning.code)]"
    }
}
