/// Why a wire artifact (manifest, signature file, module header, table artifact, cache headers) was rejected.
///
/// The message names the artifact, the JSON path of the offending value and the fix, e.g.
/// `manifest.json: modules[2].sha256: expected 64 lowercase hex digits, found "ABC"; …`.
package typealias ArtifactError = Diagnostic<ArtifactErrorCode>

package enum ArtifactErrorCode: String, DiagnosticCode {
    package typealias Context = JSONContext

    /// The document is larger than its ``ArtifactLimits`` byte cap.
    case tooLarge = "artifact.too-large"
    /// Arrays and objects nest deeper than ``ArtifactLimits/maxDepth``.
    case tooDeep = "artifact.too-deep"
    /// The bytes are not one well-formed UTF-8 JSON document.
    case invalidJSON = "artifact.invalid-json"
    /// A key appears twice in one object.
    case duplicateKey = "artifact.duplicate-key"
    /// `schema_version` is not one this build reads.
    case unsupportedSchemaVersion = "artifact.unsupported-schema-version"
    /// A required field is absent.
    case missingField = "artifact.missing-field"
    /// A field has the wrong JSON type.
    case wrongType = "artifact.wrong-type"
    /// A field has the right type but a value the format does not allow.
    case invalidValue = "artifact.invalid-value"
}

extension ArtifactError {
    package init(
        code: Code, message: String, location: SourceLocation? = nil, path: JSONPath? = nil, cause: JSONError? = nil
    ) {
        self.init(code: code, message: message, location: location, context: JSONContext(path: path, cause: cause))
    }

    /// The JSON path of the rejected value; `nil` for problems with the document as a whole.
    package var path: JSONPath? { context.path }
    /// The underlying JSON error, when the strict parser or a typed accessor raised it.
    package var cause: JSONError? { context.cause }

    /// Wraps a parser or accessor error, prefixing its message with the artifact's name.
    init(_ error: JSONError, artifact: String) {
        let code: Code =
            switch error.code {
            case .tooLarge: .tooLarge
            case .depthExceeded: .tooDeep
            case .duplicateKey: .duplicateKey
            case .missingField: .missingField
            case .wrongType: .wrongType
            case .invalidValue: .invalidValue
            default: .invalidJSON
            }
        self.init(
            code: code, message: "\(artifact): \(error.message)", location: error.location, path: error.path,
            cause: error)
    }
}
