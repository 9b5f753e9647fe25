import Foundation
import OverlayCore
import OverlaySync
import OverlayTools

/// `overlay sync`: one sync cycle of a client store against an origin.
enum SyncCommand: Command {
    static let name = "sync"
    static let summary = "Run one sync cycle: fetch, verify, validate and activate what changed."
    static let usage = """
        sync --origin <url|dir>... --app-version <v> --bundle <catalog> --store <dir> --trust <pem>...
                    [--threshold <n>] [--max-age <90d>] [--json]
        """
    static let discussion = """
        Exactly what an app's SyncService does on launch: one conditional GET of
        <origin>/<v>/manifest.json (a 304 writes nothing), then the signature, binding, rollback,
        equivocation and expiry checks, revocations, and download → verify → validate → activate of each
        module whose archive changed. Rejected artifacts are reported and never activated; the active
        revisions keep serving. No minimum interval applies.
        Repeat --origin to name mirrors, tried in order: an origin that refuses, times out, has no
        manifest or serves one that fails a check (stale, tampered, unsigned) is skipped and reported, and
        the next one is asked. So is each file (signature, archive) the origin that served the manifest
        cannot serve intact: a 404, a 5xx, a deadline, or bytes that are not the ones the signed manifest
        lists (an error page with 200, a truncated copy). Such bytes are never counted as a rejection: the
        module is retried at the next sync. Mirrors need no trust; the signature and rollback rules apply.
        The store directory is created if missing or empty; a non-empty directory without the store.json
        Overlay writes, a store.json that is not that marker, a symbolic link and / are refused untouched.
        Opening the store heals it: a revision whose files are missing or of another size is dropped (the
        previous one serves, else the shipped strings) and fetched again by this cycle.
        Human output: blocking findings and each failed or rejected module (with its reason) on stderr,
        findings on values the build already ships as one count (they block nothing), then one summary line.
        Exit status: 0 when the cycle ran to its end (even if it rejected something), 1 when it could not
        run or some modules could not be fetched (they are retried next time).

        EXAMPLES:
          overlay sync --origin origin/ --app-version 1.0 --bundle testdata/catalog --store /tmp/store \\
              --trust keys/overlay-signing-key.pub.pem
          overlay sync --origin https://cdn.example.com/l10n --app-version 2.3 --bundle App/Resources \\
              --store ~/.local/state/app/overlay --trust k.pub.pem --json | jq .outcome
          overlay sync --origin https://cdn.example.com/l10n --origin https://mirror.example.net/l10n \\
              --app-version 2.3 --bundle App/Resources --store /tmp/store --trust k.pub.pem
        """
    static let signature = CommandSignature(options: [
        .repeated("origin", "url|dir", "The origin root (an http(s) URL or a directory); repeat for mirrors, tried in order."),
        .value("app-version", "version", "The client build's app version."),
        .value("bundle", "catalog", "The client build's shipped catalog (or the built .app)."),
        .value("store", "dir", "The client store directory (created if missing or empty; never /)."),
        .repeated("trust", "pem", "Public key PEM the build trusts; repeat for several."),
        .value("threshold", "n", "How many trusted keys must sign: 1 to the number of --trust keys (default 1)."),
        .value("max-age", "duration", "Longest allowed manifest lifetime, 1m to 3650d (default 90d)."),
        .value("timeout", "duration", "Deadline of each request, body included, 0.001s to 1d (default 30s)."),
        .flag("json", "Print the cycle report as JSON."),
    ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let originTexts = arguments.all("origin")
        guard !originTexts.isEmpty else { throw UsageError(message: "missing required option --origin") }
        guard let appVersion = try arguments.appVersion() else { throw UsageError(message: "missing required option --app-version") }
        let bundle = try arguments.required("bundle")
        let storePath = try storeDirectory(arguments)
        let maxAge = try arguments.seconds("max-age", default: 90 * 86_400)
        let timeout = try arguments.seconds("timeout", default: 30)
        let trusted = try arguments.trustedKeys()

        let resolved = try originTexts.map(Self.origin)
        try OutputFolder.check(
            ("--store", storePath),
            against: [("--bundle", bundle)] + resolved.compactMap { $0.0.isFileURL ? ("--origin", $0.0.path) : nil })
        let transport = resolved[0].1
        guard resolved.allSatisfy({ type(of: $0.1) == type(of: transport) }) else {
            throw UsageError(message: "--origin values mix http(s) URLs and directories; give mirrors of one kind")
        }
        let shipped = try loadCatalog(bundle, mode: .lenient).catalog
        let configuration = SyncConfiguration(
            origin: resolved[0].0, mirrors: resolved.dropFirst().map(\.0), appVersion: appVersion, trustedKeys: trusted, shipped: shipped,
            storeURL: URL(fileURLWithPath: storePath), maxManifestAge: maxAge,
            requestTimeout: .milliseconds(Int(timeout * 1000)))
        let service = SyncService(configuration: configuration, transport: transport)
        let report = try blockingAwait { await service.start() }
        if arguments.flag("json") {
            console.out(SyncReportJSON.render(report))
        } else {
            printHuman(report, store: storePath, console: console)
        }
        switch report.outcome {
        case .failed, .partial, .cancelled: return ExitCode.failure
        default: return ExitCode.success
        }
    }

    /// Blocking findings as errors, each failed or rejected module by name with its reason, a count of findings on
    /// values the build already ships (they cannot change what the app shows and block nothing), then the summary.
    static func printHuman(_ report: SyncReport, store: String, console: Console) {
        for finding in report.findings where finding.isBlocking {
            console.diagnostic("error", "\(finding.message) [\(finding.code)]", prefix: finding.location.file ?? "")
        }
        // One line per reason: a store failure fails every module of the batch with the same words.
        for action in [SyncReport.ModuleAction.failed, .rejected] {
            let modules = report.modules.filter { $0.action == action }
            for detail in Set(modules.map { $0.detail ?? "no detail" }).sorted() {
                let names = modules.filter { ($0.detail ?? "no detail") == detail }.map(\.name)
                let subject = names.count == 1 ? "module \(names[0])" : "modules \(names.joined(separator: ", "))"
                let verb = action == .failed ? "could not be fetched or stored (retried next sync)"
                    : names.count == 1 ? "was rejected" : "were rejected"
                console.diagnostic(action == .failed ? "error" : "warning", "\(subject) \(verb): \(detail)")
            }
        }
        let shipped = report.findings.filter(\.isAlreadyShipped).count
        if shipped > 0 {
            console.diagnostic("note", "\(shipped) finding\(shipped == 1 ? "" : "s") on values the build already ships "
                               + "(not blocking; --json lists them)")
        }
        if let error = report.error, error.code == .store {
            console.diagnostic("error", error.message, prefix: store)
        }
        console.line(report.summary)
    }

    /// An http(s) origin uses URLSession; anything else is a directory served by the file transport.
    static func origin(_ text: String) throws(UsageError) -> (URL, any HTTPTransport) {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return (url, DefaultHTTPTransport.make())
        }
        if let url = URL(string: text), url.scheme?.lowercased() == "file" {
            return (url, FileTransport())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "--origin '\(text)' is neither an http(s) URL nor a directory")
        }
        return (URL(fileURLWithPath: text, isDirectory: true), FileTransport())
    }
}

