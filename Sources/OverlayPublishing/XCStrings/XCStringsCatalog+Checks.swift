package import Foundation
package import OverlayCore

/// Catalog checks of FORMATS.md §3.2 that need no format-specifier parsing. The reader already rejects
/// a version other than 1.x (the file) and `argNum < 1` (the entry, as ``XCStringsCatalog/rejected``);
/// ``XCStringsCatalog/check(data:file:)`` reports those as findings too. A plural without `other` is judged per
/// language by the catalog loader (``MissingOtherRule``).
extension XCStringsCatalog {
    /// Finding codes of these checks.
    package enum CheckCode {
        /// A `%#@name@` token names no substitution of its localization (error).
        package static let missingSubstitution = "xcstrings.missing-substitution"
        /// A translation's state is `new` or `needs_review`: it is compiled, but nobody approved it (warning).
        package static let unreviewedTranslation = "xcstrings.unreviewed-translation"
    }

    /// Reads and checks a `.xcstrings` file, turning a read error into an error finding.
    package static func check(data: Data, file: String? = nil) -> [Finding] {
        do throws(XCStringsError) {
            return try XCStringsCatalog(data: data).check(file: file)
        } catch {
            return [error.finding(file: file)]
        }
    }

    /// Checks tokens against substitutions and reports unreviewed translations, in key order, then
    /// language order. Each message starts with the JSON path of the value.
    package func check(file: String? = nil) -> [Finding] {
        var checker = XCStringsChecker(sourceLanguage: sourceLanguage, file: file)
        for rejection in rejected {
            var finding = rejection.error.finding(file: file)
            finding.location.key = rejection.key
            checker.findings.append(finding)
        }
        for entry in entries {
            for language in entry.localizations.keys.sorted() {
                guard let localization = entry.localizations[language] else { continue }
                let path = JSONPath.root.appending(.key("strings")).appending(.key(entry.key))
                    .appending(.key("localizations")).appending(.key(language))
                checker.visit(localization, path: path, key: entry.key, language: language, scope: [])
            }
        }
        return checker.findings
    }
}

struct XCStringsChecker {
    let sourceLanguage: String
    let file: String?
    var findings: [Finding] = []

    mutating func visit(_ localization: XCLocalization, path: JSONPath, key: String, language: String,
                        scope inherited: Set<String>) {
        let scope = inherited.union(localization.substitutions.keys)
        if let unit = localization.stringUnit {
            check(unit, path: path.appending(.key("stringUnit")), key: key, language: language, scope: scope)
        }
        switch localization.variations {
        case .plural(let forms)?:
            checkForms(forms, path: path.appending(.key("variations")).appending(.key("plural")),
                       key: key, language: language, scope: scope)
        case .device(let devices)?:
            for device in devices.keys.sorted() {
                guard let variant = devices[device] else { continue }
                visit(variant, path: path.appending(.key("variations")).appending(.key("device"))
                        .appending(.key(device.rawValue)),
                      key: key, language: language, scope: scope)
            }
        case nil:
            break
        }
        for name in localization.substitutions.keys.sorted() {
            guard let substitution = localization.substitutions[name] else { continue }
            checkForms(substitution.plural,
                       path: path.appending(.key("substitutions")).appending(.key(name)).appending(.key("variations"))
                        .appending(.key("plural")),
                       key: key, language: language, scope: scope)
        }
    }

    mutating func checkForms(_ forms: [PluralCategory: XCStringUnit], path: JSONPath, key: String,
                             language: String, scope: Set<String>) {
        for category in forms.keys.sorted() {
            guard let unit = forms[category] else { continue }
            check(unit, path: path.appending(.key(category.rawValue)).appending(.key("stringUnit")),
                  key: key, language: language, scope: scope)
        }
    }

    mutating func check(_ unit: XCStringUnit, path: JSONPath, key: String, language: String, scope: Set<String>) {
        let location = Finding.Location(file: file, line: unit.location?.line, column: unit.location?.column,
                                        locale: language, key: key)
        var reported = Set<String>()
        for name in XCFormatTokens.tokenNames(in: unit.value) where !scope.contains(name) {
            guard reported.insert(name).inserted else { continue }
            findings.append(Finding(
                code: XCStringsCatalog.CheckCode.missingSubstitution, severity: .error,
                message: "\(path.appending(.key("value"))): the token %#@\(name)@ has no substitution \"\(name)\"; "
                    + "add it under substitutions or remove the token",
                location: location))
        }
        if language != sourceLanguage, let state = unit.state, state == .new || state == .needsReview {
            findings.append(Finding(
                code: XCStringsCatalog.CheckCode.unreviewedTranslation, severity: .warning,
                message: "\(path).state: the translation is \"\(state)\"; it is compiled as written, "
                    + "so review it and mark it translated",
                location: location))
        }
    }
}
