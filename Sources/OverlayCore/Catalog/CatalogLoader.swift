package import Foundation

/// The model and everything found wrong on the way.
public struct CatalogLoadResult: Sendable {
    public var catalog: Catalog
    public var findings: [Finding]

    package init(catalog: Catalog, findings: [Finding]) {
        self.catalog = catalog
        self.findings = findings
    }
}

/// A catalog directory that cannot be read at all (content problems are findings).
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Reads `<lang>.lproj/<Table>.strings|.stringsdict`, `Base.lproj` and `Info.plist` into a `Catalog`: built bundles
/// (``BuiltCatalogLoader``) and an overlay's files. A source catalog folder is read in OverlayPublishing.
///
/// - `strict` (check, publish, validate): a duplicate key is an error.
/// - `lenient` (a shipped catalog at run time): a duplicate key keeps the last value with a warning, as Apple does.
public enum CatalogLoader {
    public enum Mode: Sendable {
        case strict, lenient
    }

    package static func sortedEntries(of directory: URL) throws -> [String] {
        do {
            return try LibC.names(in: directory.path).sorted(by: String.utf8Precedes)
        } catch {
            throw CatalogError(path: directory.path, message: "cannot list the directory (\(error))")
        }
    }

    /// Twice the most a client inflates for one module (a UTF-16 table is twice its UTF-8 text): nothing publishable
    /// is refused.
    public static let maxFileBytes = 128 << 20
}

