import Foundation
import OverlayCore
import OverlaySync
import OverlayTools

/// `overlay inspect STORE …`: incident triage of a client store, read-only; `--explain` answers "why does this
/// device show that text?".
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Triage a client store (read-only): state, revisions, binding, manifest, history; --explain a key."
    static let usage = """
        inspect <store> [--bundle <catalog>] [--app-version <v>] [--trust <pem>...] [--origin <url|dir>] [--verify] \
        [--launched-at <time>] [--max-age <duration>] [--json]
          overlay inspect <store> --explain <key> --module <M> [--table <T>] --locale <L> --bundle <catalog> [--launched-at <time>]
        """
    static let discussion = """
        Reads a store copied off a device or a server — healthy or damaged — and answers in one
        screen: is the feature on (or disabled, or no store); the store format and whether a writer
        holds LOCK; per module the active and previous revisions (revision, sha256, age, locales,
        tables, keys; every table parsed with the real readers), revision directories no state.json
        names ("staged" when newer than state.json: a cycle not switched yet; "retired" when older:
        removed at the next launch), modules on shipped strings and why (revoked, dropped from the
        manifest, rejected, incompatible build); the last applied manifest (revision, published,
        expiry, ETag, signature status with --trust) and the highest revision seen; the last cycles
        of the journal with their counters and errors. Findings go to stderr as
        'store/path: error|warning|note: … [code]'.

        Never writes, creates, removes or renames anything in the store, takes no writer lock (one
        non-blocking shared flock, released at once, tells whether a sync is writing), never follows
        a symbolic link, never opens a FIFO blocking. Damage is reported, never repaired.

        --bundle      the build's shipped catalog (a catalog folder, or the built .app itself): does
                      the store's source hash (and --app-version) match? If not, the app ignores the
                      overlay and shows shipped strings.
        --verify      hash every revision file against its digest list and list names the store
                      does not own.
        --origin      compare with what the origin serves now (read-only, through the transports a
                      sync uses): behind by N revisions, modules that would change, up to date, or
                      rejected (its binding, or with --trust its signature, fails for this build).
        --launched-at when the app process started (RFC 3339, e.g. 2026-12-02T05:00:00Z): a revision
                      written after it is pending — the app shows it at its next launch.
        --max-age     the build's maximum overlay age (SyncConfiguration.maxOverlayAge): an applied
                      manifest older than it is reported, and modules on shipped strings say why.
        --explain KEY walk the fallback chain for --module/--table/--locale (needs --bundle) and say,
                      per locale and layer, what was found and why, ending with the reason and what
                      to do (the same explanation as 'overlay resolve --trace').

        Exit status: 0 healthy, 1 problems found (an error or warning finding, or no store),
        64 usage error. With --explain: 0 when the key has a value, 1 on a total miss.

        EXAMPLES:
          overlay inspect out/demo/store --bundle testdata/catalog --trust keys/overlay-signing-key.pub.pem
          overlay inspect device-store/ --bundle build/Build/Products/Release-iphoneos/Notes.app
          overlay inspect device-store/ --verify --json | jq '.findings[] | select(.severity != "note")'
          overlay inspect store --origin https://cdn.example.com/l10n --trust k.pub.pem
          overlay inspect store --explain settings.notifications.title --module App --locale en \\
              --bundle testdata/catalog --launched-at 2026-12-02T05:00:00Z
        """
    static let signature = CommandSignature(
        positionals: ["<store>"],
        options: [
            .value("bundle", "catalog", "The build's shipped catalog or built .app: binding check, --explain."),
            .value("app-version", "v", "The build's app version, compared with the store's."),
            .repeated("trust", "pem", "Public key PEM the build trusts: checks the saved manifest's signature."),
            .value("origin", "url|dir", "Compare the store with what this origin serves now (read-only)."),
            .flag("verify", "Hash every revision file against its digest list; list names the store does not own."),
            .value("launched-at", "time", "When the app process started (RFC 3339): later revisions are pending."),
            .value("max-age", "duration", "The build's maximum overlay age (maxOverlayAge), 1m to 3650d: an older manifest is reported."),
            .value("explain", "key", "Explain how this key resolves (with --module, --locale, --bundle)."),
            .value("module", "M", "The module of --explain."),
            .value("table", "T", "The table of --explain (default: Localizable)."),
            .value("locale", "L", "The user's language, or a comma-separated preference list, for --explain."),
            .flag("dev", "Explain as a development build (a miss shows the ⟦Module/Table:key⟧ sentinel)."),
            .flag("json", "Print the report as JSON (schemas/inspect-report.v1.schema.json)."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let store = arguments.positionals[0]
        var options = StoreInspector.Options(store: store)
        options.appVersion = try arguments.appVersion(required: false)
        options.verify = arguments.flag("verify")
        if let text = arguments.value("max-age") { options.maxAge = try DurationArgument.seconds(text, option: "max-age") }
        if let text = arguments.value("launched-at") {
            guard let date = RFC3339.date(from: text) else {
                throw UsageError(message: "--launched-at '\(text)' is not an RFC 3339 time (e.g. 2026-12-02T05:00:00Z)")
            }
            options.launchedAt = date
        }
        var request: StoreInspector.ExplainRequest?
        if let key = arguments.value("explain") {
            guard arguments.value("bundle") != nil else {
                throw UsageError(message: "--explain needs --bundle: the shipped catalog is the root of every answer")
            }
            request = StoreInspector.ExplainRequest(
                key: key, module: try arguments.required("module"), table: arguments.value("table") ?? "Localizable",
                locales: try arguments.required("locale").split(separator: ",").map(String.init),
                mode: arguments.flag("dev") ? .development : .production)
        } else {
            for option in ["module", "table", "locale"] where arguments.value(option) != nil {
                throw UsageError(message: "--\(option) is for --explain KEY; pass the key to explain")
            }
        }
        let origin = try arguments.value("origin").map { try SyncCommand.origin($0) }
        if !arguments.all("trust").isEmpty { options.trusted = try arguments.trustedKeys() }
        options.shipped = try arguments.value("bundle").map { try loadCatalog($0, mode: .lenient).catalog }

        var report = StoreInspector.inspect(options)
        if let origin {
            let trusted = options.trusted
            let snapshot = report
            let appVersion = options.appVersion
            let sourceHash = options.shipped?.sourceHash
            report.origin = try blockingAwait {
                await StoreInspector.compare(origin: origin.0, transport: origin.1, report: snapshot,
                                             appVersion: appVersion, trusted: trusted, sourceHash: sourceHash)
            }
            if let comparison = report.origin, comparison.status != "up-to-date" {
                report.findings.append(.init(
                    severity: comparison.status == "behind" ? .note : .warning, code: "origin.\(comparison.status)", path: "",
                    message: "the origin (\(comparison.origin)) is \(comparison.status)\(comparison.detail.map { ": \($0)" } ?? "")"))
            }
        }
        if let request, let shipped = options.shipped {
            report.explanation = StoreInspector.explain(request, report: report, shipped: shipped, launchedAt: options.launchedAt)
        }

        if arguments.flag("json") {
            console.out(report.json.serialized(pretty: true))
        } else {
            // --explain answers one question: its lines only (the store's findings still follow on stderr).
            let lines = report.explanation.map(ExplanationText.lines) ?? report.text.split(separator: "\n").map(String.init)
            for line in lines { console.line(line) }
            if let hint = launchHint(report, request: request, launchedAt: options.launchedAt) { console.line(hint) }
            for finding in report.findings {
                let path = finding.path.isEmpty ? report.store : "\(report.store)/\(finding.path)"
                console.diagnostic(finding.severity.rawValue, "\(finding.message) [\(finding.code)]", prefix: path)
            }
        }
        if let explanation = report.explanation {
            return explanation.resolution.layer == .miss ? ExitCode.failure : ExitCode.success
        }
        return report.isHealthy ? ExitCode.success : ExitCode.failure
    }

    /// Without --launched-at the explanation is a fresh launch's; say when the active revision arrived, since an app
    /// running from before then still shows the previous one.
    private static func launchHint(
        _ report: InspectReport, request: StoreInspector.ExplainRequest?, launchedAt: Date?
    ) -> String? {
        guard launchedAt == nil, let request, let module = report.modules.first(where: { $0.name == request.module }),
              let active = module.active, let written = active.writtenAt, let revision = active.revision
        else { return nil }
        let before = module.previous?.revision.map { "revision \($0)" } ?? "the shipped strings"
        return "note: revision \(revision) of \(module.name) is active since \(InspectTime.string(written)); an app "
            + "launched before then still shows \(before) until its next launch (pass --launched-at to explain that app)"
    }
}
