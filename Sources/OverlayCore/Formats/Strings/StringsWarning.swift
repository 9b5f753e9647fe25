/// Something a `.strings` file does that Apple accepts but that is probably a mistake (FORMATS.md §1.3).
///
/// Warnings never stop a read; they are collected on ``StringsFile/warnings`` in file order.
package struct StringsWarning: Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable identifier of the warning.
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// `\u` is not an escape: Apple drops the backslash and keeps `u` and the digits.
        package static let lowercaseUnicodeEscape = Code(rawValue: "lowercase-unicode-escape")
        /// An octal escape of `\200` or more is decoded as NeXTSTEP, not Latin-1 or Unicode.
        package static let highOctalEscape = Code(rawValue: "high-octal-escape")
        /// A backslash before a character that has no escape meaning; the backslash is dropped.
        package static let unknownEscape = Code(rawValue: "unknown-escape")
        /// A `\U` escape yields half of a surrogate pair; it becomes U+FFFD.
        package static let loneSurrogate = Code(rawValue: "lone-surrogate")
        /// A zero-length file: read as an empty table here, but Apple's parser rejects it.
        package static let emptyFile = Code(rawValue: "empty-file")

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
