import Foundation
import OverlayCore
import OverlayTools

/// `overlay validate`: the client's rules, run before anything ships.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Validate an origin or an artifact with every rule a client applies."
    static let usage = "validate <origin|artifact> --bundle <catalog> --trust <pem>... [--app-version <v>] [--strict] [--json]"
    static let discussion = """
        An origin folder (or its manifest.json): the signature threshold over the manifest's bytes, binding to
        the app version and the bundle's source hash, expiry, then every module archive: size and SHA-256
        against the manifest, ZIP structure, header binding, strict table parsing, keys, placeholders and
        plural categories against the bundle. A lone module .zip or table artifact .json: everything but
        authenticity. Files are read only when regular and within a client's caps (checked from their size
        first: manifest 1 MiB, archive 16 MiB, table artifact 8 MiB). Exit status 1 on any error (with
        --strict, on any finding). --threshold is 1 to the number of distinct --trust keys; --max-age is 1m
        to 3650d.

        EXAMPLES:
          overlay validate origin/ --bundle testdata/catalog --trust keys/overlay-signing-key.pub.pem
          overlay validate origin/1.0/modules/Checkout-0123456789abcdef.zip --bundle App/Resources --trust k.pub.pem
        """
    static let signature = CommandSignature(
        positionals: ["<origin|artifact>"],
        options: [
            .value("bundle", "catalog", "The shipped catalog (or built .app) of the build the artifacts are for."),
            .repeated("trust", "pem", "Public key PEM the build trusts; repeat for several."),
            .value("threshold", "n", "How many trusted keys must sign: 1 to the number of --trust keys (default 1)."),
            .value("app-version", "version", "The build's app version (default: the origin's only one)."),
            .value("max-age", "duration", "Longest allowed manifest lifetime, 1m to 3650d (default 90d)."),
            .flag("strict", "Treat warnings as errors; also require matching numeric styles (%d vs %u)."),
            .flag("all", "Print every finding on its own line instead of grouping them."),
            .flag("json", "Print the findings as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        let bundle = try arguments.required("bundle")
        let maxAge = try arguments.seconds("max-age", default: 90 * 86_400)
        let strict = arguments.flag("strict")
        let trusted = try arguments.trustedKeys()
        let shipped = try loadCatalog(bundle, mode: .lenient).catalog
        let appVersion = try arguments.appVersion(required: false)
        var context = ValidationContext(
            trustedKeys: trusted, appVersion: appVersion ?? "", sourceHash: shipped.sourceHash, shipped: shipped,
            maxManifestAge: maxAge, strictFormats: strict)
        if appVersion == nil {
            context.appVersion = inferredAppVersion(path) ?? ""
        }
        let report: ArtifactValidation.Report
        do {
            report = try ArtifactValidation.validate(path: path, context: context, appVersion: appVersion)
        } catch let error as ToolError {
            throw CommandFailure(message: error.message)
        }
        var findings = report.findings
        if strict { findings = findings.map { var f = $0; f.severity = .error; return f } }
        let errors = findings.filter { $0.severity == .error }.count
        // What a client rejects: errors about values the build already ships do not count.
        let blocking = findings.filter(\.isBlocking).count
        if arguments.flag("json") {
            console.out(JSONOutput.object([
                ("subject", .string(report.subject)),
                ("modules", .int(report.modulesChecked)),
                ("errors", .int(errors)),
                ("blocking_errors", .int(blocking)),
                ("warnings", .int(findings.count - errors)),
                ("findings", .array(findings.map(FindingPrinter.json))),
            ]).rendered())
        } else {
            let printer = FindingPrinter(console: console, catalogPath: "")
            if arguments.flag("all") { printer.printDiagnostics(findings) } else { printer.printGrouped(findings) }
            let shipped = errors - blocking
            console.line("validated \(report.subject): \(report.modulesChecked) module(s), \(errors) error(s)"
                + (shipped > 0 ? " (\(shipped == errors ? "all" : "\(shipped)") already shipped)" : "")
                + ", \(findings.count - errors) warning(s)")
        }
        return blocking > 0 ? ExitCode.failure : ExitCode.success
    }

    /// The app version an origin path names: the folder holding manifest.json, or the origin's only version.
    static func inferredAppVersion(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let manifest: URL
        if url.lastPathComponent == "manifest.json" {
            manifest = url
        } else if FileManager.default.fileExists(atPath: url.appendingPathComponent("manifest.json").path) {
            manifest = url.appendingPathComponent("manifest.json")
        } else {
            let versions = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
                FileManager.default.fileExists(atPath: url.appendingPathComponent($0).appendingPathComponent("manifest.json").path)
            }
            guard versions.count == 1 else { return nil }
            manifest = url.appendingPathComponent(versions[0]).appendingPathComponent("manifest.json")
        }
        // Only a regular file within the manifest cap is read; anything else is reported by the validation itself.
        guard let data = try? BoundedFile.read(manifest.path, maxBytes: ValidationLimits.default.maxManifestBytes) else {
            return nil
        }
        return (try? Manifest.decode(data))?.appVersion
    }
}
