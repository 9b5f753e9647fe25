/// The compatibility fingerprint of a build's shipped catalog over its structure, not its text (DESIGN.md "Source
/// hash"). A development string that is its own key adds no line: Xcode leaves it out of what it builds.
package enum SourceHash {
    package static func lines(of catalog: Catalog) -> [String] {
        var lines: [String] = []
        for module in catalog.modules.values {
            for (tableName, table) in module.developmentTables {
                for key in table.keys {
                    guard let value = table.value(forKey: key), !value.isIdentical(to: .string(key)) else { continue }
                    let signature = ValueRules.slotMap(value).signature
                    lines.append("\(escape(module.name))\t\(escape(tableName))\t\(escape(key))\t\(signature)\n")
                }
            }
        }
        return lines.sorted(by: String.utf8Precedes)
    }

    package static func compute(for catalog: Catalog) -> String {
        var hasher = SHA256()
        for line in lines(of: catalog) { hasher.update(Array(line.utf8)) }
        return "sha256:" + hasher.finalize().hex
    }

    /// Escapes `\`, tab and newline so a field can never forge a separator.
    static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else { return field }
        var out = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Catalog {
    /// `sha256:<hex>` over the catalog's structure.
    public var sourceHash: String { SourceHash.compute(for: self) }
}
