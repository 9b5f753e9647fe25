package import OverlayCore

extension MissingOtherRule {
    /// Screens the entries a String Catalog compiled to for `locale` (the `.stringsdict` reader does the same for its
    /// files): an entry that does not render every count is taken out and returned as rejected, for this language
    /// only; one that renders without `other` stays, with a warning.
    package static func screen(
        _ entries: inout [String: StringsdictEntry], locale: String, file: String, line: (String) -> Int?
    ) -> (warnings: [Finding], rejected: [String: StringsdictFile.Rejection]) {
        var warnings: [Finding] = []
        var rejected: [String: StringsdictFile.Rejection] = [:]
        for key in entries.keys.sorted(by: String.utf8Precedes) {
            guard let entry = entries[key] else { continue }
            let variables = PluralCategoryRule.formats(in: entry).flatMap { $0.variables }
                .filter { $0.value.forms[.other] == nil }.sorted { $0.key < $1.key }
            guard !variables.isEmpty else { continue }
            var blocking: [String] = []
            for (name, variable) in variables {
                switch verdict(variable, locale: locale) {
                case .renders:
                    warnings.append(Finding(
                        code: "plural.missing-other", severity: .warning, message: warningMessage(name, locale: locale),
                        location: .init(file: file, line: line(key), locale: locale, key: key)))
                case .blocks(let why):
                    blocking.append("the plural variation \(name) has no \"other\" form, and \(why); add it")
                }
            }
            guard !blocking.isEmpty else { continue }
            entries[key] = nil
            rejected[key] = rejection(key: key, entry: entry, blocking: blocking, line: line(key))
        }
        return (warnings, rejected)
    }

    /// The rejection of a compiled entry some of whose variables block (the publisher screens String Catalogs).
    static func rejection(
        key: String, entry: StringsdictEntry, blocking: [String], line: Int?
    ) -> StringsdictFile.Rejection {
        StringsdictFile.Rejection(
            key: key,
            error: StringsdictError(
                code: .missingOther, message: blocking.joined(separator: "; "),
                location: line.map { SourceLocation(line: $0, column: 1) }, key: key),
            canonical: PropertyListWriter.xml(entry.propertyListValue))
    }
}
