/// The compatibility fingerprint of a build's shipped catalog: `sha256:<hex>` over its structure, not its text.
///
/// For every key of every module's development-language tables (Base.lproj filling in key by key, `.stringsdict`
/// over `.strings`, `InfoPlist` excluded) one line `module\ttable\tkey\tsignature\n`, where the signature is the
/// argument slot list and the named substitutions (`1:object,2:int64,name:user`). Lines are sorted by bytes and
/// hashed together. Rewording a string keeps the hash; adding or removing a key or changing an argument changes it.
///
/// A development-language string that is its own key (`"OK" = "OK";`, a String Catalog entry without a source value)
/// adds no line: Xcode leaves such strings out of what it builds by default (FORMATS.md §3.3) and `Bundle` shows the
/// key for them anyway, so the hash of a built app and of its sources can only agree without them. Such a string has
/// no argument its key does not spell out itself.
package enum SourceHash {
    /// The lines the hash is computed over, sorted by bytes, each ending in `\n`.
    package static func lines(of catalog: Catalog) -> [String] {
        var lines: [String] = []
        for module in catalog.modules.values {
            for (tableName, table) in module.developmentTables {
                for key in table.keys {
                    guard let value = table.value(forKey: key), !isOwnKey(value, key) else { continue }
                    let signature = FormatSignature.of(value)
                    lines.append("\(escape(module.name))\t\(escape(tableName))\t\(escape(key))\t\(signature)\n")
                }
            }
        }
        return lines.sorted(by: String.utf8Precedes)
    }

    /// Whether `value` is a plain string byte-identical to `key`: text a build may leave out (see above).
    static func isOwnKey(_ value: CatalogValue, _ key: String) -> Bool {
        if case .string(let text) = value { return text.utf8.elementsEqual(key.utf8) }
        return false
    }

    /// `sha256:<lowercase hex>` of the catalog's structure.
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
    /// The source hash of this catalog (see `SourceHash`).
    public var sourceHash: String { SourceHash.compute(for: self) }
}
