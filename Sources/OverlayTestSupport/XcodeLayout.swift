package import Foundation
import OverlayCore
import OverlayPublishing

/// Turns a source catalog (`<catalog>/<Module>/…`) into the product Xcode builds from it, for tests that compare the
/// two: one `.app` whose main bundle, resource bundles, frameworks and app extensions hold each module's strings in
/// the layout and encodings Xcode writes (FORMATS.md §3.3).
///
/// - `.strings` and `.stringsdict` are parsed with Foundation's `PropertyListSerialization` (not this project's
///   readers) and written as binary property lists, as Xcode's CopyStringsFile step does for iOS
///   (`STRINGS_FILE_OUTPUT_ENCODING = binary`).
/// - A String Catalog is compiled per language to `<lang>.lproj/<Table>.strings` and `.stringsdict`, written as text
///   the way `xcstringstool compile` does and then converted like any table. Unless `forceBuildAllStrings`
///   (`XCSTRINGS_FORCE_BUILD_ALL_STRINGS`), a source-language string whose text is its own key is left out.
/// - Each bundle gets a binary `Info.plist` with the module's `CFBundleDevelopmentRegion`.
///
/// ```swift
/// let app = try XcodeLayout.build(catalog: testdata.appendingPathComponent("catalog"), main: "App", into: tmp)
/// // tmp/App.app/fr.lproj/Localizable.strings, tmp/App.app/Packages_Checkout.bundle/…
/// ```
package enum XcodeLayout {
    /// Where a module's bundle goes in the app.
    package enum Placement: Sendable, Hashable {
        /// The app's own bundle (`<App>.app`).
        case main
        /// A Swift package target's resource bundle, `<App>.app/<package>_<Module>.bundle`.
        case resourceBundle(package: String)
        /// `<App>.app/Frameworks/<Module>.framework`.
        case framework
        /// `<App>.app/PlugIns/<Module>.appex`.
        case appExtension
    }

    package enum Platform: Sendable, Hashable {
        /// Flat bundles.
        case iOS
        /// `Contents/Resources`, and frameworks in `Versions/A` with the usual links.
        case macOS
    }

    package struct LayoutError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Builds `<destination>/<main>.app` from the catalog at `catalog` and returns its URL.
    ///
    /// - Parameter placements: where each module other than `main` goes; a resource bundle of package `Packages`
    ///   by default.
    package static func build(
        catalog: URL, main: String, into destination: URL, placements: [String: Placement] = [:],
        platform: Platform = .iOS, forceBuildAllStrings: Bool = false
    ) throws -> URL {
        let model = try CatalogLoader.load(at: catalog, mode: .lenient).catalog
        let app = destination.appendingPathComponent("\(main).app")
        for name in model.moduleNames {
            guard let module = model.modules[name] else { continue }
            let placement = name == main ? .main : placements[name] ?? .resourceBundle(package: "Packages")
            let resources = try makeBundle(for: name, placement: placement, app: app, platform: platform, developmentRegion: module.developmentRegion)
            try copyTables(from: catalog.appendingPathComponent(name), to: resources)
            try compileStringCatalogs(in: catalog.appendingPathComponent(name), to: resources, forceBuildAllStrings: forceBuildAllStrings)
        }
        return app
    }

    /// Creates the bundle folder and its `Info.plist`; returns the folder the `.lproj` folders go in.
    static func makeBundle(
        for module: String, placement: Placement, app: URL, platform: Platform, developmentRegion: String
    ) throws -> URL {
        let bundle: URL
        let packageType: String
        switch placement {
        case .main: (bundle, packageType) = (app, "APPL")
        case .resourceBundle(let package): (bundle, packageType) = (resourcesFolder(of: app, platform).appendingPathComponent("\(package)_\(module).bundle"), "BNDL")
        case .framework: (bundle, packageType) = (contentsFolder(of: app, platform).appendingPathComponent("Frameworks/\(module).framework"), "FMWK")
        case .appExtension: (bundle, packageType) = (contentsFolder(of: app, platform).appendingPathComponent("PlugIns/\(module).appex"), "XPC!")
        }
        let info: [String: Any] = [
            "CFBundleDevelopmentRegion": developmentRegion, "CFBundleIdentifier": "com.example.\(module)",
            "CFBundleName": module, "CFBundlePackageType": packageType,
        ]
        let fileManager = FileManager.default
        let resources: URL
        let infoPlist: URL
        if platform == .macOS, placement == .framework {
            // Versions/A/Resources/Info.plist, with the links a macOS framework is made of.
            resources = bundle.appendingPathComponent("Versions/A/Resources")
            infoPlist = resources.appendingPathComponent("Info.plist")
            try fileManager.createDirectory(at: resources, withIntermediateDirectories: true)
            try fileManager.createSymbolicLink(atPath: bundle.appendingPathComponent("Versions/Current").path, withDestinationPath: "A")
            try fileManager.createSymbolicLink(atPath: bundle.appendingPathComponent("Resources").path, withDestinationPath: "Versions/Current/Resources")
        } else {
            resources = resourcesFolder(of: bundle, platform)
            infoPlist = contentsFolder(of: bundle, platform).appendingPathComponent("Info.plist")
            try fileManager.createDirectory(at: resources, withIntermediateDirectories: true)
        }
        try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0).write(to: infoPlist)
        return resources
    }

    private static func contentsFolder(of bundle: URL, _ platform: Platform) -> URL {
        platform == .macOS ? bundle.appendingPathComponent("Contents") : bundle
    }

    private static func resourcesFolder(of bundle: URL, _ platform: Platform) -> URL {
        platform == .macOS ? bundle.appendingPathComponent("Contents/Resources") : bundle
    }

    /// Every `<lang>.lproj/<Table>.strings|.stringsdict` of a source module, converted to a binary property list.
    static func copyTables(from module: URL, to resources: URL) throws {
        let fileManager = FileManager.default
        for directory in try fileManager.contentsOfDirectory(atPath: module.path).sorted() where directory.hasSuffix(".lproj") {
            let source = module.appendingPathComponent(directory)
            for file in try fileManager.contentsOfDirectory(atPath: source.path).sorted()
            where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
                try write(binaryTable(try Data(contentsOf: source.appendingPathComponent(file)), file: "\(directory)/\(file)"),
                          to: resources.appendingPathComponent("\(directory)/\(file)"))
            }
        }
    }

    /// Every `<Table>.xcstrings` of a source module, compiled per language as `xcstringstool compile` does.
    static func compileStringCatalogs(in module: URL, to resources: URL, forceBuildAllStrings: Bool) throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: module.path).sorted() where file.hasSuffix(".xcstrings") {
            let table = String(file.dropLast(".xcstrings".count))
            let catalog = try XCStringsCatalog(data: Data(contentsOf: module.appendingPathComponent(file)))
            for (language, compiled) in catalog.compile() {
                var strings = compiled.strings
                if language == catalog.sourceLanguage, !forceBuildAllStrings {
                    strings = strings.filter { key, value in !value.utf8.elementsEqual(key.utf8) }
                }
                let lproj = resources.appendingPathComponent("\(language).lproj")
                if !strings.isEmpty {
                    let text = StringsWriter.write(strings.keys.sorted().map { (key: $0, value: strings[$0]!) })
                    try write(binaryTable(text, file: "\(language).lproj/\(table).strings"), to: lproj.appendingPathComponent("\(table).strings"), new: true)
                }
                if !compiled.stringsdict.isEmpty {
                    let text = StringsdictWriter.write(compiled.stringsdict)
                    try write(binaryTable(text, file: "\(language).lproj/\(table).stringsdict"), to: lproj.appendingPathComponent("\(table).stringsdict"), new: true)
                }
            }
        }
    }

    /// A table's text (old-style `.strings` in UTF-8 or UTF-16, or an XML property list) as a binary property list,
    /// converted by Foundation; a table with nothing but whitespace and comments is an empty dictionary.
    static func binaryTable(_ text: Data, file: String) throws -> Data {
        let object: Any
        if let decoded = String(data: text, encoding: .utf8) ?? String(data: text, encoding: .utf16),
            decoded.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            object = [String: String]()
        } else {
            do {
                object = try PropertyListSerialization.propertyList(from: text, options: [], format: nil)
            } catch {
                throw LayoutError(description: "\(file): Foundation cannot parse the table (\(error))")
            }
        }
        return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    }

    private static func write(_ data: Data, to url: URL, new: Bool = false) throws {
        if new, FileManager.default.fileExists(atPath: url.path) {
            throw LayoutError(description: "\(url.path): a String Catalog and a table file share a name; Xcode refuses that build")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
