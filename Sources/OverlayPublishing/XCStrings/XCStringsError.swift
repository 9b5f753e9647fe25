package import OverlayCore

/// Why a `.xcstrings` file was rejected: bad JSON, a wrong shape, or a rule of FORMATS.md §3.
package typealias XCStringsError = Diagnostic<XCStringsErrorCode>

package enum XCStringsErrorCode: String, DiagnosticCode {
    package typealias Context = JSONContext

    /// The file is not strict JSON (see `cause`).
    case invalidJSON = "xcstrings.invalid-json"
    /// A required field is absent.
    case missingField = "xcstrings.missing-field"
    /// A field has the wrong JSON type.
    case wrongType = "xcstrings.wrong-type"
    /// `version` is not `"1.x"`.
    case unsupportedVersion = "xcstrings.unsupported-version"
    /// A plural key is not one of zero, one, two, few, many, other.
    case invalidPluralCategory = "xcstrings.invalid-plural-category"
    /// A device key is not one of iphone, ipod, ipad, applewatch, appletv, applevision, mac, other.
    case invalidDevice = "xcstrings.invalid-device"
    /// `argNum` is less than 1.
    case invalidArgNum = "xcstrings.invalid-arg-num"
    /// A substitution name is empty or holds `@`, `%` or white space, so no `%#@name@` token can reach it.
    case invalidSubstitutionName = "xcstrings.invalid-substitution-name"
    /// `variations` holds both `plural` and `device`.
    case conflictingVariations = "xcstrings.conflicting-variations"
    /// Variations nest in a way Xcode cannot compile (device in device, anything in a plural form).
    case invalidNesting = "xcstrings.invalid-nesting"
}

extension XCStringsError {
    package init(code: Code, message: String, location: SourceLocation? = nil, path: JSONPath? = nil,
                 cause: JSONError? = nil) {
        self.init(code: code, message: message, location: location, context: JSONContext(path: path, cause: cause))
    }

    /// The JSON path of the offending value, e.g. `strings["Hi"].localizations.de.variations.plural`.
    package var path: JSONPath? { context.path }
    /// The underlying JSON error for ``Code/invalidJSON``, ``Code/missingField`` and ``Code/wrongType``.
    package var cause: JSONError? { context.cause }

    /// Wraps a parser or typed-access error.
    init(_ error: JSONError) {
        let code: Code =
            switch error.code {
            case .missingField: .missingField
            case .wrongType, .invalidValue: .wrongType
            default: .invalidJSON
            }
        self.init(code: code, message: error.message, location: error.location, path: error.path, cause: error)
    }

    /// An error about the value at `node`, prefixed with its path.
    init(_ code: Code, at node: JSONNode, _ reason: String) {
        self.init(code: code, message: "\(node.path): \(reason)", location: node.location, path: node.path)
    }

    /// The error as an error-severity finding, for `check`-style reports.
    package func finding(file: String? = nil) -> Finding {
        Finding(code: code.rawValue, severity: .error, message: message,
                location: Finding.Location(file: file, line: location?.line, column: location?.column))
    }
}
