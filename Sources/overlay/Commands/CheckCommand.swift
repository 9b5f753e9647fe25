import OverlayCore

/// `overlay check CATALOG [--strict] [--json]`: catalog consistency before anything is published.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check a catalog: syntax, placeholders, plurals, missing translations."
    static let usage = "check <catalog> [--strict] [--json]"
    static let discussion = """
        Reads every module's .strings, .stringsdict and .xcstrings and reports, as
        'file:line: error: message [code]' on stderr:
          errors    syntax errors (a missing ';', an unterminated comment, bad encodings), duplicate
                    keys, placeholders incompatible with the development language (%n, a gap, a
                    changed type, a stray %), a plural without 'other', a %{name} the source lacks
          warnings  missing translations, keys the development language lacks, plural categories
                    the locale's CLDR rules require but are missing (or do not use)
        Exit status: 0 when there is no error, 1 otherwise; --strict treats warnings as errors.

        EXAMPLES:
          overlay check testdata/catalog
          overlay check MyApp/Resources --strict --json | jq '.findings[] | select(.severity == "error")'
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .flag("strict", "Treat warnings as errors (exit 1 on any finding)."),
            .flag("json", "Print a JSON report (summary and findings) on stdout."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let strict = arguments.flag("strict")
        let loaded = try loadCatalog(path)
        var findings = loaded.findings + CatalogChecker.check(loaded.catalog)
        if strict {
            findings = findings.map { finding in
                var promoted = finding
                promoted.severity = .error
                return promoted
            }
        }
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let catalog = loaded.catalog
        let locales = Set(catalog.modules.values.flatMap { $0.localizations.keys })
        let keys = catalog.modules.values.reduce(0) { total, module in
            total + module.developmentTables.values.reduce(0) { $0 + $1.keys.count }
        }
        let printer = FindingPrinter(console: console, catalogPath: path)
        if arguments.flag("json") {
            let report = JSONOutput.object([
                ("catalog", .string(path)),
                ("strict", .bool(strict)),
                ("summary", .object([
                    ("modules", .int(catalog.modules.count)),
                    ("locales", .int(locales.count)),
                    ("keys", .int(keys)),
                    ("errors", .int(errors)),
                    ("warnings", .int(warnings)),
                ])),
                ("findings", .array(findings.map(FindingPrinter.json))),
            ])
            console.out(report.rendered())
        } else {
            printer.printDiagnostics(findings)
            console.out(
                "checked \(catalog.modules.count) modules, \(locales.count) locales, \(keys) keys: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return errors > 0 ? ExitCode.failure : ExitCode.success
    }
}
