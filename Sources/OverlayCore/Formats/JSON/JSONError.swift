/// Why a JSON document was rejected, or why a decoder refused a value in it: syntax errors (from
/// ``StrictJSON/parse(_:limits:)``) carry a `location`; decoding errors (from ``JSONNode``) also the `path` of the
/// offending value, e.g. `modules[2].sha256`.
package typealias JSONError = Diagnostic<JSONErrorCode>

package enum JSONErrorCode: String, DiagnosticCode {
    /// The path of the value a decoder rejected; `nil` for syntax errors.
    package typealias Context = JSONPath?

    /// A key appears twice in one object.
    case duplicateKey = "json.duplicate-key"
    /// Arrays and objects nest deeper than ``ParseLimits/maxDepth``.
    case depthExceeded = "json.depth-exceeded"
    /// The document is larger than ``ParseLimits/maxBytes``.
    case tooLarge = "json.too-large"
    /// The bytes are not valid UTF-8 (or the file is UTF-16/UTF-32).
    case invalidUTF8 = "json.invalid-utf8"
    /// A character that cannot appear here (comments, single quotes, `NaN`, a missing `,` …).
    case unexpectedCharacter = "json.unexpected-character"
    /// The document ends before the value is complete (or is empty).
    case unexpectedEnd = "json.unexpected-end"
    /// A string has no closing quote on its line.
    case unterminatedString = "json.unterminated-string"
    /// A raw control character (U+0000…U+001F) inside a string.
    case controlCharacter = "json.control-character"
    /// A backslash escape that JSON does not define, or a lone UTF-16 surrogate.
    case invalidEscape = "json.invalid-escape"
    /// A number that breaks the RFC 8259 grammar (leading zero, `1.`, `-`, `1e`).
    case invalidNumber = "json.invalid-number"
    /// A `,` directly before `]` or `}`.
    case trailingComma = "json.trailing-comma"
    /// Something follows the top-level value.
    case trailingData = "json.trailing-data"
    /// A decoder needed a field that is absent.
    case missingField = "json.missing-field"
    /// A decoder found a value of the wrong JSON type.
    case wrongType = "json.wrong-type"
    /// A decoder found a value of the right type that it does not accept.
    case invalidValue = "json.invalid-value"
}

extension JSONError {
    package init(code: Code, message: String, location: SourceLocation? = nil, path: JSONPath? = nil) {
        self.init(code: code, message: message, location: location, context: path)
    }

    /// The path of the value a decoder rejected; `nil` for syntax errors.
    package var path: JSONPath? { context }
}
