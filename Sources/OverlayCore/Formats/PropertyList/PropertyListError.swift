/// Why a property list was rejected, with the line and column of the problem when it is known.
package typealias PropertyListError = Diagnostic<PropertyListErrorCode>

/// A stable error code such as `plist.duplicate-key`.
package enum PropertyListErrorCode: String, DiagnosticCode {
    /// The input is larger than the reader's byte cap.
    case tooLarge = "plist.too-large"
    /// Containers are nested deeper than the reader's depth limit.
    case tooDeep = "plist.too-deep"
    /// The bytes are not valid UTF-8 (or UTF-16 with a byte-order mark).
    case invalidEncoding = "plist.invalid-encoding"
    /// The XML is not well formed (an unclosed tag, a stray `<`, text where an element belongs).
    case malformed = "plist.malformed"
    /// An element that is not a property-list element, or one in the wrong place.
    case unexpectedElement = "plist.unexpected-element"
    /// An end tag that does not match its start tag.
    case mismatchedTag = "plist.mismatched-tag"
    /// A `<dict>` with the same `<key>` twice.
    case duplicateKey = "plist.duplicate-key"
    /// A `<key>` with no value after it.
    case missingValue = "plist.missing-value"
    /// An `<integer>`, `<real>`, `<date>` or `<data>` whose text does not parse.
    case invalidValue = "plist.invalid-value"
    /// An entity other than the five predefined ones or a character reference.
    case unknownEntity = "plist.unknown-entity"
    /// A binary property list that Foundation could not read, or that holds an unsupported value.
    case unreadableBinary = "plist.unreadable-binary"

    package static func describe(_ error: PropertyListError) -> String {
        "\(error.locationPrefix)error: \(error.code): \(error.message)"
    }
}