enum SyncReportJSON {
    static func render(_ report: SyncReport) -> String {
        var members: [(String, JSONOutput)] = [("outcome", .string(report.outcome.rawValue))]
        members.append(("revision", report.manifestRevision.map { .int($0) } ?? .null))
        members.append(("http_status", report.httpStatus.map { .int($0) } ?? .null))
        for (name, value) in report.counters { members.append((name, .int(value))) }
        members.append(("duration_ms", .int(Int(Double(report.duration.components.seconds) * 1000 + Double(report.duration.components.attoseconds) / 1e15))))
        members.append(("modules", .array(report.modules.map { module in
            var fields: [(String, JSONOutput)] = [("name", .string(module.name)), ("action", .string(module.action.rawValue))]
            if let sha = module.sha256 { fields.append(("sha256", .string(sha))) }
            if let revision = module.revision { fields.append(("revision", .int(revision))) }
            if let detail = module.detail { fields.append(("detail", .string(detail))) }
            if !module.fetchErrors.isEmpty {
                fields.append(("fetch_errors", .array(module.fetchErrors.map { error in
                    .object([("url", error.url.map { .string($0.absoluteString) } ?? .null), ("code", .string(error.code.rawValue)),
                             ("message", .string(error.message))])
                })))
            }
            return .object(fields)
        })))
        members.append(("rejected_by_code", .object(report.rejectedByCode.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
        members.append(("failed_by_code", .object(report.failedByCode.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })))
        members.append(("findings", .array(report.findings.map(FindingPrinter.json))))
        if !report.skippedOrigins.isEmpty {
            members.append(("skipped_origins", .array(report.skippedOrigins.map { skipped in
                .object([
                    ("origin", .string(skipped.origin.absoluteString)), ("outcome", .string(skipped.outcome.rawValue)),
                    ("reason", .string(skipped.reason)),
                ])
            })))
        }
        if let error = report.error {
            members.append(("error", .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])))
        }
        return JSONOutput.object(members).rendered()
    }
}
