public import Foundation
public import OverlayCore

/// A source catalog folder: `<catalog>/<Module>/<lang>.lproj/<Table>.strings|.stringsdict`, `<Module>/Base.lproj`,
/// `<Module>/Info.plist` and `<Module>/<Table>.xcstrings`, as check, publish and the tools read it. An app reads what
/// Xcode built instead (``BuiltCatalogLoader``), where every String Catalog is already compiled to tables.
extension CatalogLoader {
    /// Loads the catalog rooted at `root`.
    /// - Throws: `CatalogError` when `root` is not a readable directory.
    public static func load(at root: URL, mode: Mode = .strict) throws -> CatalogLoadResult {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError(path: root.path, message: "not a directory; pass the folder that holds one folder per module")
        }
        var loader = ModuleLoader(mode: mode)
        var catalog = Catalog()
        let names = try loader.listEntries(of: root, relativePath: nil).filter {
            !$0.hasPrefix(".") && BoundedFile.kind(of: root.appendingPathComponent($0).path) == .directory
        }
        // Modules are read independently, so on every core; findings are joined in name order, as read one by one.
        let modules = try ConcurrentMap.map(names.count) { (index: Int) throws -> (module: CatalogModule?, findings: [Finding]) in
            var moduleLoader = ModuleLoader(mode: mode)
            let module = try moduleLoader.loadSourceModule(named: names[index], at: root.appendingPathComponent(names[index]))
            return (module: module, findings: moduleLoader.findings)
        }
        for (name, loaded) in zip(names, modules) {
            loader.findings += loaded.findings
            if let module = loaded.module { catalog.modules[name] = module }
        }
        if catalog.modules.isEmpty {
            loader.findings.append(Finding(
                code: "catalog.empty", severity: .error,
                message: "no module found: a catalog holds <Module>/<lang>.lproj/<Table>.strings folders or <Module>/<Table>.xcstrings files",
                location: .init(file: root.path)))
        }
        return CatalogLoadResult(catalog: catalog, findings: loader.findings)
    }

    /// Loads one module folder (`<lang>.lproj/…`, `Base.lproj`, `Info.plist`, `*.xcstrings`). Nil when the folder
    /// holds no localization at all.
    package static func loadModule(
        named name: String, at url: URL, mode: Mode = .lenient
    ) throws -> (module: CatalogModule?, findings: [Finding]) {
        var loader = ModuleLoader(mode: mode)
        let module = try loader.loadSourceModule(named: name, at: url)
        return (module, loader.findings)
    }

    /// The normalized identifiers of a module folder's `.lproj` directories (`Base` included), without parsing them.
    public static func localizationIdentifiers(at url: URL) -> [String: String] {
        var result: [String: String] = [:]
        for name in (try? sortedEntries(of: url)) ?? [] where name.hasSuffix(".lproj") {
            let rawName = String(name.dropLast(".lproj".count))
            result[rawName == "Base" ? "Base" : normalizedLocale(rawName)] = name
        }
        return result
    }

    /// Checks and compiles a String Catalog. Nil when it cannot be read (an error finding says why).
    static func compileXCStrings(data: Data, relativePath: String, findings: inout [Finding]) -> CompiledXCStrings? {
        let catalog: XCStringsCatalog
        do {
            catalog = try XCStringsCatalog(data: data)
        } catch {
            findings.append(error.finding(file: relativePath))
            return nil
        }
        findings += catalog.check(file: relativePath)
        var tables: [String: CatalogTable] = [:]
        for (language, compiled) in catalog.compile() {
            // A plural without `other` is judged for this language: kept with a warning, or rejected here alone.
            var plurals = compiled.stringsdict
            let screened = MissingOtherRule.screen(&plurals, locale: normalizedLocale(language), file: relativePath) {
                catalog.strings[$0]?.location?.line
            }
            findings += screened.warnings
            var origins: [String: KeyOrigin] = [:]
            for key in Set(compiled.strings.keys).union(compiled.stringsdict.keys) {
                origins[key] = KeyOrigin(file: relativePath, line: catalog.strings[key]?.location?.line)
            }
            // Not to be translated, or no longer in the code (Xcode's `stale`): never "missing" anywhere.
            let nonTranslatable = language == catalog.sourceLanguage
                ? Set(catalog.entries.filter { !$0.shouldTranslate || $0.extractionState == .stale }.map(\.key)) : []
            var table = CatalogTable(
                name: "", strings: compiled.strings, plurals: plurals, origins: origins,
                nonTranslatableKeys: nonTranslatable, files: [relativePath])
            table.rejectedEntries = screened.rejected
            tables[language] = table
        }
        return CompiledXCStrings(sourceLanguage: catalog.sourceLanguage, tables: tables)
    }
}

/// An `.xcstrings` file compiled to one table per language.
struct CompiledXCStrings {
    var sourceLanguage: String
    var tables: [String: CatalogTable]

    init(sourceLanguage: String, tables: [String: CatalogTable]) {
        self.sourceLanguage = sourceLanguage
        self.tables = tables
    }
}

extension ModuleLoader {
    /// A source module folder: its String Catalogs first, then its `.lproj` folders into the same tables (a locale
    /// both hold keeps the catalog's folder name). Nil when it holds neither.
    mutating func loadSourceModule(named name: String, at url: URL) throws -> CatalogModule? {
        let entries = try listEntries(of: url, relativePath: name)
        let lprojs = lprojFolders(in: entries, at: url)
        let xcstrings = entries.filter { $0.hasSuffix(".xcstrings") }
        guard !lprojs.isEmpty || !xcstrings.isEmpty else { return nil }
        var (module, developmentRegion) = startModule(named: name, at: url, prefix: name, infoPlist: nil)
        var unreadableXCStrings: [String] = []
        for file in xcstrings {
            let table = String(file.dropLast(".xcstrings".count))
            let path = "\(name)/\(file)"
            guard let data = readFile(relativePath: path, url: url.appendingPathComponent(file)),
                let compiled = CatalogLoader.compileXCStrings(data: data, relativePath: path, findings: &findings)
            else {
                unreadableXCStrings.append(table)
                continue
            }
            if developmentRegion == nil { developmentRegion = compiled.sourceLanguage }
            for (language, var tableContent) in compiled.tables {
                tableContent.name = table
                let identifier = normalizedLocale(language)
                var localization = module.localizations[identifier]
                    ?? CatalogLocalization(identifier: identifier, directoryName: "\(language).lproj")
                var merged = localization.tables[table] ?? CatalogTable(name: table)
                merged.fill(from: tableContent)
                localization.tables[table] = merged
                module.localizations[identifier] = localization
            }
        }
        module.developmentRegion = developmentRegion.map(normalizedLocale) ?? "en"
        try readLocalizations(lprojs, at: url, prefix: name, into: &module)
        for identifier in module.localizations.keys {
            module.localizations[identifier]?.unreadableTables.formUnion(unreadableXCStrings)
        }
        return module
    }
}
