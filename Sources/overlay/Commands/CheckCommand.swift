import OverlayCore
import OverlayPublishing
import OverlayTools

/// `overlay check CATALOG [--bundle SHIPPED] [--strict] [--all] [--json]`: catalog consistency before anything is
/// published.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check a catalog: syntax, placeholders, plurals, missing translations."
    static let usage = "check <catalog> [--bundle <shipped catalog>] [--plain-strings as-written|formatted] [--strict] [--all] [--json]"
    static let discussion = """
        Reads every module's .strings, .stringsdict and .xcstrings and reports, on stderr, one group
        per kind of finding (errors first) with its count per module and its first findings as
        'file:line: message [code]':
          errors    syntax errors (a missing ';', an unterminated comment, bad encodings), duplicate
                    keys, placeholders a device cannot render with the app's arguments (%n, a gap, a
                    changed type, a stray %, a broken %#@token@), a plural without 'other', a
                    %{name} the source lacks
          warnings  what a device renders but a person should look at: missing translations, keys the
                    development language lacks, CLDR plural categories missing or unused, `% @`
        Placeholders are judged as Apple's CoreFoundation reads them: inside a plural variant %ld is
        the variant's own argument and %1$@ is absolute; a key that is a format ("x %lld") names
        arguments the code passes. A module or table without development-language text (its English
        lives in code or a storyboard) is said once, and its translations are checked against what
        they agree on.

        A value that takes no arguments is shown as written by NSLocalizedString, SwiftUI's Text and
        String(localized:), so a % in it ('Battery Level %', '100% sure') is text, not an error: always
        in a String Catalog (a key without format specifiers is such a literal), and in .strings unless
        the app passes every value through String(format:) (SwiftGen's and R.swift's accessors do). Say
        so per module with OverlayPlainStrings = formatted in <Module>/Info.plist, or for every module
        that does not say with --plain-strings formatted; then such a % is an error, as it would garble.
        check and publish report the same findings, each defect once (three stray % in one value are
        one finding).

        --bundle names the catalog the build shipped: findings about a value byte-identical to the
        shipped one (same module, table, locale and key) cannot change what the app shows; they are
        reported as 'already shipped' and do not fail the check, so a team can fix them at leisure.
        Exit status: 0 when no error blocks, 1 otherwise; --strict makes every warning an error.

        EXAMPLES:
          overlay check testdata/catalog
          overlay check corrected/ --bundle MyApp-2.3/Resources       # only new problems fail
          overlay check MyApp/Resources --json | jq '.findings[] | select(.severity == "error")'
          overlay check MyApp/Resources --all                          # every finding, one line each
          overlay check MyApp/Resources --plain-strings formatted      # the app formats every string
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .value("bundle", "catalog", "The catalog the build shipped (or the built .app): its identical values do not block."),
            PlainStringsOption.option,
            .flag("strict", "Treat warnings as errors (exit 1 on any finding that is not already shipped)."),
            .flag("all", "Print every finding on its own line instead of grouping them."),
            .flag("json", "Print a JSON report (summary and every finding) on stdout."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let strict = arguments.flag("strict")
        let plainStrings = try PlainStringsOption.value(arguments)
        var loaded = try loadCatalog(path, builtProducts: false)
        loaded.catalog = loaded.catalog.declaringPlainStrings(plainStrings)
        let shipped = try arguments.value("bundle").map {
            try loadCatalog($0, mode: .lenient).catalog.declaringPlainStrings(plainStrings)
        }
        // The list publish refuses on: the two commands count alike.
        var findings = CatalogChecker.findings(loaded, shipped: shipped)
        if strict {
            findings.setEverySeverity(to: .error)  // in place: one copy of them all
        }
        let groups = FindingGroups(findings)
        let catalog = loaded.catalog
        let locales = Set(catalog.modules.values.flatMap { $0.localizations.keys })
        let keys = catalog.modules.values.reduce(0) { total, module in
            total + module.developmentTables.values.reduce(0) { $0 + $1.keyCount }
        }
        let printer = FindingPrinter(console: console, catalogPath: path)
        if arguments.flag("json") {
            let report = JSONOutput.object([
                ("catalog", .string(path)),
                ("bundle", arguments.value("bundle").map { .string($0) } ?? .null),
                ("strict", .bool(strict)),
                ("summary", .object([
                    ("modules", .int(catalog.modules.count)),
                    ("locales", .int(locales.count)),
                    ("keys", .int(keys)),
                    ("errors", .int(groups.errors)),
                    ("blocking_errors", .int(groups.blockingErrors)),
                    ("warnings", .int(groups.warnings)),
                    ("already_shipped", .int(groups.alreadyShipped)),
                ])),
                ("groups", .array(groups.groups.map { group in
                    .object([
                        ("code", .string(group.code)), ("severity", .string(group.severity.rawValue)),
                        ("count", .int(group.count)), ("already_shipped", .int(group.alreadyShipped)),
                        ("modules", .object(group.modules.map { ($0.name, .int($0.count)) })),
                    ])
                })),
            ])
            report.write(appending: "findings", findings, to: console, FindingPrinter.json)
        } else {
            if arguments.flag("all") { printer.printDiagnostics(findings) } else { printer.printGrouped(groups) }
            var line = "checked \(catalog.modules.count) modules, \(locales.count) locales, \(keys) keys: "
                + plural(groups.errors, "error")
            let shippedErrors = groups.errors - groups.blockingErrors
            if shippedErrors > 0 { line += " (\(shippedErrors == groups.errors ? "all" : "\(shippedErrors)") already shipped)" }
            line += ", " + plural(groups.warnings, "warning")
            console.out(line)
        }
        return groups.blockingErrors > 0 ? ExitCode.failure : ExitCode.success
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
