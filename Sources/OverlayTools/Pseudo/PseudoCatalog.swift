public import Foundation
import OverlayCore
internal import OverlayPublishing

/// `overlay pseudo`: a copy of a catalog with one pseudo locale added to every module, made from the development
/// language's tables, which `publish` then sends to a staging origin like any locale — so a QA build shows
/// pseudo-localized text over the air, without a new binary.
///
/// The pseudo locale is a private-use tag (`en-XA`, `ar-XB`): the fallback chain resolves it to its language, and no
/// real locale of the catalog may have it. Placeholders, named substitutions and plural structure stay as the source
/// has them (the validator accepts the result against the source); a plural gains the categories the pseudo locale's
/// CLDR rules select, as copies of its `other` form. Keys marked not to be translated keep their words (bracketed).
public enum PseudoCatalog {
    public struct Report: Sendable {
        public var locale: String
        public var output: URL
        /// Module → number of keys written.
        public var modules: [(name: String, keys: Int)]
        public var files: [String]
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func write(
        catalog root: URL, style: PseudoStyle, locale tag: String, to output: URL
    ) throws -> Report {
        guard let identifier = LocaleIdentifier(tag), identifier.description == tag else {
            let canonical = LocaleIdentifier(tag).map { " (write it \($0.description))" } ?? ""
            throw Failure(message: "--locale \(tag) is not a locale tag in canonical form\(canonical); use a private-use region such as en-XA or ar-XB")
        }
        let loaded: CatalogLoadResult
        do {
            loaded = try CatalogLoader.load(at: root, mode: .strict)
        } catch let error as CatalogError {
            throw Failure(message: error.description)
        }
        let blocking = loaded.findings.filter(\.isBlocking)
        guard blocking.isEmpty else {
            throw Failure(message: "the catalog has \(blocking.count) error(s) ('overlay check' lists them); fix them before making a pseudo locale")
        }
        for name in loaded.catalog.moduleNames where loaded.catalog.modules[name]?.localizations[tag] != nil {
            throw Failure(message: "module \(name) already has a \(tag) localization; a pseudo locale must be a tag the catalog does not use, such as en-XA")
        }
        // A copy written inside the tree it copies would copy itself until the disk fills.
        if let conflict = PathOverlap.conflict(output: ("the output", output.path), input: ("the catalog", root.path)) {
            throw Failure(message: conflict)
        }
        try prepareEmpty(output)
        try copyTree(from: root, to: output)

        let pseudo = PseudoLocalizer(style: style)
        let verbatim = PseudoLocalizer(style: .bounded)
        let categories = PluralRules.cardinal(for: tag).categories
        var modules: [(name: String, keys: Int)] = []
        var files: [String] = []
        for name in loaded.catalog.moduleNames {
            guard let module = loaded.catalog.modules[name] else { continue }
            var keys = 0
            for (tableName, table) in module.developmentTables.sorted(by: { $0.key < $1.key })
            where tableName != CatalogTable.infoPlistTableName && !table.isEmpty {
                let directory = "\(name)/\(tag).lproj"
                func transformed(_ key: String, _ value: CatalogValue) -> CatalogValue {
                    (table.nonTranslatableKeys.contains(key) ? verbatim : pseudo).value(value, categories: categories)
                }
                var strings: [(key: String, value: String)] = []
                for key in table.strings.keys.sorted(by: String.utf8Precedes)
                where table.plurals[key] == nil {
                    guard case .string(let text) = transformed(key, .string(table.strings[key]!)) else { continue }
                    strings.append((key, text))
                }
                var plurals: [String: StringsdictEntry] = [:]
                for (key, entry) in table.plurals {
                    if case .plural(let rewritten) = transformed(key, .plural(entry)) { plurals[key] = rewritten }
                }
                if !strings.isEmpty {
                    let path = "\(directory)/\(tableName).strings"
                    try write(StringsWriter.write(strings, comment: "Pseudo-localized (\(style.rawValue)) by overlay pseudo"), to: output, path)
                    files.append(path)
                }
                if !plurals.isEmpty {
                    let path = "\(directory)/\(tableName).stringsdict"
                    try write(StringsdictWriter.write(plurals), to: output, path)
                    files.append(path)
                }
                keys += strings.count + plurals.count
            }
            if keys > 0 { modules.append((name, keys)) }
        }
        return Report(locale: tag, output: output, modules: modules, files: files)
    }

    /// `output` must be absent or an empty directory: a pseudo copy never writes over anything.
    private static func prepareEmpty(_ output: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue, (try? manager.contentsOfDirectory(atPath: output.path))?.isEmpty == true else {
                throw Failure(message: "--out \(output.path) exists and is not an empty directory; pass a new directory")
            }
        }
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
    }

    /// Copies the catalog's directories and regular files; a symbolic link or any other kind of file is refused.
    private static func copyTree(from root: URL, to output: URL) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: root.path).sorted() {
            let source = root.appendingPathComponent(name)
            let target = output.appendingPathComponent(name)
            let type = try manager.attributesOfItem(atPath: source.path)[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                try manager.createDirectory(at: target, withIntermediateDirectories: false)
                try copyTree(from: source, to: target)
            case .typeRegular?:
                try manager.copyItem(at: source, to: target)
            default:
                throw Failure(message: "\(source.path) is not a regular file or directory (a link?); a pseudo copy holds only the catalog's own files")
            }
        }
    }

    private static func write(_ data: Data, to output: URL, _ path: String) throws {
        let url = output.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
