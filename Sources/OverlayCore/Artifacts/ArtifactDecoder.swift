package import Foundation

/// A wire artifact (manifest, signature file, module header, table artifact, cache headers): decoded strictly by an
/// ``ArtifactDecoder``, with one `artifact.unknown-field` warning per member no decoder asked for.
package protocol WireArtifact {
    static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits
    ) throws(ArtifactError) -> (value: Self, warnings: [Finding])
}

extension WireArtifact {
    /// Decodes and checks the artifact; unknown fields are ignored (``decodeWithWarnings(_:limits:)`` reports them).
    /// - Throws: ``ArtifactError`` naming the JSON path of the first problem.
    package static func decode(_ data: Data, limits: ArtifactLimits = .default) throws(ArtifactError) -> Self {
        try decodeWithWarnings(data, limits: limits).value
    }
}

/// Shared steps of every artifact decoder: strict parsing under limits, `schema_version`, typed fields with
/// path-naming errors, the value rules common to several formats, and unknown-field warnings.
package struct ArtifactDecoder {
    /// The artifact's file name as messages print it, e.g. `manifest.json`.
    let artifact: String
    /// One `artifact.unknown-field` warning per member no decoder asked for.
    package private(set) var warnings: [Finding] = []

    /// The `schema_version` every format of this build reads.
    package static let supportedSchemaVersion = 1

    package init(artifact: String) {
        self.artifact = artifact
    }

    /// Parses `data` strictly (size cap first, then depth), requires a top-level object and
    /// `schema_version` 1.
    package func root(_ data: Data, maxBytes: Int, maxDepth: Int) throws(ArtifactError) -> JSONObjectNode {
        guard data.count <= maxBytes else {
            throw ArtifactError(
                code: .tooLarge,
                message: "\(artifact): \(data.count) bytes is more than the limit of \(maxBytes); "
                    + "publish a smaller artifact or raise ArtifactLimits")
        }
        let root = try json { () throws(JSONError) in
            try JSONNode(StrictJSON.parse(data, limits: .init(maxDepth: maxDepth, maxBytes: maxBytes))).object()
        }
        let versionNode = try json { () throws(JSONError) in try root.required("schema_version") }
        let version = try json { () throws(JSONError) in try versionNode.int() }
        guard version == Self.supportedSchemaVersion else {
            throw ArtifactError(
                code: .unsupportedSchemaVersion,
                message: "\(artifact): \(versionNode.path): version \(version) is not supported (this build reads "
                    + "\(Self.supportedSchemaVersion)); publish with a matching tool or upgrade the client",
                location: versionNode.location, path: versionNode.path)
        }
        return root
    }

    /// Runs typed accessors, turning their errors into ``ArtifactError``s that name this artifact.
    package func json<T>(_ body: () throws(JSONError) -> T) throws(ArtifactError) -> T {
        do {
            return try body()
        } catch {
            throw ArtifactError(error, artifact: artifact)
        }
    }

    /// An `artifact.invalid-value` error for `node`: "artifact: path: reason".
    package func invalid(_ node: JSONNode, _ reason: String) -> ArtifactError {
        ArtifactError(
            code: .invalidValue, message: "\(artifact): \(node.path): \(reason)", location: node.location,
            path: node.path)
    }

    /// Records a warning for each member of `object` whose key is not in `known`.
    package mutating func noteUnknownFields(of object: JSONObjectNode, known: Set<String>) {
        for (key, node) in object.members where !known.contains(key) {
            warnings.append(
                Finding(
                    code: "artifact.unknown-field", severity: .warning,
                    message: "\(artifact): \(node.path): unknown field, ignored; remove it, or upgrade the client "
                        + "if a newer publisher added it",
                    // The caller knows the file's path and fills `file` in.
                    location: Finding.Location(line: node.location?.line, column: node.location?.column)))
        }
    }

    // MARK: Typed fields

    package func node(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> JSONNode {
        try json { () throws(JSONError) in try object.required(key) }
    }

    package func string(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try json { () throws(JSONError) in try object.required(key).string() }
    }

    /// A required string that `isValid` accepts; otherwise an `invalid-value` error with `reason(found)`.
    func string(
        _ object: JSONObjectNode, _ key: String, where isValid: (String) -> Bool, _ reason: (String) -> String
    ) throws(ArtifactError) -> String {
        let field = try node(object, key)
        let text = try json { () throws(JSONError) in try field.string() }
        guard isValid(text) else { throw invalid(field, reason(text)) }
        return text
    }

    /// A required integer that `isValid` accepts; otherwise an `invalid-value` error with `reason(found)`.
    private func int(
        _ object: JSONObjectNode, _ key: String, where isValid: (Int) -> Bool, _ reason: (Int) -> String
    ) throws(ArtifactError) -> Int {
        let field = try node(object, key)
        let value = try json { () throws(JSONError) in try field.int() }
        guard isValid(value) else { throw invalid(field, reason(value)) }
        return value
    }

    /// A required string with at least one character.
    package func nonEmptyString(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try string(object, key, where: { !$0.isEmpty }) { _ in "must not be empty" }
    }

    func int(_ object: JSONObjectNode, _ key: String, minimum: Int) throws(ArtifactError) -> Int {
        try int(object, key, where: { $0 >= minimum }) { "must be at least \(minimum), found \($0)" }
    }

    /// A required revision: an integer from 1 to ``Manifest/maximumRevision``, which every JSON reader keeps exact.
    package func revision(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> Int {
        try int(object, key, where: { (1...Manifest.maximumRevision).contains($0) }) {
            "a revision is an integer from 1 to \(Manifest.maximumRevision) (2^53 - 1), found \($0)"
        }
    }

    /// A required app version (``NameGrammar/isAppVersion(_:)``): it names a folder of the origin.
    func appVersion(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try string(object, key, where: NameGrammar.isAppVersion) {
            "an app version is \(NameGrammar.appVersionRule), found \(quoted($0))"
        }
    }

    /// A required SHA-256 digest: exactly 64 lowercase hex digits.
    func hex64(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try string(object, key, where: { $0.isLowercaseHex(count: 64) }) {
            "expected 64 lowercase hex digits (a SHA-256), found \(quoted($0))"
        }
    }

    /// A required `sha256:<64 lowercase hex>` source hash.
    package func sourceHash(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try string(object, key, where: { $0.hasPrefix("sha256:") && $0.dropFirst(7).isLowercaseHex(count: 64) }) {
            "expected sha256:<64 lowercase hex digits> (as `overlay source-hash` prints it), found \(quoted($0))"
        }
    }

    /// A required module name (``NameGrammar/isModuleName(_:)``).
    package func moduleName(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> String {
        try string(object, key, where: NameGrammar.isModuleName) {
            "a module name is \(NameGrammar.moduleNameRule), found \(quoted($0))"
        }
    }

    /// A required RFC 3339 date-time, truncated to whole seconds.
    package func date(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> Date {
        let field = try node(object, key)
        let text = try json { () throws(JSONError) in try field.string() }
        guard let date = RFC3339.date(from: text) else {
            throw invalid(
                field, "expected an RFC 3339 date-time such as 2026-11-30T13:20:59Z (a real date, "
                    + "with a zone), found \(quoted(text))")
        }
        return date
    }

    /// A required array of distinct, non-empty strings.
    func stringList(_ object: JSONObjectNode, _ key: String) throws(ArtifactError) -> [String] {
        let elements = try json { () throws(JSONError) in try object.required(key).array() }
        var seen: Set<String> = []
        var result: [String] = []
        for element in elements {
            let text = try json { () throws(JSONError) in try element.string() }
            guard !text.isEmpty else { throw invalid(element, "must not be empty") }
            guard seen.insert(text).inserted else { throw invalid(element, "\(quoted(text)) is listed twice") }
            result.append(text)
        }
        return result
    }

    func quoted(_ text: String) -> String {
        JSONValue.string(String(text.prefix(80))).serialized()
    }
}
