public import Foundation
import OverlayCore
import OverlayPublishing

/// `overlay codegen`: typed keys for one module of a catalog, and the file that puts a module on the overlay path.
///
/// ```swift
/// let output = try Codegen.generate(catalog: url, module: "Checkout", access: .public)
/// try output.source.write(to: file, atomically: true, encoding: .utf8)
/// // App code: Checkout.Localizable(localizer).cartTitle, .cartSubtotal("€12"), .cartItems(3)
/// ```
///
/// Reads the module the way a shipped build does (`CatalogLoader`, lenient), from its development-language tables
/// (`.strings`, `.stringsdict` and `.xcstrings` alike), so every key the build ships has a member.
public enum Codegen {
    public struct Output: Sendable {
        public var module: CodegenModule
        /// The typed keys (`--out`).
        public var source: String
        /// The `Localizer` extension with the module's bundle and table helpers (`--integration`).
        public var integration: String
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Plans and writes the sources for `module` of the catalog at `root`.
    ///
    /// - Throws: ``Failure`` when the module folder is missing, is not a plain directory, or its development
    ///   tables do not read (the message names the file and points to `overlay check`).
    public static func generate(catalog root: URL, module name: String, access: CodegenAccess) throws -> Output {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.hasPrefix(".") else {
            throw Failure(message: "--module '\(name)' is not a module name; pass the name of a folder of the catalog, e.g. --module Checkout")
        }
        let folder = root.appendingPathComponent(name)
        guard BoundedFile.kind(of: root.path, followingLinks: true) == .directory else {
            throw Failure(message: "\(root.path): not a directory; pass the catalog folder that holds one folder per module")
        }
        guard BoundedFile.kind(of: folder.path) == .directory else {
            throw Failure(message: "\(folder.path): no module folder \(name) in the catalog (a link is not followed); pass one of its module folders to --module")
        }
        let loaded: (module: CatalogModule?, findings: [Finding])
        do {
            loaded = try CatalogLoader.loadModule(named: name, at: folder, mode: .lenient)
        } catch let error as CatalogError {
            throw Failure(message: error.description)
        }
        guard let module = loaded.module else {
            throw Failure(message: "\(folder.path): module \(name) has no .lproj folder or .xcstrings file; nothing to generate")
        }
        let unreadable = (module.localizations[module.developmentRegion]?.unreadableTables ?? [])
            .union(module.base?.unreadableTables ?? [])
        if let table = unreadable.sorted().first {
            let cause = loaded.findings.first { finding in
                guard finding.severity == .error, let file = finding.location.file else { return false }
                let last = file.split(separator: "/").last.map(String.init) ?? file
                return last.hasPrefix(table + ".")
            }
            let place = cause?.location.file.map { "\($0)\(cause?.location.line.map { ":\($0)" } ?? ""): " } ?? ""
            throw Failure(message: "\(place)table \(table) of the development language (\(module.developmentRegion)) does not read\(cause.map { " (\($0.message))" } ?? ""); its keys would be lost, so fix it first ('overlay check' lists every problem)")
        }
        let plan = CodegenPlanner.plan(module)
        return Output(
            module: plan, source: CodegenWriter.source(plan, access: access),
            integration: CodegenWriter.integration(plan, access: access))
    }
}