package struct ModuleLoader {
    let mode: CatalogLoader.Mode
    /// False for an overlay's downloaded files: crafted binary lists crash Foundation (FORMATS.md §2.4).
    let acceptsPropertyLists: Bool
    package var findings: [Finding] = []
    /// One `String` per key across locales (a large catalog's keys were a tenth of its model).
    var keyPool = Set<String>()

    package init(mode: CatalogLoader.Mode, acceptsPropertyLists: Bool = true) {
        self.mode = mode
        self.acceptsPropertyLists = acceptsPropertyLists
    }

    /// `path`: the folder as findings name it (default: the module name); `infoPlist`: default `Info.plist` in the
    /// folder (a macOS bundle keeps it in `Contents/`).
    package mutating func loadModule(
        named name: String, at url: URL, path: String? = nil,
        infoPlist: (url: URL, path: String)? = nil
    ) throws -> CatalogModule? {
        let prefix = path ?? name
        let lprojs = lprojFolders(in: try listEntries(of: url, relativePath: prefix), at: url)
        guard !lprojs.isEmpty else { return nil }
        var module = startModule(named: name, at: url, prefix: prefix, infoPlist: infoPlist).module
        try readLocalizations(lprojs, at: url, prefix: prefix, into: &module)
        return module
    }

    package func lprojFolders(in entries: [String], at url: URL) -> [String] {
        entries.filter { $0.hasSuffix(".lproj") && BoundedFile.kind(of: url.appendingPathComponent($0).path) == .directory }
    }

    /// An empty module with the settings of its Info.plist (the development region `en` if it names none); the
    /// development region as written, nil if it names none.
    package mutating func startModule(
        named name: String, at url: URL, prefix: String, infoPlist: (url: URL, path: String)?
    ) -> (module: CatalogModule, developmentRegion: String?) {
        let plist = infoPlist ?? (url.appendingPathComponent("Info.plist"), "\(prefix)/Info.plist")
        let info = readInfoPlist(module: name, plist: plist.url, relativePath: plist.path)
        var module = CatalogModule(name: name, developmentRegion: info.developmentRegion.map(normalizedLocale) ?? "en")
        module.plainStrings = info.plainStrings
        return (module, info.developmentRegion)
    }

    /// Reads the `.lproj` folders into `module`, over the tables it already holds; a Base stringsdict is judged for
    /// the module's development region.
    package mutating func readLocalizations(
        _ lprojs: [String], at url: URL, prefix: String, into module: inout CatalogModule
    ) throws {
        let name = module.name
        // Two folders naming one locale (`EN.lproj` beside `en.lproj`, `fr_CA` beside `fr-CA`) are one folder on
        // a case-insensitive file system: read the one spelled canonically (else the first), say so for the other.
        let identifiers = lprojs.map { normalizedLocale(String($0.dropLast(".lproj".count))) }
        var chosen: [String: String] = [:]
        for (directory, identifier) in zip(lprojs, identifiers) {
            if let taken = chosen[identifier], taken.dropLast(".lproj".count) == identifier { continue }
            if chosen[identifier] == nil || directory.dropLast(".lproj".count) == identifier { chosen[identifier] = directory }
        }
        for (directory, identifier) in zip(lprojs, identifiers) {
            if let kept = chosen[identifier], kept != directory {
                findings.append(Finding(
                    code: "catalog.duplicate-localization", severity: .warning,
                    message: "\(directory) and \(kept) are both the \(identifier) localization (one folder on a case-insensitive file system such as the device's); \(directory) is not read: merge it into \(kept) and remove it",
                    location: .init(file: "\(prefix)/\(directory)", module: name, locale: identifier)))
                continue
            }
            let lprojURL = url.appendingPathComponent(directory)
            let files = try listEntries(of: lprojURL, relativePath: "\(prefix)/\(directory)")
            let locale = identifier == "Base" ? module.developmentRegion : identifier
            module.updateLocalization(identifier, directoryName: directory) { localization in
                for file in files {
                    let findingsBefore = findings.count
                    let table = addTableFile(
                        file, url: lprojURL.appendingPathComponent(file), relativePath: "\(prefix)/\(directory)/\(file)",
                        locale: locale, to: &localization)
                    if table == CatalogTable.infoPlistTableName { demoteNeverPublished(from: findingsBefore) }
                }
            }
        }
    }

    mutating func readInfoPlist(
        module: String, plist plistURL: URL, relativePath: String
    ) -> (developmentRegion: String?, plainStrings: PlainStrings?) {
        guard let data = readFile(relativePath: relativePath, url: plistURL, optional: true) else { return (nil, nil) }
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        func invalid(_ message: String) {
            findings.append(Finding(
                code: "catalog.invalid-info-plist", severity: .error, message: message,
                location: .init(file: relativePath, module: module)))
        }
        guard let dictionary = plist as? [String: Any] else {
            invalid("Info.plist is not a property-list dictionary; fix it or remove it (the development region then defaults to en)")
            return (nil, nil)
        }
        var plainStrings: PlainStrings?
        if let setting = dictionary["OverlayPlainStrings"] {
            plainStrings = (setting as? String).flatMap(PlainStrings.init(rawValue:))
            if plainStrings == nil {
                invalid("OverlayPlainStrings must be \"as-written\" (the app shows a value without arguments as written) or \"formatted\" (it passes every value through String(format:))")
            }
        }
        guard let region = dictionary["CFBundleDevelopmentRegion"] else { return (nil, plainStrings) }
        guard let text = region as? String, !text.isEmpty else {
            invalid("CFBundleDevelopmentRegion must be a non-empty string such as \"en\"")
            return (nil, plainStrings)
        }
        return (text, plainStrings)
    }

    /// An `InfoPlist.strings` file's errors become warnings: publish never ships it (the OS reads the app bundle's).
    mutating func demoteNeverPublished(from index: Int) {
        for position in index..<findings.count where findings[position].severity == .error {
            findings[position].severity = .warning
            findings[position].message += " (InfoPlist.strings is never published: fix it in the app's next build)"
        }
    }
}

/// `fr_CA` → `fr-CA`, `French` → `fr`; an unparseable name (`Base` too) stays as it is.
package func normalizedLocale(_ name: String) -> String {
    LocaleIdentifier(name)?.description ?? name
}
