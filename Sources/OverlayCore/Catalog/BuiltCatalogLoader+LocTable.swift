import Foundation

extension ModuleLoader {
    /// `<Table>.loctable` files (FORMATS.md §3.3); keys that are not a language (`LocProvenance`, `en~mac`) are
    /// skipped, and an `.lproj` file's value wins.
    mutating func readLocTables(at location: BuiltCatalogLoader.Location, into module: inout CatalogModule?) throws {
        let names = try listEntries(of: location.resources, relativePath: location.path).filter { $0.hasSuffix(".loctable") }
        for file in names {
            let relativePath = "\(location.path)/\(file)"
            guard let data = readFile(relativePath: relativePath, url: location.resources.appendingPathComponent(file))
            else { continue }
            var languages: [PropertyListEntry]?
            let problem: String
            do {
                let root = try PropertyListReader.read(
                    data, limits: .init(maxBytes: CatalogLoader.maxFileBytes), acceptingBinary: true)
                languages = root.dictionaryEntries
                problem = "holds \(root.kindWithArticle), not a dict of languages"
            } catch {
                problem = "cannot be read (\(error.message))"
            }
            guard let languages else {
                findings.append(Finding(
                    code: "catalog.invalid-loctable", severity: .error, message: "the loctable \(problem); rebuild the product",
                    location: .init(file: relativePath, module: location.module)))
                continue
            }
            if module == nil {
                module = startModule(
                    named: location.module, at: location.resources, prefix: location.path,
                    infoPlist: (location.infoPlist, location.infoPlistPath)).module
            }
            let tableName = String(file.dropLast(".loctable".count))
            for language in languages {
                let identifier = normalizedLocale(language.key)
                guard identifier == "Base" || LocaleIdentifier(language.key) != nil,
                    let entries = language.value.dictionaryEntries
                else { continue }
                let table = readLocTableLanguage(
                    entries, table: tableName, file: relativePath, module: location.module, locale: identifier)
                module?.updateLocalization(identifier, directoryName: "\(language.key).lproj") { localization in
                    localization.tables[tableName, default: CatalogTable(name: tableName)].fill(from: table)
                }
            }
        }
    }

    private mutating func readLocTableLanguage(
        _ entries: [PropertyListEntry], table: String, file: String, module: String, locale: String
    ) -> CatalogTable {
        var content = CatalogTable(name: table, files: [file])
        var plurals: [PropertyListEntry] = []
        for entry in entries {
            switch entry.value {
            case .string(let text, _):
                content.strings[entry.key] = text
                content.origins[entry.key] = KeyOrigin(file: file)
            case .dictionary:
                plurals.append(entry)
            default:
                findings.append(Finding(
                    code: "strings.non-string-value", severity: .error,
                    message: "the value of \"\(entry.key)\" is \(entry.value.kindWithArticle); a table holds strings and stringsdict entries only",
                    location: .init(file: file, module: module, table: table, key: entry.key)))
            }
        }
        if !plurals.isEmpty, let read = try? StringsdictReader.readFile(.dictionary(plurals, nil), locale: locale) {
            add(read, from: file, to: &content)
        }
        return content
    }
}
