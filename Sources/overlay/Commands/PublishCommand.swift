import Foundation
import OverlayCore
import OverlayTools

/// `overlay publish`: catalog → signed static origin.
enum PublishCommand: Command {
    static let name = "publish"
    static let summary = "Publish a catalog as signed module archives and a manifest (a static origin)."
    static let usage = """
        publish <catalog> --app-version <v> --key <pem>... --out <origin> [--bundle <shipped catalog>]
                       [--from <url|dir>] [--first-publish] [--trust <pem>]... [--revision <n>] [--expires-in <30d>]
                       [--revoke <module@sha256>]... [--plain-strings as-written|formatted] [--json]
        """
    static let discussion = """
        Refuses a catalog that 'overlay check' rejects (warnings are printed, grouped), and anything a client
        would reject: names outside the grammar below, keys or values over the limits, archives over the
        caps — the output is run through the client's own validators before a byte is written. With
        --bundle (the catalog the build shipped), values identical to the shipped ones cannot change what
        devices show: their findings do not block, and the catalog must have the build's structure (source
        hash). Writes, under <origin>:
          <v>/modules/<Module>-<sha256 prefix>.zip   one deterministic archive per module (immutable)
          <v>/signatures/<sha256 of manifest>.sig    one Ed25519 signature per --key
          <v>/history/manifest.<revision>.json       every published manifest
          cache-headers.json                          Cache-Control per path, for the CDN or nginx
          <v>/manifest.json                           written last: the only mutable file
        A module whose content did not change keeps its archive, path and revision, so clients skip it.
        InfoPlist.strings is never published, so nothing in it (a duplicate key, a syntax error) blocks a
        publish: it is reported as a warning. The findings are the ones 'overlay check' prints, with the
        same counts; --plain-strings means what it means there. The build record (<v>/.overlay-build.json)
        keeps what reuse needs, not the findings: a republish of an unchanged catalog says how many
        warnings the last publish reported instead of printing them again.

        The revision continues from the origin's current manifest: from --out, or from --from when --out
        is a fresh directory (an ephemeral CI runner). That manifest must be signed by a --key or a --trust
        key (--trust: the previous key's public half after a rotation); a --from origin without a manifest
        for <v> is an error unless --first-publish says nothing was published for <v> yet.

        Ranges: --app-version is 1-64 ASCII letters, digits and . _ + -, starting with a letter or digit;
        --revision is 1 to 9007199254740991 (2^53 - 1, exact in JSON); --expires-in is 1m to 90d (clients
        refuse a manifest that lives longer than 90 days). Module folders are ASCII letters, digits, _ . -
        (not starting with . or -); lproj names are Base or a tag like fr-CA; keys are at most 1024 bytes,
        without control characters other than tab, newline and carriage return; values at most 64 KiB.

        EXAMPLES:
          overlay publish testdata/catalog --app-version 1.0 --key keys/overlay-signing-key.pem --out origin/
          overlay publish corrected/ --bundle MyApp-2.3/Resources --app-version 2.3 --key k.pem --out origin/
          overlay publish Resources --app-version 2.3 --key old.pem --key new.pem --out build/origin \\
              --from https://cdn.example.com/l10n --expires-in 14d
          overlay publish Resources --app-version 2.3 --key new.pem --trust old.pub.pem --out origin
          overlay publish Resources --app-version 2.4 --key k.pem --out build/origin --from https://cdn.example.com/l10n --first-publish
          overlay publish Resources --app-version 2.3 --key k.pem --out origin --revoke Checkout@<sha256>
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .value("app-version", "version", "The app version this publish is for (a folder of the origin)."),
            .repeated("key", "pem", "Private key PEM to sign with; repeat to sign with several (key rotation)."),
            .value("out", "origin", "Origin directory to write."),
            .value("bundle", "catalog", "The catalog the build shipped: its identical values do not block."),
            .value("from", "url|dir", "Origin to read the current manifest from when --out does not hold it."),
            .flag("first-publish", "Nothing was published for this app version yet: --from may hold no manifest."),
            .repeated("trust", "pem", "Public key PEM that may have signed the current manifest (after a key rotation)."),
            .value("revision", "n", "Revision to publish, 1 to 2^53-1 (default: current + 1; lower or equal is refused)."),
            .value("expires-in", "duration", "Manifest lifetime, 1m to 90d, e.g. 30d (default), 12h."),
            .repeated("revoke", "module@sha256", "Never serve this archive again; clients fall back."),
            PlainStringsOption.option,
            .flag("json", "Print the publish report as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let catalogPath = arguments.positionals[0]
        guard let appVersion = try arguments.appVersion() else { throw UsageError(message: "missing required option --app-version") }
        let output = try arguments.required("out")
        let keyPaths = arguments.all("key")
        guard !keyPaths.isEmpty else { throw UsageError(message: "missing required option --key") }
        // The origin is uploaded whole: neither a catalog nor a private key may lie inside it, nor it inside them.
        try OutputFolder.check(
            ("--out", output),
            against: [("the catalog", catalogPath)] + (arguments.value("bundle").map { [("--bundle", $0)] } ?? [])
                + keyPaths.map { ("--key", $0) })
        let revision = try arguments.integer("revision", in: 1...Manifest.maximumRevision)
        let expiresIn = try arguments.seconds("expires-in", default: 30 * 86_400)
        var revocations: [Manifest.Revocation] = []
        for text in arguments.all("revoke") {
            let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
            guard parts.count == 2, NameGrammar.isModuleName(parts[0]), parts[1].isLowercaseHex(count: 64)
            else { throw UsageError(message: "--revoke takes MODULE@SHA256: a module name and 64 lowercase hex digits (got '\(text)')") }
            revocations.append(Manifest.Revocation(module: parts[0], sha256: parts[1]))
        }
        let keys = try keyPaths.map { path in
            do { return try KeyFiles.privateKey(at: path) } catch let error as ToolError { throw CommandFailure(message: error.message) }
        }
        var configured = PublishOptions(
            catalog: URL(fileURLWithPath: catalogPath), shipped: arguments.value("bundle").map { URL(fileURLWithPath: $0) },
            appVersion: appVersion, keys: keys,
            output: URL(fileURLWithPath: output), from: arguments.value("from"), revision: revision,
            expiresIn: expiresIn, revoke: revocations, firstPublish: arguments.flag("first-publish"),
            trust: try arguments.publicKeys("trust"))
        configured.plainStrings = try PlainStringsOption.value(arguments)
        let options = configured
        let json = arguments.flag("json")
        let printer = FindingPrinter(console: console, catalogPath: catalogPath)
        let report: PublishReport
        do {
            report = try blockingAwait {
                try await Publisher.publish(options) { line in if !json { console.note(line) } }
            }
        } catch let error as PublishError {
            printer.printGrouped(error.findingList)
            throw CommandFailure(message: error.message)
        } catch let error as ToolError {
            throw CommandFailure(message: error.message)
        }
        if !json {
            printer.printGrouped(report.findingList)
            if !report.unrepeatedFindings.isEmpty {
                let counts = report.unrepeatedFindings.map { "\($0.severity) \($0.code) ×\($0.count)" }.joined(separator: ", ")
                console.note("note: the catalog did not change since the last publish into this origin, which reported \(counts); not repeated: 'overlay check' lists them")
            }
        }
        if json {
            PublishReportJSON.write(report, to: console)
        } else {
            let changed = report.modules.filter { $0.status != .unchanged }.count
            console.line(
                "published \(report.appVersion) revision \(report.revision): \(report.modules.count) modules (\(changed) new or changed), manifest \(report.manifestPath.path)")
            if !report.removed.isEmpty { console.line("removed modules (clients return to shipped strings): \(report.removed.joined(separator: ", "))") }
        }
        return ExitCode.success
    }
}

enum PublishReportJSON {
    /// The report, its warnings written one at a time (a large catalog has hundreds of thousands).
    static func write(_ report: PublishReport, to console: Console) {
        JSONOutput.object([
            ("app_version", .string(report.appVersion)),
            ("revision", .int(report.revision)),
            ("previous_revision", report.previousRevision.map { .int($0) } ?? .null),
            ("source_hash", .string(report.sourceHash)),
            ("manifest", .string(report.manifestPath.path)),
            ("manifest_sha256", .string(report.manifestSHA256)),
            ("expires_at", .string(RFC3339.string(from: report.expiresAt))),
            ("modules", .array(report.modules.map { module in
                .object([
                    ("name", .string(module.name)), ("status", .string(module.status.rawValue)),
                    ("sha256", .string(module.sha256)), ("size", .int(module.size)),
                    ("revision", .int(module.revision)), ("path", .string(module.path)),
                ])
            })),
            ("removed", .array(report.removed.map { .string($0) })),
            ("revoked", .array(report.revoked.map { .object([("module", .string($0.module)), ("sha256", .string($0.sha256))]) })),
            // Nothing changed since the last publish: what it reported, counted (the record keeps no text).
            ("warnings_from_last_publish", .array(report.unrepeatedFindings.map { count in
                .object([("code", .string(count.code)), ("severity", .string(count.severity)), ("count", .int(count.count))])
            })),
        ]).write(appending: "warnings", report.findingList, to: console, FindingPrinter.json)
    }
}
