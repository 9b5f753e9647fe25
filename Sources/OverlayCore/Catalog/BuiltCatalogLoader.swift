public import Foundation

/// Reads the shipped catalog from what Xcode built (FORMATS.md §3.3), the app's bundles, into the same ``Catalog``
/// the source loader makes, so its source hash, the ``Localizer`` and validation work unchanged.
///
/// ```swift
/// // In the app, at launch: the main bundle and the module bundles it names.
/// let shipped = BuiltCatalogLoader.load(bundles: ["App": .main, "Checkout": CheckoutResources.bundle]).catalog
/// ```
///
/// A key a translation has and the development table lacks (Xcode drops a string that is its own key) is read back
/// as its own text, as `Bundle` shows it, so an overlay of such a key is served.
public enum BuiltCatalogLoader {
    /// One bundle of a built product.
    package struct Location: Sendable, Hashable {
        /// `Checkout` for `Shop_Checkout.bundle`.
        package var module: String
        /// The folder holding the `.lproj` folders (`Contents/Resources` in a macOS bundle).
        package var resources: URL
        package var infoPlist: URL
        /// As findings name it, relative to the product.
        package var path: String
        package var infoPlistPath: String
    }

    /// Loads the shipped catalog from an app's bundles, at run time.
    ///
    /// - Parameter bundles: module name → bundle (`Bundle.main`, a package's `Bundle.module`, a framework's
    ///   `Bundle(for:)`). Nested bundles are read only when named.
    public static func load(bundles: [String: Bundle], mode: CatalogLoader.Mode = .lenient) -> CatalogLoadResult {
        let locations = bundles.keys.sorted(by: String.utf8Precedes).map { name in
            location(of: bundles[name]!.bundleURL, module: name, path: bundles[name]!.bundleURL.lastPathComponent)
        }
        return load(locations, mode: mode, product: nil)
    }

    /// `Contents/` (a macOS bundle), `Versions/<V>/Resources` (a macOS framework), else the folder itself (iOS).
    package static func location(of bundle: URL, module: String, path: String) -> Location {
        var (resources, infoPlist) = ("", "Info.plist")  // relative to the bundle
        if BoundedFile.kind(of: bundle.appendingPathComponent("Contents/Info.plist").path) == .regular {
            (resources, infoPlist) = ("Contents/Resources", "Contents/Info.plist")
        } else if let version = frameworkVersion(of: bundle) {
            resources = "Versions/\(version)/Resources"
            infoPlist = resources + "/Info.plist"
        }
        return Location(
            module: module, resources: resources.isEmpty ? bundle : bundle.appendingPathComponent(resources),
            infoPlist: bundle.appendingPathComponent(infoPlist),
            path: resources.isEmpty ? path : path + "/" + resources, infoPlistPath: path + "/" + infoPlist)
    }

    /// The one real folder in a macOS framework's `Versions` (links are not followed); nil when there is no single one.
    static func frameworkVersion(of framework: URL) -> String? {
        let versions = framework.appendingPathComponent("Versions")
        guard BoundedFile.kind(of: versions.path) == .directory,
            let names = try? CatalogLoader.sortedEntries(of: versions)
        else { return nil }
        let real = names.filter {
            !$0.hasPrefix(".") && BoundedFile.kind(of: versions.appendingPathComponent($0).path) == .directory
        }
        return real.count == 1 ? real[0] : nil
    }

    /// A module met twice (a package's bundle copied into the app and an extension) is read from its first location
    /// (a product on disk; the tools say when the copies differ).
    package static func load(_ locations: [Location], mode: CatalogLoader.Mode, product: URL?) -> CatalogLoadResult {
        let loaded = ConcurrentMap.map(locations.count) { (index: Int) -> (module: CatalogModule?, findings: [Finding]) in
            var loader = ModuleLoader(mode: mode)
            let module = loader.loadBuiltModule(at: locations[index])
            return (module, loader.findings)
        }
        var catalog = Catalog()
        var findings: [Finding] = []
        for result in loaded {
            findings += result.findings
            if let module = result.module, catalog.modules[module.name] == nil { catalog.modules[module.name] = module }
        }
        if catalog.modules.isEmpty {
            findings.append(Finding(
                code: "catalog.empty", severity: .error,
                message: "no localized strings found: a built bundle holds <lang>.lproj/<Table>.strings folders; pass the built .app (or a bundle) that ships them",
                location: .init(file: product?.path ?? locations.first?.path)))
        }
        return CatalogLoadResult(catalog: catalog, findings: findings)
    }
}

extension ModuleLoader {
    package mutating func loadBuiltModule(at location: BuiltCatalogLoader.Location) -> CatalogModule? {
        guard BoundedFile.kind(of: location.resources.path) == .directory else { return nil }
        var module: CatalogModule?
        do {
            module = try loadModule(
                named: location.module, at: location.resources, path: location.path,
                infoPlist: (location.infoPlist, location.infoPlistPath))
            try readLocTables(at: location, into: &module)
        } catch let error as CatalogError {
            findings.append(Finding(
                code: "catalog.unreadable-file", severity: .error, message: error.message,
                location: .init(file: location.path, module: location.module)))
            return nil
        } catch {
            return nil
        }
        module?.fillOmittedDevelopmentKeys()
        return module
    }
}

extension CatalogModule {
    /// Tables without development text (storyboards' strings, `InfoPlist`) are left alone: the Localizer knows them.
    mutating func fillOmittedDevelopmentKeys() {
        let development = developmentTables
        var additions: [String: [String: String]] = [:]
        for (identifier, localization) in localizations where identifier != developmentRegion {
            for (name, table) in localization.tables {
                guard let shipped = development[name] else { continue }
                for key in table.strings.keys where shipped.value(forKey: key) == nil { additions[name, default: [:]][key] = key }
                for key in table.plurals.keys where shipped.value(forKey: key) == nil { additions[name, default: [:]][key] = key }
            }
        }
        guard !additions.isEmpty else { return }
        var localization = localizations[developmentRegion]
            ?? CatalogLocalization(identifier: developmentRegion, directoryName: "\(developmentRegion).lproj")
        for (name, keys) in additions {
            var table = localization.tables[name] ?? CatalogTable(name: name)
            table.strings.merge(keys) { kept, _ in kept }
            localization.tables[name] = table
        }
        localizations[developmentRegion] = localization
    }
}
