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
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// An entry (the last one included) lacks its terminating `;`; Apple then drops the whole table.
        package static let missingSemicolon = Code(rawValue: "missing-semicolon")
        /// A `/*` comment is never closed; Apple silently drops every entry after it.
        package static let unterminatedComment = Code(rawValue: "unterminated-comment")
        /// A quoted string is never closed.
        package static let unterminatedString = Code(rawValue: "unterminated-string")
        /// A character that the grammar does not allow at this place.
        package static let unexpectedCharacter = Code(rawValue: "unexpected-character")
        /// The text ends where a value or a key was expected.
        package static let unexpectedEndOfFile = Code(rawValue: "unexpected-end-of-file")
        /// A file that starts with `{` lacks its closing `}`.
        package static let missingClosingBrace = Code(rawValue: "missing-closing-brace")
        /// The same key appears twice (only when duplicates are rejected).
        package static let duplicateKey = Code(rawValue: "duplicate-key")
        /// The file looks like UTF-16 without a byte-order mark, which Apple cannot read.
        package static let utf16WithoutBOM = Code(rawValue: "utf16-without-bom")
        /// The bytes are not valid UTF-8 (for example Latin-1).
        package static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// The bytes after a UTF-16 byte-order mark are not valid UTF-16.
        package static let invalidUTF16 = Code(rawValue: "invalid-utf16")
        /// The bytes after a UTF-32 byte-order mark are not valid UTF-32.
        package static let invalidUTF32 = Code(rawValue: "invalid-utf32")
        /// A value is a dictionary, array, data or other non-string value.
        package static let nonStringValue = Code(rawValue: "non-string-value")
        /// A binary or XML property list that cannot be parsed or is not a dictionary.
        package static let invalidPropertyList = Code(rawValue: "invalid-property-list")

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
