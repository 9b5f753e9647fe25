import Foundation
import PackagePlugin

/// Keeps a module's typed keys current: before the target compiles, `overlay codegen` writes them from the
/// target's own string tables (its `<lang>.lproj` folders and `.xcstrings` files) into the build directory, and the
/// build compiles the file like any other source. It runs again whenever one of those tables changes.
///
/// The catalog `overlay codegen` reads is a folder per module, and it follows no link; the plugin copies the target's
/// tables into one in its work directory at every build it plans (the copies are small text files), so the catalog
/// matches the tables the command lists as its inputs (docs/INTEGRATING.md).
@main
struct OverlayCodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), module: target.name, workDirectory: context.pluginWorkDirectoryURL,
            overlay: try context.tool(named: "overlay").url)
    }

    /// The one `overlay codegen` command for a module whose files are `files`; none when it has no string table.
    static func commands(files: [URL], module name: String, workDirectory: URL, overlay: URL) throws -> [Command] {
        let tables = files.filter { url in
            url.pathExtension == "xcstrings"
                || (["strings", "stringsdict"].contains(url.pathExtension)
                    && url.deletingLastPathComponent().pathExtension == "lproj")
        }
        // The folder holding the `.lproj` folders (or the String Catalogs): one per module.
        let roots = Set(tables.map { url in
            url.pathExtension == "xcstrings"
                ? url.deletingLastPathComponent() : url.deletingLastPathComponent().deletingLastPathComponent()
        })
        guard let root = roots.first else { return [] }
        guard roots.count == 1 else {
            throw PluginError("\(name) keeps string tables in \(roots.count) folders (\(roots.map(\.path).sorted().joined(separator: ", "))); the Overlay codegen plugin reads one folder per module")
        }
        let catalog = workDirectory.appendingPathComponent("catalog", isDirectory: true)
        let module = catalog.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: module)
        for table in tables {
            let relative = table.path.dropFirst(root.path.count).drop { $0 == "/" }
            let copy = module.appendingPathComponent(String(relative))
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: table, to: copy)
        }
        let output = workDirectory.appendingPathComponent("\(name)+OverlayKeys.swift")
        return [
            .buildCommand(
                displayName: "Overlay typed keys for \(name)",
                executable: overlay,
                arguments: ["codegen", catalog.path, "--module", name, "--out", output.path, "--access", "internal"],
                inputFiles: tables,
                outputFiles: [output]),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// The same for a target of an Xcode project (Build Phases ▸ Run Build Tool Plug-ins); Apple-only, not built here.
extension OverlayCodegenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url), module: target.displayName,
            workDirectory: context.pluginWorkDirectoryURL, overlay: try context.tool(named: "overlay").url)
    }
}
#endif

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
