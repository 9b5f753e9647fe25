import Foundation
import OverlayCore
import OverlayTools

/// `overlay matrix`: the release matrix against a candidate origin (OverlayTools `Matrix`).
enum MatrixCommand: Command {
    static let name = "matrix"
    static let summary = "Run a candidate origin through the real client in every state an app can be in."
    static let usage = """
        matrix --bundle <catalog> --origin <dir> --trust <pem>... [--threshold <n>] [--app-version <v>]
                      [--sources <dir>...] [--json] [--junit <file>] [--html <file>]
        """
    static let discussion = """
        Before a publish goes to the CDN: 14 scenarios, each in a fresh temporary store with the real
        SyncService, store and Localizer, against the candidate (the folder 'overlay publish --out' wrote)
        and the build's shipped catalog: first launch offline; cached overlay offline; HTTP 304; the
        candidate as a new revision; wrong source hash; truncated, malformed and tampered artifacts; app
        upgrade with an old cache; revoked revision; dependency-owned lookups (overlay lint over
        --sources); locale switch; placeholder and plural mismatches; a child process SIGKILLed during the
        revision write and the state switch (this binary, run as the child); bad signature,
        untrusted key, rollback, freeze and equivocation; the kill switch during a download.
        Variants are derived from the candidate; those that need a signature the build's key would never
        give are signed by a throwaway key the scenario trusts, and the observed text says so. A candidate
        that is itself bad (untrusted signature, another source hash, a damaged archive, a broken
        placeholder) turns the matrix red.
        One progress line per scenario on stderr, a table on stdout. Scenario 9 without --sources is "not
        run" and counts as not passed. Exit status: 0 when every scenario passed, 1 otherwise (a failed or
        not-run scenario, or a candidate that cannot be read), 64 on a usage error.
        --junit writes one test case per scenario (none skipped; a failure's message is what was observed),
        --html one self-contained page for a release manager. --json: schemas/matrix-report.schema.json.

        EXAMPLES:
          overlay matrix --bundle App/Resources --origin staging/ --trust keys/overlay-signing-key.pub.pem \\
              --sources Sources --junit matrix.xml --html matrix.html
          overlay matrix --bundle testdata/catalog --origin out/origin --trust k.pub.pem --json | jq .green
        """
    static let signature = CommandSignature(options: [
        .value("bundle", "catalog", "The build's shipped catalog."),
        .value("origin", "dir", "The candidate origin: the folder 'overlay publish --out' wrote (a staging copy)."),
        .repeated("trust", "pem", "Public key PEM the build trusts; repeat for several."),
        .value("threshold", "n", "How many trusted keys must sign: 1 to the number of --trust keys (default 1)."),
        .value("app-version", "version", "The app version folder to test (default: the only one in the origin)."),
        .repeated("sources", "dir", "Swift sources of the app and its dependencies, for scenario 9; repeatable."),
        .flag("json", "Print the report as JSON on stdout instead of the table."),
        .value("junit", "file", "Write a JUnit XML report here."),
        .value("html", "file", "Write a one-page HTML report here."),
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let bundle = try arguments.required("bundle")
        let originText = try arguments.required("origin")
        let appVersion = try arguments.appVersion(required: false)
        let trusted = try arguments.trustedKeys()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: originText, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "--origin '\(originText)' is not a directory; the matrix runs on the staging folder 'overlay publish --out' wrote, before it is copied to the CDN")
        }
        let sources = arguments.all("sources")
        for source in sources where !FileManager.default.fileExists(atPath: source) {
            throw UsageError(message: "--sources '\(source)' does not exist")
        }
        let options = MatrixOptions(
            origin: URL(fileURLWithPath: originText, isDirectory: true), bundle: URL(fileURLWithPath: bundle),
            trustedKeys: trusted, appVersion: appVersion, sources: sources,
            // Scenario 12's child is this binary's hidden `_torture` mode: nothing else needs to be installed.
            childExecutable: Bundle.main.executableURL?.resolvingSymlinksInPath())
        let report: MatrixReport
        do {
            report = try blockingAwait { try await Matrix.run(options) { line in console.note(line) } }
        } catch let error as MatrixError {
            throw CommandFailure(message: error.message)
        }
        do {
            try report.writeReports(
                junit: arguments.value("junit").map { URL(fileURLWithPath: $0) },
                html: arguments.value("html").map { URL(fileURLWithPath: $0) })
        } catch let error as ToolError {
            throw CommandFailure(message: error.message)
        }
        if arguments.flag("json") {
            console.out(report.json())
        } else {
            printTable(report, console: console)
        }
        return report.isGreen ? ExitCode.success : ExitCode.failure
    }

    private static func printTable(_ report: MatrixReport, console: Console) {
        let rows = report.tableRows
        let idWidth = rows.map { $0[1].count }.max() ?? 0
        console.line(" #  " + "scenario".padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  verdict  observed")
        for row in rows {
            let number = row[0].count < 2 ? " " + row[0] : row[0]
            let verdict = row[2].padding(toLength: 7, withPad: " ", startingAt: 0)
            console.line("\(number)  \(row[1].padding(toLength: idWidth, withPad: " ", startingAt: 0))  \(verdict)  \(row[3])")
        }
        console.line(report.summaryLine)
    }
}
