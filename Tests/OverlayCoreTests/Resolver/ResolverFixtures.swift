import Foundation
@testable import OverlayCore
import OverlayPublishing

/// In-memory catalogs and on-disk store revision directories for the resolver tests.
enum ResolverFixtures {
    /// The sample app catalog (testdata/catalog), loaded once, leniently as an app would.
    static let sampleCatalog: Catalog = {
        try! CatalogLoader.load(at: Fixtures.url("catalog"), mode: .lenient).catalog
    }()

    /// A module from locale → table → (key → string) and locale → table → (key → plural entry).
    static func module(
        _ name: String, developmentRegion: String = "en", strings: [String: [String: [String: String]]],
        plurals: [String: [String: [String: StringsdictEntry]]] = [:]
    ) -> CatalogModule {
        var module = CatalogModule(name: name, developmentRegion: developmentRegion)
        for locale in Set(strings.keys).union(plurals.keys) {
            var localization = CatalogLocalization(identifier: locale, directoryName: "\(locale).lproj")
            for table in Set((strings[locale] ?? [:]).keys).union((plurals[locale] ?? [:]).keys) {
                localization.tables[table] = CatalogTable(
                    name: table, strings: strings[locale]?[table] ?? [:], plurals: plurals[locale]?[table] ?? [:])
            }
            module.localizations[locale] = localization
        }
        return module
    }

    /// A one-module catalog whose `Localizable` tables hold `strings` per locale.
    static func catalog(_ strings: [String: [String: String]], plurals: [String: [String: StringsdictEntry]] = [:])
        -> Catalog
    {
        Catalog(modules: [
            "M": module(
                "M", strings: strings.mapValues { ["Localizable": $0] },
                plurals: plurals.mapValues { ["Localizable": $0] })
        ])
    }

    /// A plural entry `%#@v@` (or `format`) with one variable.
    static func plural(_ forms: [PluralCategory: String], valueType: String = "ld", format: String = "%#@v@")
        -> StringsdictEntry
    {
        .format(PluralFormat(format: format, variables: ["v": PluralVariable(valueType: valueType, forms: forms)]))
    }

    /// A plural entry `%1$#@v0@` whose variants name the next variable `repeats` times, `levels` deep, over `leaf`.
    static func repeatedVariables(levels: Int, repeats: Int, leaf: String) -> StringsdictEntry {
        let names = (0..<levels).map { "v\($0)" }
        var variables: [String: PluralVariable] = [:]
        for (index, name) in names.enumerated() {
            let text = index + 1 < levels
                ? Array(repeating: "%1$#@\(names[index + 1])@", count: repeats).joined(separator: " ") : leaf
            variables[name] = PluralVariable(valueType: "ld", forms: [.one: text, .other: text])
        }
        return .format(PluralFormat(format: "%1$#@v0@", variables: variables))
    }

    /// A fresh temporary directory, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("resolver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a store revision directory `<root>/modules/<module>/<sha>/<lang>.lproj/<Table>.strings` and returns
    /// its `ActiveRevision`.
    static func revision(
        in root: URL, module: String, sha256: String, revision: Int, tables: [String: [String: String]],
        table: String = "Localizable"
    ) throws -> ActiveRevision {
        let directory = root.appendingPathComponent("modules/\(module)/\(sha256)")
        for (locale, strings) in tables {
            let lproj = directory.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            let body = strings.keys.sorted().map { key in
                "\"\(escape(key))\" = \"\(escape(strings[key]!))\";\n"
            }.joined()
            try Data(body.utf8).write(to: lproj.appendingPathComponent("\(table).strings"))
        }
        try seal(directory)
        return ActiveRevision(module: module, sha256: sha256, revision: revision, path: directory.standardizedFileURL.path)
    }

    /// Writes what the store writes last into a revision directory: the digest list of every file in it (the resolver
    /// reads only what the list names).
    static func seal(_ directory: URL) throws {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for path in try manager.subpathsOfDirectory(atPath: directory.path)
        where path != DigestList.fileName
            && BoundedFile.kind(of: directory.appendingPathComponent(path).path) == .regular {
            files[path] = try Data(contentsOf: directory.appendingPathComponent(path))
        }
        try DigestList(files: files).data.write(to: directory.appendingPathComponent(DigestList.fileName))
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
