/// Something a `.strings` file does that Apple accepts but that is probably a mistake (FORMATS.md §1.3).
///
/// Warnings never stop a read; they are collected on ``StringsFile/warnings`` in file order.
package struct StringsWarning: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the warning.
    package enum Code: String, Sendable, Hashable, CustomStringConvertible {
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

        package var description: String { rawValue }
    }

    package var code: Code
    /// One sentence naming the problem and how to fix it.
    package var message: String
    /// Where the problem is (1-based line and column in Unicode scalars).
    package var location: SourceLocation

    package init(code: Code, message: String, location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): warning: \(message) [strings.\(code)]" }
}
