package import Foundation
package import OverlayCore

extension TableArtifact: WireArtifact {
    static let fileName = "table artifact"
    static let fields: Set<String> = [
        "schema_version", "source_hash", "module", "locale", "table", "revision", "generated_at", "strings",
        "plurals",
    ]

    /// Decodes a table artifact, returning one `artifact.unknown-field` warning per ignored member.
    /// - Throws: ``ArtifactError`` naming the JSON path of the first problem, e.g. a plural variable
    ///   without `other` or a key listed in both `strings` and `plurals`.
    package static func decodeWithWarnings(
        _ data: Data, limits: ArtifactLimits = .default
    ) throws(ArtifactError) -> (value: TableArtifact, warnings: [Finding]) {
        var decoder = ArtifactDecoder(artifact: fileName)
        let root = try decoder.root(data, maxBytes: limits.tableArtifactBytes, maxDepth: limits.maxDepth)
        decoder.noteUnknownFields(of: root, known: fields)
        var artifact = TableArtifact(
            sourceHash: try decoder.sourceHash(root, "source_hash"),
            module: try decoder.moduleName(root, "module"),
            locale: try decoder.nonEmptyString(root, "locale"),
            table: try decoder.nonEmptyString(root, "table"),
            revision: try decoder.revision(root, "revision"),
            generatedAt: try decoder.date(root, "generated_at"),
            strings: [:])
        let strings = try decoder.json { () throws(JSONError) in try root.required("strings").object() }
        for (key, node) in strings.members {
            artifact.strings[key] = try decoder.json { () throws(JSONError) in try node.string() }
        }
        let plurals = try decoder.json { () throws(JSONError) in try root.required("plurals").object() }
        for (key, node) in plurals.members {
            guard artifact.strings[key] == nil else {
                throw decoder.invalid(node, "the key is also in strings; keep it in one of strings and plurals")
            }
            artifact.plurals[key] = try decodePlural(node, decoder: &decoder)
        }
        return (artifact, decoder.warnings)
    }

    private static func decodePlural(
        _ node: JSONNode, decoder: inout ArtifactDecoder
    ) throws(ArtifactError) -> PluralFormat {
        let entry = try decoder.json { () throws(JSONError) in try node.object() }
        decoder.noteUnknownFields(of: entry, known: ["format", "variables"])
        let format = try decoder.string(entry, "format")
        let variablesNode = try decoder.node(entry, "variables")
        let variables = try decoder.json { () throws(JSONError) in try variablesNode.object() }
        guard !variables.object.isEmpty else {
            throw decoder.invalid(variablesNode, "needs at least one variable, the one the format's %#@name@ names")
        }
        var result = PluralFormat(format: format, variables: [:])
        for (name, variableNode) in variables.members {
            guard !name.isEmpty else { throw decoder.invalid(variableNode, "a variable name must not be empty") }
            let variable = try decoder.json { () throws(JSONError) in try variableNode.object() }
            decoder.noteUnknownFields(
                of: variable, known: Set(["value_type"] + PluralCategory.allCases.map(\.rawValue)))
            let valueType = try decoder.nonEmptyString(variable, "value_type")
            guard variable.optional("other") != nil else {
                throw decoder.invalid(
                    variableNode, "a plural variable needs an `other` variant (every locale's fallback category); add it")
            }
            var forms: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases where variable.optional(category.rawValue) != nil {
                forms[category] = try decoder.string(variable, category.rawValue)
            }
            result.variables[name] = PluralVariable(valueType: valueType, forms: forms)
        }
        return result
    }
}
