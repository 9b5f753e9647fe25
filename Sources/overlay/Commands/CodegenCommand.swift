import Foundation
import OverlayTools

/// `overlay codegen CATALOG --module M --out FILE`: typed keys for one module, and its overlay integration.
enum CodegenCommand: Command {
    static let name = "codegen"
    static let summary = "Generate typed Swift members for a module's keys (and its overlay integration)."
    static let usage =
        "codegen <catalog> --module <name> --out <file.swift> [--integration <file.swift>] [--access public|internal] [--check] [--json]"
    static let discussion = """
        Writes one Swift file for a module: a namespace named after the module, one struct per table
        holding its LocalizedTable handle, and one member per key, named from the key's words:
          cart.title     (Localizable of Checkout)  Checkout.Localizable(localizer).cartTitle
          cart.subtotal  "Subtotal: %@"             .cartSubtotal(_ arg1: String)
          order.placed   "Order #%1$lld on %2$@"    .orderPlaced(_ arg1: Int, _ arg2: String)
          cart.items     (plural, %ld)              .cartItems(_ arg1: Int)
          cart.reserved  "… at %{store}"            .cartReserved(_ arg1: Int, store: String)
        %@ is a String, %d/%lld an Int, %u an UInt, %f a Double, a plural variable its value type;
        %{name} becomes a labelled String. Every member resolves through the Localizer, so overlays
        apply. Each doc comment is the development-language text.
        Keys that do not make a plain name are still generated and reported as warnings (and under
        "notes" in --json): collisions get _2, _3 … in key order, keywords backticks, a leading digit
        a leading _, keys without an ASCII letter or digit key<digest>. A key with a %p or %n argument
        gets no member.
        --integration also writes the module's one file onto the overlay path: a Localizer extension
        with <module>Bundle(shipped:) (the active revision's bundle, for NSLocalizedString) and
        <module>Table() (a lookup handle).
        --check writes nothing: it exits 1 with the members added, removed and changed when a file is
        stale (run it in CI), 0 when every file is current. A file that 'overlay codegen' did not
        write is never overwritten.

        EXAMPLES:
          overlay codegen testdata/catalog --module Checkout --out Sources/Checkout/Strings.swift
          overlay codegen testdata/catalog --module Checkout --out Sources/Checkout/Strings.swift --check
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .value("module", "name", "The module folder of the catalog to generate for."),
            .value("out", "file.swift", "Where the typed keys go."),
            .value("integration", "file.swift", "Also write the module's Localizer extension (bundle and table helpers)."),
            .value("access", "level", "public (default) or internal."),
            .flag("check", "Write nothing; exit 1 with a diff summary when a file is stale."),
            .flag("json", "Print the members, the notes and the check result as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let moduleName = try arguments.required("module")
        let out = try arguments.required("out")
        let integration = arguments.value("integration")
        let accessName = arguments.value("access") ?? CodegenAccess.public.rawValue
        guard let access = CodegenAccess(rawValue: accessName) else {
            throw UsageError(message: "--access takes public or internal (got '\(accessName)')")
        }
        if let integration, integration == out {
            throw UsageError(message: "--integration and --out name the same file; give the integration a file of its own")
        }
        let output: Codegen.Output
        var files: [(path: String, text: String)] = []
        do {
            output = try Codegen.generate(
                catalog: URL(fileURLWithPath: arguments.positionals[0]), module: moduleName, access: access)
            files.append((out, output.source))
            if let integration { files.append((integration, output.integration)) }
        } catch let failure as Codegen.Failure {
            throw CommandFailure(message: failure.message)
        }
        if !arguments.flag("json") {
            if output.module.tables.isEmpty {
                console.diagnostic(
                    "warning", "module \(moduleName) has no \(output.module.developmentRegion) (development language) table, so no typed keys: its development text lives in code; the file declares only \(output.module.namespace).moduleName")
            }
            for note in output.module.notes {
                let place = note.file.map { file in note.line.map { "\(file):\($0)" } ?? file } ?? ""
                console.diagnostic(
                    "warning", "key \(JSONOutput.quote(note.key)) (table \(note.table)) \(note.message) [codegen.\(note.reason.rawValue)]",
                    prefix: place)
            }
        }
        var diffs: [(path: String, diff: CodegenDiff)] = []
        do {
            for file in files {
                let url = URL(fileURLWithPath: file.path)
                if arguments.flag("check") {
                    diffs.append((file.path, CodegenDiff(existing: try Codegen.existingFile(at: url), generated: file.text)))
                } else {
                    try Codegen.write(file.text, to: url)
                }
            }
        } catch let failure as Codegen.Failure {
            throw CommandFailure(message: failure.message)
        }
        let stale = diffs.filter { !$0.diff.isCurrent }
        if arguments.flag("json") {
            console.out(json(output, files: files.map(\.path), diffs: diffs).rendered())
        } else if arguments.flag("check") {
            for (path, diff) in diffs where diff.isCurrent { console.line("\(path) is current") }
        } else {
            let members = output.module.tables.reduce(0) { $0 + $1.members.count }
            let tables = output.module.tables.count
            console.line("wrote \(files.map(\.path).joined(separator: " and ")): \(tables) \(tables == 1 ? "table" : "tables"), \(members) \(members == 1 ? "member" : "members") of \(output.module.namespace)")
        }
        for (path, diff) in stale {
            console.diagnostic(
                "error", "\(path) is stale (\(diff.summary)); run the same command without --check to regenerate it")
        }
        return stale.isEmpty ? ExitCode.success : ExitCode.failure
    }

    private static func json(_ output: Codegen.Output, files: [String], diffs: [(path: String, diff: CodegenDiff)]) -> JSONOutput {
        let module = output.module
        let tables = module.tables.map { table in
            JSONOutput.object([
                ("table", .string(table.table)), ("type", .string(table.typeName)),
                ("members", .array(table.members.map { member in
                    .object([
                        ("key", .string(member.key)), ("name", .string(member.name)),
                        ("parameters", .array(member.parameters.map { parameter in
                            .object([("label", parameter.label.map(JSONOutput.string) ?? .null), ("type", .string(parameter.type))])
                        })),
                    ])
                })),
            ])
        }
        let notes = module.notes.map { note in
            JSONOutput.object([
                ("table", .string(note.table)), ("key", .string(note.key)), ("name", note.name.map(JSONOutput.string) ?? .null),
                ("reason", .string(note.reason.rawValue)), ("message", .string(note.message)),
                ("file", note.file.map(JSONOutput.string) ?? .null), ("line", note.line.map(JSONOutput.int) ?? .null),
            ])
        }
        var members: [(String, JSONOutput)] = [
            ("module", .string(module.module)), ("namespace", .string(module.namespace)),
            ("files", .array(files.map(JSONOutput.string))), ("tables", .array(tables)), ("notes", .array(notes)),
        ]
        if !diffs.isEmpty {
            members.append(("check", .array(diffs.map { path, diff in
                .object([
                    ("file", .string(path)), ("current", .bool(diff.isCurrent)),
                    ("added", .array(diff.added.map(JSONOutput.string))),
                    ("removed", .array(diff.removed.map(JSONOutput.string))),
                    ("changed", .array(diff.changed.map(JSONOutput.string))),
                ])
            })))
        }
        return .object(members)
    }
}
