public import Foundation

/// The result of reading a catalog directory: the model and everything found wrong on the way.
public struct CatalogLoadResult: Sendable {
    public var catalog: Catalog
    public var findings: [Finding]
}

/// A catalog directory that cannot be read at all (as opposed to content problems, which are findings).
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// Reads `<catalog>/<Module>/<lang>.lproj/<Table>.strings|.stringsdict`, `<Module>/Base.lproj`,
/// `<Module>/Info.plist` and `<Module>/<Table>.xcstrings` into a `Catalog`.
///
/// - `strict` (check, publish, validate): a duplicate key is an error.
/// - `lenient` (a shipped catalog at run time): what Apple forgives is forgiven — a duplicate key keeps the last value
///   with a warning; a table that does not parse is skipped with an error finding; nothing crashes.
public enum CatalogLoader {
    public enum Mode: Sendable {
        case strict, lenient
    }

    /// Loads the catalog rooted at `root`.
    /// - Throws: `CatalogError` when `root` is not a readable directory.
    public static func load(at root: URL, mode: Mode = .strict) throws -> CatalogLoadResult {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError(path: root.path, message: "not a directory; pass the folder that holds one folder per module")
        }
        var loader = ModuleLoader(root: root, mode: mode)
        var catalog = Catalog()
        let names = try loader.listEntries(of: root, relativePath: nil).filter {
            !$0.hasPrefix(".") && isDirectoryURL(root.appendingPathComponent($0))
        }
        // Modules are read independently, so on every core; findings are joined in name order, as read one by one.
        let modules = try ConcurrentMap.map(names.count) { (index: Int) throws -> (module: CatalogModule?, findings: [Finding]) in
            var moduleLoader = ModuleLoader(root: root, mode: mode)
            let module = try moduleLoader.loadModule(named: names[index], at: root.appendingPathComponent(names[index]))
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

    /// Loads one module folder (`<lang>.lproj/…`, `Base.lproj`, `Info.plist`, `*.xcstrings`), e.g. a store revision
    /// directory. Nil when the folder holds no localization at all.
    /// - Parameter locales: when given, only these localizations (normalized identifiers) are parsed — a resolver
    ///   needs just its fallback chain; `Base.lproj` is parsed with the development region.
    package static func loadModule(
        named name: String, at url: URL, mode: Mode = .lenient, locales: Set<String>? = nil
    ) throws -> (module: CatalogModule?, findings: [Finding]) {
        var loader = ModuleLoader(root: url.deletingLastPathComponent(), mode: mode)
        let module = try loader.loadModule(named: name, at: url, only: locales)
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

    static func sortedEntries(of directory: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        } catch {
            throw CatalogError(path: directory.path, message: "cannot list the directory (\(error.localizedDescription))")
        }
    }

    /// Whether `url` is a directory itself, not a symbolic link to one (`lstat`): links are never followed.
    static func isDirectoryURL(_ url: URL) -> Bool {
        BoundedFile.kind(of: url.path) == .directory
    }

    /// The largest catalog file read: 128 MiB, twice the most a client inflates for one module (a UTF-16 table is
    /// twice its UTF-8 text), so nothing publishable is refused and nothing larger is ever read into memory.
    public static let maxFileBytes = 128 << 20
}

/// Loads one module folder, collecting findings.
struct ModuleLoader {
    let root: URL
    let mode: CatalogLoader.Mode
    var findings: [Finding] = []
    /// Every key read so far, each kept once: the same key in 82 locales' tables shares one `String` (a large
    /// catalog's keys were a tenth of its model).
    var keyPool = Set<String>()

    init(root: URL, mode: CatalogLoader.Mode) {
        self.root = root
        self.mode = mode
    }

