/// Why a property list was rejected, with the line and column of the problem when it is known.
package typealias PropertyListError = Diagnostic<PropertyListErrorCode>

package enum PropertyListErrorCode: String, DiagnosticCode {
    case tooLarge = "plist.too-large"
    case tooDeep = "plist.too-deep"
    /// Neither UTF-8 nor UTF-16 with a byte-order mark.
    case invalidEncoding = "plist.invalid-encoding"
    case malformed = "plist.malformed"
    case unexpectedElement = "plist.unexpected-element"
    case mismatchedTag = "plist.mismatched-tag"
    case duplicateKey = "plist.duplicate-key"
    case missingValue = "plist.missing-value"
    /// An `<integer>`, `<real>`, `<date>` or `<data>` whose text does not parse.
    case invalidValue = "plist.invalid-value"
    /// Only the five predefined entities and character references are read.
    case unknownEntity = "plist.unknown-entity"
    /// A binary list Foundation could not read, or one where binary is not accepted.
    case unreadableBinary = "plist.unreadable-binary"

    package static func describe(_ error: PropertyListError) -> String {
        "\(error.locationPrefix)error: \(error.code): \(error.message)"
    }
}
