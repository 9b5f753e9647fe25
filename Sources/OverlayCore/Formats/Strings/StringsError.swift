/// Why a `.strings` table could not be read, and where.
///
/// Every code is stable (it appears in reports and findings as `strings.<rawValue>`); the message names
/// the problem and the fix. `location` is the 1-based line and column (in Unicode scalars) of the
/// offending character, or `nil` when the problem has no place in the text (a property-list container).
///
/// ```swift
/// do { _ = try StringsReader.read(data) } catch {
///     print("Localizable.strings:\(error.location?.description ?? "-"): \(error.message)")
/// }
/// ```
package struct StringsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the failure.
    package enum Code: String, Sendable, Hashable, CustomStringConvertible {
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

        package var description: String { rawValue }
    }

    package var code: Code
    /// One sentence naming the problem and how to fix it.
    package var message: String
    /// Where the problem is, when it has a place in the text.
    package var location: SourceLocation?

    package init(code: Code, message: String, location: SourceLocation?) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String {
        if let location { "\(location): error: \(message) [strings.\(code)]" } else { "error: \(message) [strings.\(code)]" }
    }
}
