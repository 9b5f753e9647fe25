/// Why a `.strings` table could not be read, and where (line and column in Unicode scalars; `nil` when the problem
/// has no place in the text, such as a property-list container).
///
/// ```swift
/// do { _ = try StringsReader.read(data) } catch {
///     print("Localizable.strings:\(error.location?.description ?? "-"): \(error.message)")
/// }
/// ```
package typealias StringsError = Diagnostic<StringsErrorCode>

/// A stable identifier of the failure; it appears in reports and findings as `strings.<rawValue>`.
package enum StringsErrorCode: String, DiagnosticCode {
    /// An entry (the last one included) lacks its terminating `;`; Apple then drops the whole table.
    case missingSemicolon = "missing-semicolon"
    /// A `/*` comment is never closed; Apple silently drops every entry after it.
    case unterminatedComment = "unterminated-comment"
    /// A quoted string is never closed.
    case unterminatedString = "unterminated-string"
    /// A character that the grammar does not allow at this place.
    case unexpectedCharacter = "unexpected-character"
    /// The text ends where a value or a key was expected.
    case unexpectedEndOfFile = "unexpected-end-of-file"
    /// A file that starts with `{` lacks its closing `}`.
    case missingClosingBrace = "missing-closing-brace"
    /// The same key appears twice (only when duplicates are rejected).
    case duplicateKey = "duplicate-key"
    /// The file looks like UTF-16 without a byte-order mark, which Apple cannot read.
    case utf16WithoutBOM = "utf16-without-bom"
    /// The bytes are not valid UTF-8 (for example Latin-1).
    case invalidUTF8 = "invalid-utf8"
    /// The bytes after a UTF-16 byte-order mark are not valid UTF-16.
    case invalidUTF16 = "invalid-utf16"
    /// The bytes after a UTF-32 byte-order mark are not valid UTF-32.
    case invalidUTF32 = "invalid-utf32"
    /// A value is a dictionary, array, data or other non-string value.
    case nonStringValue = "non-string-value"
    /// A binary or XML property list that cannot be parsed or is not a dictionary.
    case invalidPropertyList = "invalid-property-list"
    /// A binary or XML property list where only text is read: a downloaded table (Overlay publishes text).
    case propertyListNotAccepted = "property-list-not-accepted"

    package static func describe(_ error: StringsError) -> String {
        "\(error.locationPrefix)error: \(error.message) [strings.\(error.code)]"
    }
}
