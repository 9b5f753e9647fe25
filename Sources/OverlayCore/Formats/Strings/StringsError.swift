/// Why a `.strings` table could not be read, and where (line and column in Unicode scalars; `nil` when the problem
/// has no place in the text, such as a property-list container).
package typealias StringsError = Diagnostic<StringsErrorCode>

package enum StringsErrorCode: String, DiagnosticCode {
    /// An entry (the last one included) lacks its terminating `;`; Apple then drops the whole table.
    case missingSemicolon = "missing-semicolon"
    /// A `/*` comment is never closed; Apple silently drops every entry after it.
    case unterminatedComment = "unterminated-comment"
    case unterminatedString = "unterminated-string"
    case unexpectedCharacter = "unexpected-character"
    case unexpectedEndOfFile = "unexpected-end-of-file"
    case missingClosingBrace = "missing-closing-brace"
    /// The file looks like UTF-16 without a byte-order mark, which Apple cannot read.
    case utf16WithoutBOM = "utf16-without-bom"
    case invalidUTF8 = "invalid-utf8"
    case invalidUTF16 = "invalid-utf16"
    case invalidUTF32 = "invalid-utf32"
    case nonStringValue = "non-string-value"
    case invalidPropertyList = "invalid-property-list"
    /// A binary or XML property list where only text is read: a downloaded table (Overlay publishes text).
    case propertyListNotAccepted = "property-list-not-accepted"

    package static func describe(_ error: StringsError) -> String {
        "\(error.locationPrefix)error: \(error.message) [strings.\(error.code)]"
    }
}
