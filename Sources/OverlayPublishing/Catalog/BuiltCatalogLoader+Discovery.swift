public import Foundation
public import OverlayCore

// Reading a built product on disk is the tools' job: an app names its bundles (`load(bundles:)`).
extension BuiltCatalogLoader {
    /// Loads the shipped catalog of a built product on disk: an `.app` (its main bundle, the resource bundles,
    /// frameworks and app extensions inside it), or one bundle folder.
    ///
    /// - Throws: `CatalogError` when `url` is not a readable directory.
    public static func load(at url: URL, mode: CatalogLoader.Mode = .strict) throws -> CatalogLoadResult {
        var discovery = Discovery()
        let locations = try discovery.locations(in: url)
        var result = load(locations, mode: mode, product: url)
        result.findings = discovery.findings + result.findings + differingCopies(locations, of: result.catalog, mode: mode)
        return result
    }

    /// A module met again (a package's bundle copied into the app and an extension) with other strings than the copy
    /// read: a warning each (an app names each of its bundles once, so only a product on disk has copies).
    static func differingCopies(_ locations: [Location], of catalog: Catalog, mode: CatalogLoader.Mode) -> [Finding] {
        var firstPath: [String: String] = [:]
        var findings: [Finding] = []
        for location in locations {
            guard let first = firstPath[location.module] else {
                firstPath[location.module] = location.path
                continue
            }
            var loader = ModuleLoader(mode: mode)
            guard let kept = catalog.modules[location.module], let copy = loader.loadBuiltModule(at: location),
                kept.localizations.mapValues(\.tables.contentOnly) != copy.localizations.mapValues(\.tables.contentOnly)
            else { continue }
            findings.append(Finding(
                code: "catalog.duplicate-module", severity: .warning,
                message: "\(location.path) is module \(location.module) too, with other strings than \(first); only the first is read: give each bundle its own module name",
                location: .init(file: location.path, module: location.module)))
        }
        return findings
    }

    /// Whether `url` names a built product rather than a catalog folder: a folder named `.app`, `.appex`, `.bundle`
    /// or `.framework`, or one that holds `.lproj` folders (or `Contents/Info.plist`) itself. A catalog folder holds
    /// one folder per module and never `.lproj` folders of its own.
    public static func isBuiltProduct(at url: URL) -> Bool {
        if Discovery.bundleExtensions.contains(url.pathExtension) { return true }
        if BoundedFile.kind(of: url.appendingPathComponent("Contents/Info.plist").path) == .regular { return true }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.contains { $0.hasSuffix(".lproj") && BoundedFile.kind(of: url.appendingPathComponent($0).path) == .directory }
    }

    /// Finds the module bundles of a built product, depth first, so the app's own copy of a bundle comes first.
    /// Symbolic links are never followed (each is an error finding), except that a macOS framework's
    /// (`Versions/Current`, `Resources`) are skipped for the real `Versions/<V>` folder.
    struct Discovery {
        static let bundleExtensions: Set<String> = ["app", "appex", "bundle", "framework"]
        /// Resource bundles the system reads, not the app: an overlay cannot change them (like `InfoPlist.strings`).
        static let systemBundles: Set<String> = ["Settings.bundle"]
        /// Bounds on a hostile or mistaken folder, far past any real app (app → framework → resource bundle is 2).
        static let maximumDepth = 4
        static let maximumBundles = 1_024

        var findings: [Finding] = []
        private var found: [Location] = []

        mutating func locations(in url: URL) throws -> [Location] {
            guard BoundedFile.kind(of: url.path) == .directory else {
                throw CatalogError(
                    path: url.path,
                    message: "not a directory; pass a built .app (or .bundle, .framework) folder, or a catalog folder")
            }
            walk(url, name: url.lastPathComponent, path: url.lastPathComponent, depth: 0)
            return found
        }

        /// The module a bundle folder serves: a resource bundle `<Package>_<Target>.bundle` serves `Target`; any
        /// other bundle its own name without the extension.
        static func moduleName(ofBundleNamed name: String) -> String {
            let stem = (name as NSString).deletingPathExtension
            guard name.hasSuffix(".bundle"), let underscore = stem.firstIndex(of: "_"),
                stem.index(after: underscore) < stem.endIndex
            else { return stem }
            return String(stem[stem.index(after: underscore)...])
        }

        private mutating func walk(_ bundle: URL, name: String, path: String, depth: Int) {
            guard found.count < Self.maximumBundles else {
                if found.count == Self.maximumBundles {
                    findings.append(Finding(
                        code: "catalog.too-many-bundles", severity: .error,
                        message: "more than \(Self.maximumBundles) bundles; the rest are not read: pass the app's own folder",
                        location: .init(file: path)))
                }
                return
            }
            let location = BuiltCatalogLoader.location(of: bundle, module: Self.moduleName(ofBundleNamed: name), path: path)
            found.append(location)
            guard depth < Self.maximumDepth else { return }
            let contents = location.resources.deletingLastPathComponent().lastPathComponent == "Contents"
                ? location.resources.deletingLastPathComponent() : bundle
            let relativeContents = contents == bundle ? path : path + "/Contents"
            let relativeResources = location.path
            for child in entries(of: location.resources, path: relativeResources)
            where child.hasSuffix(".bundle") && !Self.systemBundles.contains(child) {
                walk(location.resources.appendingPathComponent(child), name: child, path: "\(relativeResources)/\(child)", depth: depth + 1)
            }
            for (folder, suffix) in [("Frameworks", ".framework"), ("PlugIns", ".appex"), ("Extensions", ".appex")] {
                let directory = contents.appendingPathComponent(folder)
                guard BoundedFile.kind(of: directory.path) == .directory else { continue }
                for child in entries(of: directory, path: "\(relativeContents)/\(folder)") where child.hasSuffix(suffix) {
                    walk(directory.appendingPathComponent(child), name: child, path: "\(relativeContents)/\(folder)/\(child)", depth: depth + 1)
                }
            }
        }

        /// A link is an error finding and is not followed.
        private mutating func entries(of directory: URL, path: String) -> [String] {
            guard let names = try? CatalogLoader.sortedEntries(of: directory) else { return [] }
            return names.filter { name in
                guard !name.hasPrefix("."), Self.bundleExtensions.contains((name as NSString).pathExtension) else { return false }
                switch BoundedFile.kind(of: directory.appendingPathComponent(name).path) {
                case .directory:
                    return true
                case .symbolicLink:
                    findings.append(ModuleLoader.finding(for: .symbolicLink, relativePath: "\(path)/\(name)"))
                    return false
                default:
                    return false
                }
            }
        }
    }
}

extension Dictionary where Key == String, Value == CatalogTable {
    /// Not where they were read from.
    package var contentOnly: [String: CatalogTable] {
        mapValues { CatalogTable(name: $0.name, strings: $0.strings, plurals: $0.plurals) }
    }
}
