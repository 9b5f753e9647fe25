/// Why a property list was rejected, with the line and column of the problem when it is known.
package struct PropertyListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable error code such as `plist.duplicate-key`.
    package struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The input is larger than the reader's byte cap.
        package static let tooLarge = Code(rawValue: "plist.too-large")
        /// Containers are nested deeper than the reader's depth limit.
        package static let tooDeep = Code(rawValue: "plist.too-deep")
        /// The bytes are not valid UTF-8 (or UTF-16 with a byte-order mark).
        package static let invalidEncoding = Code(rawValue: "plist.invalid-encoding")
        /// The XML is not well formed (an unclosed tag, a stray `<`, text where an element belongs).
        package static let malformed = Code(rawValue: "plist.malformed")
        /// An element that is not a property-list element, or one in the wrong place.
        package static let unexpectedElement = Code(rawValue: "plist.unexpected-element")
        /// An end tag that does not match its start tag.
        package static let mismatchedTag = Code(rawValue: "plist.mismatched-tag")
        /// A `<dict>` with the same `<key>` twice.
        package static let duplicateKey = Code(rawValue: "plist.duplicate-key")
        /// A `<key>` with no value after it.
        package static let missingValue = Code(rawValue: "plist.missing-value")
        /// An `<integer>`, `<real>`, `<date>` or `<data>` whose text does not parse.
        package static let invalidValue = Code(rawValue: "plist.invalid-value")
        /// An entity other than the five predefined ones or a character reference.
        package static let unknownEntity = Code(rawValue: "plist.unknown-entity")
        /// A binary property list that Foundation could not read, or that holds an unsupported value.
        package static let unreadableBinary = Code(rawValue: "plist.unreadable-binary")
    }

    /// What kind of problem this is.
    package var code: Code
    /// One sentence naming the problem and the fix.
    package var message: String
    /// Where in the XML text the problem is; nil for binary lists and encoding problems.
    package var location: SourceLocation?

    /// Creates an error.
    package init(code: Code, message: String, location: SourceLocation? = nil) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String {
        "\(location.map { "\($0): " } ?? "")error: \(code): \(message)"
    }
}
