import OverlayCore
import OverlayTools

/// `overlay lint PATH... [--allow GLOB]... [--json]`: lookups in Swift sources that bypass the overlay.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Find lookups in Swift sources that bypass the overlay (NSLocalizedString, Text, …)."
    static let usage = "lint <path>... [--allow <glob>]... [--json]"
    static let discussion = """
        Finds lookups that read the app's main bundle, which holds only the strings the build shipped,
        and so never show the text of an overlay:
          NSLocalizedString(…) without bundle: (or bundle: .main)   lint.nslocalizedstring
          Bundle.main.localizedString(…)                           lint.bundle-main
          String(localized:…), AttributedString(localized:…)       lint.string-localized
          LocalizedStringResource(…) without bundle:               lint.localized-string-resource
          Text("literal") without bundle:                          lint.text-literal
          LocalizedStringKey(…) not passed along with a bundle:    lint.localized-string-key
        The fix is bundle: localizer.bundle(for: "<Module>") ?? .module; any bundle: other than .main,
        Bundle.main or nil is accepted. Text(verbatim:) does not localize and is fine.
        Comments, string literals (multi-line and raw) and regex literals are skipped; the code inside
        "\\(…)" is checked. A directory is searched for *.swift, skipping hidden entries (.build, .git),
        never following symbolic links. --allow exempts the helper files that are meant to call the raw
        API: '*' and '?' match within one path segment, '**' any number of segments, and patterns match
        the path relative to each <path>. Each finding is 'file:line:column: warning: message [code]' on
        stderr (columns count UTF-8 bytes, as swiftc does), then a summary on stdout. Files that are not
        UTF-8, too large or unreadable are findings too. Exit status: 0 when nothing is found, 1 when
        anything is, 64 on a usage error (a <path> that does not exist included). docs/LINT.md has the
        details and an equivalent SwiftLint rule.

        EXAMPLES:
          overlay lint Sources
          overlay lint Sources/App Packages/Checkout --allow 'Localization/**' --allow '**/L10n.swift'
          overlay lint . --json | jq -r '.findings[] | "\\(.file):\\(.line) \\(.code)"'
        """
    static let signature = CommandSignature(
        positionals: ["<path>"], minimum: 1, maximum: .some(nil),
        options: [
            .repeated("allow", "glob", "Do not read files whose path relative to <path> matches; repeatable."),
            .flag("json", "Print a JSON report (summary and findings) on stdout."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let report: LintReport
        let globs: [LintGlob]
        do {
            globs = try arguments.all("allow").map { glob throws(LintError) in try LintGlob(glob) }
            report = try Linter.lint(arguments.positionals, options: LintOptions(allow: globs))
        } catch {
            throw UsageError(message: error.message)
        }
        if arguments.flag("json") {
            console.out(
                JSONOutput.object([
                    ("paths", .array(arguments.positionals.map(JSONOutput.string))),
                    ("summary", .object([
                        ("files", .int(report.filesChecked)),
                        ("lines", .int(report.lines)),
                        ("allowed", .int(report.filesAllowed)),
                        ("symlinks_skipped", .int(report.symlinksSkipped)),
                        ("findings", .int(report.findings.count)),
                    ])),
                    ("allow", .array(zip(globs, report.allowMatches).map { glob, count in
                        .object([("glob", .string(glob.pattern)), ("files", .int(count))])
                    })),
                    ("findings", .array(report.findings.map(FindingPrinter.json))),
                ]).rendered())
        } else {
            for finding in report.findings {
                var prefix = finding.location.file ?? ""
                if let line = finding.location.line, let column = finding.location.column { prefix += ":\(line):\(column)" }
                console.diagnostic(finding.severity.rawValue, "\(finding.message) [\(finding.code)]", prefix: prefix)
            }
            for (glob, count) in zip(globs, report.allowMatches) where count == 0 {
                console.diagnostic(
                    "warning",
                    "--allow '\(glob.pattern)' matched no file; patterns match the path relative to each <path> "
                        + "(start it with '**/' to match at any depth)")
            }
            console.out(summaryLine(report))
        }
        return report.findings.isEmpty ? ExitCode.success : ExitCode.failure
    }

    static func summaryLine(_ report: LintReport) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var line = "checked \(count(report.filesChecked, "file")), \(count(report.lines, "line"))"
        if report.filesAllowed > 0 { line += ", \(report.filesAllowed) allowed by --allow" }
        if report.symlinksSkipped > 0 { line += ", \(count(report.symlinksSkipped, "symbolic link")) not followed" }
        return line + ": \(count(report.findings.count, "finding"))"
    }
}
