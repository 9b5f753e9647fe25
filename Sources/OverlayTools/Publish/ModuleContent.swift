package import Foundation
package import OverlayCore
internal import OverlayPublishing

/// The files of one module's archive except its header: `Info.plist` and canonical
/// `<lang>.lproj/<Table>.strings|.stringsdict`, the same bytes for the same content.
///
/// Tables are written canonically (UTF-8, keys sorted, no comments) rather than copied, so a re-encoded or
/// re-commented source file publishes nothing new; the text of every string is kept exactly. `InfoPlist` tables are
/// left out: the OS reads them from the app bundle.
public struct ModuleContent: Sendable {
    package var module: String
    package var developmentRegion: String
    /// Relative path → what its bytes are written from: each file is written when the archive asks for it, so a
    /// large module's canonical files are never all in memory at once.
    private var sources: [String: Source]
    package var locales: [String]
    package var tables: [String]
    /// Number of keys over all locales and tables.
    package var entries: Int

    package init(_ module: CatalogModule) {
        self.module = module.name
        developmentRegion = module.developmentRegion
        var files: [String: Source] = [:]
        var tables = Set<String>()
        var locales: [String] = []
        var entries = 0
        var localizations = module.localizations
        // Base.lproj content is development-region content: publish it merged into the development language.
        if module.base != nil {
            var development = localizations[module.developmentRegion]
                ?? CatalogLocalization(identifier: module.developmentRegion, directoryName: "\(module.developmentRegion).lproj")
            development.tables = module.developmentTables
            localizations[module.developmentRegion] = development
        }
        for identifier in localizations.keys.sorted() {
            guard let localization = localizations[identifier] else { continue }
            var wroteAny = false
            for (name, table) in localization.tables where name != CatalogTable.infoPlistTableName && !table.isEmpty {
                if !table.strings.isEmpty { files["\(identifier).lproj/\(name).strings"] = .strings(table.strings) }
                if !table.plurals.isEmpty { files["\(identifier).lproj/\(name).stringsdict"] = .plurals(table.plurals) }
                tables.insert(name)
                entries += table.keyCount
                wroteAny = true
            }
            if wroteAny { locales.append(identifier) }
        }
        files["Info.plist"] = .bytes(PropertyListWriter.xml(.dictionary([
            PropertyListEntry(key: "CFBundleDevelopmentRegion", keyLocation: nil, value: .string(module.developmentRegion, nil)),
            PropertyListEntry(key: "CFBundleIdentifier", keyLocation: nil, value: .string("overlay.\(module.name)", nil)),
            PropertyListEntry(key: "CFBundlePackageType", keyLocation: nil, value: .string("BNDL", nil)),
        ], nil)))
        sources = files
        self.locales = locales
        self.tables = tables.sorted()
        self.entries = entries
    }
}

extension ModuleContent {
    enum Source: Sendable {
        case strings([String: String])
        case plurals([String: StringsdictEntry])
        case bytes(Data)
    }

    /// The relative paths of the files, unordered.
    package var fileNames: [String] { Array(sources.keys) }

    /// The bytes of the file at `name` (empty for a name not in ``fileNames``).
    package func contents(of name: String) -> Data {
        switch sources[name] {
        case .strings(let strings):
            StringsWriter.write(strings.keys.sorted(by: String.utf8Precedes).map { (key: $0, value: strings[$0] ?? "") })
        case .plurals(let plurals): StringsdictWriter.write(plurals)
        case .bytes(let data): data
        case nil: Data()
        }
    }
}