    /// - Parameters:
    ///   - path: the folder as findings name it (default: the module name, a catalog's module folder).
    ///   - infoPlist: where `CFBundleDevelopmentRegion` is read, and its path in findings (default: `Info.plist` in
    ///     the folder; a macOS bundle keeps it in `Contents/`, beside `Contents/Resources`).
    mutating func loadModule(
        named name: String, at url: URL, only locales: Set<String>? = nil, path: String? = nil,
        infoPlist: (url: URL, path: String)? = nil
    ) throws -> CatalogModule? {
        let prefix = path ?? name
        let entries = try listEntries(of: url, relativePath: prefix)
        let lprojs = entries.filter { $0.hasSuffix(".lproj") && CatalogLoader.isDirectoryURL(url.appendingPathComponent($0)) }
        let xcstrings = entries.filter { $0.hasSuffix(".xcstrings") }
        guard !lprojs.isEmpty || !xcstrings.isEmpty else { return nil }

        var module = CatalogModule(name: name, developmentRegion: "en")
        let plist = infoPlist ?? (url.appendingPathComponent("Info.plist"), "\(prefix)/Info.plist")
        let info = readInfoPlist(module: name, plist: plist.url, relativePath: plist.path)
        var developmentRegion = info.developmentRegion
        module.plainStrings = info.plainStrings
        var unreadableXCStrings: [String] = []

        for file in xcstrings {
            let table = String(file.dropLast(".xcstrings".count))
            guard let compiled = readXCStrings(relativePath: "\(prefix)/\(file)", url: url.appendingPathComponent(file)) else {
                unreadableXCStrings.append(table)
                continue
            }
            if developmentRegion == nil { developmentRegion = compiled.sourceLanguage }
            for (language, tableContent) in compiled.tables {
                let identifier = normalizedLocale(language)
                var localization = module.localizations[identifier]
                    ?? CatalogLocalization(identifier: identifier, directoryName: "\(language).lproj")
                var merged = localization.tables[table] ?? CatalogTable(name: table)
                merged.fill(from: tableContent.renamed(table))
                localization.tables[table] = merged
                module.localizations[identifier] = localization
            }
        }

        // Two folders naming one locale (`EN.lproj` beside `en.lproj`, `fr_CA` beside `fr-CA`) are one folder on
        // a case-insensitive file system: read the one spelled canonically (else the first), say so for the other.
        var chosen: [String: String] = [:]
        for directory in lprojs {
            let rawName = String(directory.dropLast(".lproj".count))
            let identifier = rawName == "Base" ? "Base" : normalizedLocale(rawName)
            if let taken = chosen[identifier], taken.dropLast(".lproj".count) == identifier { continue }
            if chosen[identifier] == nil || rawName == identifier { chosen[identifier] = directory }
        }
        for directory in lprojs {
            let rawName = String(directory.dropLast(".lproj".count))
            let isBase = rawName == "Base"
            let identifier = isBase ? "Base" : normalizedLocale(rawName)
            if let locales, !locales.contains(identifier) { continue }
            if let kept = chosen[identifier], kept != directory {
                findings.append(Finding(
                    code: "catalog.duplicate-localization", severity: .warning,
                    message: "\(directory) and \(kept) are both the \(identifier) localization (one folder on a case-insensitive file system such as the device's); \(directory) is not read: merge it into \(kept) and remove it",
                    location: .init(file: "\(prefix)/\(directory)", module: name, locale: identifier)))
                continue
            }
            var localization = (isBase ? module.base : module.localizations[identifier])
                ?? CatalogLocalization(identifier: identifier, directoryName: directory)
            let lprojURL = url.appendingPathComponent(directory)
            let files = try listEntries(of: lprojURL, relativePath: "\(prefix)/\(directory)")
            let tableNames = Set(files.compactMap { file -> String? in
                if file.hasSuffix(".strings") { return String(file.dropLast(".strings".count)) }
                if file.hasSuffix(".stringsdict") { return String(file.dropLast(".stringsdict".count)) }
                return nil
            })
            for table in tableNames.sorted() {
                var content = localization.tables[table] ?? CatalogTable(name: table)
                let base = "\(prefix)/\(directory)/\(table)"
                let findingsBefore = findings.count
                defer { if table == CatalogTable.infoPlistTableName { demoteNeverPublished(from: findingsBefore) } }
                if files.contains(table + ".strings"),
                    !readStrings(relativePath: base + ".strings", url: lprojURL.appendingPathComponent(table + ".strings"), into: &content)
                {
                    localization.unreadableTables.insert(table)
                }
                if files.contains(table + ".stringsdict"),
                    !readStringsdict(
                        relativePath: base + ".stringsdict", url: lprojURL.appendingPathComponent(table + ".stringsdict"),
                        locale: isBase ? normalizedLocale(developmentRegion ?? "en") : identifier, into: &content)
                {
                    localization.unreadableTables.insert(table)
                }
                localization.tables[table] = content
            }
            if isBase {
                module.base = localization
            } else {
                module.localizations[identifier] = localization
            }
        }
        module.developmentRegion = developmentRegion.map(normalizedLocale) ?? "en"
        for identifier in module.localizations.keys {
            module.localizations[identifier]?.unreadableTables.formUnion(unreadableXCStrings)
        }
        // A module without development-language tables (its text lives in code) is reported once by CatalogChecker.
        return module
    }

    /// `CFBundleDevelopmentRegion` and `OverlayPlainStrings` from the module's `Info.plist` (`relativePath` names it),
    /// when there is one.
    mutating func readInfoPlist(
        module: String, plist plistURL: URL, relativePath: String
    ) -> (developmentRegion: String?, plainStrings: PlainStrings?) {
        guard let data = readOptionalFile(relativePath: relativePath, url: plistURL) else { return (nil, nil) }
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        let location = Finding.Location(file: relativePath, module: module)
        guard let dictionary = plist as? [String: Any] else {
            findings.append(Finding(
                code: "catalog.invalid-info-plist", severity: .error,
                message: "Info.plist is not a property-list dictionary; fix it or remove it (the development region then defaults to en)",
                location: location))
            return (nil, nil)
        }
        var plainStrings: PlainStrings?
        if let setting = dictionary["OverlayPlainStrings"] {
            plainStrings = (setting as? String).flatMap(PlainStrings.init(rawValue:))
            if plainStrings == nil {
                findings.append(Finding(
                    code: "catalog.invalid-info-plist", severity: .error,
                    message: "OverlayPlainStrings must be \"as-written\" (the app shows a value without arguments as written) or \"formatted\" (it passes every value through String(format:))",
                    location: location))
            }
        }
        guard let region = dictionary["CFBundleDevelopmentRegion"] else { return (nil, plainStrings) }
        guard let text = region as? String, !text.isEmpty else {
            findings.append(Finding(
                code: "catalog.invalid-info-plist", severity: .error,
                message: "CFBundleDevelopmentRegion must be a non-empty string such as \"en\"",
                location: location))
            return (nil, plainStrings)
        }
        return (text, plainStrings)
    }

    /// Findings from `index` on, about an `InfoPlist.strings` file, as warnings: publish never ships the file (the OS
    /// reads it from the app bundle), so nothing in it can block a publish or change what a device shows.
    mutating func demoteNeverPublished(from index: Int) {
        for position in index..<findings.count where findings[position].severity == .error {
            findings[position].severity = .warning
            findings[position].message += " (InfoPlist.strings is never published: fix it in the app's next build)"
        }
    }

    mutating func add(_ finding: Finding) {
        findings.append(finding)
    }
}

/// The canonical form of an lproj name or tag (`fr_CA` → `fr-CA`, `French` → `fr`); unparseable names stay as they are.
func normalizedLocale(_ name: String) -> String {
    LocaleIdentifier(name)?.description ?? name
}
