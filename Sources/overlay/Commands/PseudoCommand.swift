import Foundation
import OverlayTools

/// `overlay pseudo CATALOG --style S --locale TAG --out DIR`: pseudo-localization delivered over the air.
enum PseudoCommand: Command {
    static let name = "pseudo"
    static let summary = "Write a copy of a catalog with a pseudo-localized locale added (QA over the air)."
    static let usage = "pseudo <catalog> --style accented|expanded|rtl|bounded --locale <tag> --out <dir> [--json]"
    static let discussion = """
        Makes one pseudo locale for every module from its development-language tables and writes a
        copy of the catalog with it added as <Module>/<tag>.lproj. Publish the copy to a staging origin
        and a QA build shows the pseudo text without a new binary; strings that stay unchanged were never
        looked up through Overlay (hard-coded). Every text is bracketed, so truncation is visible.
          accented   [Šåṽé çĥåñĝéš]           letters replaced by accented look-alikes
          expanded   [Šåṽé çĥåñĝéš~~~~~]      accented and about 40% longer, as German often is
          rtl        letters shown right to left; use an RTL tag such as ar-XB
          bounded    ⟦Save changes⟧           words unchanged, only bracketed
        Placeholders (%@, %1$ld, %#@v@, %{name}), %% and placeholders apps fill themselves ({name},
        ${name}), tags (<b>) and entities stay as they are, so 'overlay check' and every client accept the
        result; plurals gain the categories the pseudo locale's CLDR rules select. Use a private-use tag
        (en-XA, ar-XB) that the catalog does not have: the fallback chain resolves it to its language.

        EXAMPLES:
          overlay pseudo testdata/catalog --style expanded --locale en-XA --out build/pseudo
          overlay publish build/pseudo --bundle testdata/catalog --app-version 1.0 --key k.pem --out staging
        """
    static let signature = CommandSignature(
        positionals: ["<catalog>"],
        options: [
            .value("style", "style", "accented, expanded, rtl or bounded."),
            .value("locale", "tag", "The pseudo locale's tag, e.g. en-XA or ar-XB."),
            .value("out", "dir", "A new or empty directory for the copy, outside the catalog."),
            .flag("json", "Print what was written as JSON."),
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let styleName = try arguments.required("style")
        guard let style = PseudoStyle(rawValue: styleName) else {
            throw UsageError(message: "--style takes one of \(PseudoStyle.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(styleName)')")
        }
        let locale = try arguments.required("locale")
        let output = try arguments.required("out")
        try OutputFolder.check(("--out", output), against: [("the catalog", arguments.positionals[0])])
        let report: PseudoCatalog.Report
        do {
            report = try PseudoCatalog.write(
                catalog: URL(fileURLWithPath: arguments.positionals[0]), style: style, locale: locale,
                to: URL(fileURLWithPath: output))
        } catch let failure as PseudoCatalog.Failure {
            throw CommandFailure(message: failure.message)
        }
        let keys = report.modules.reduce(0) { $0 + $1.keys }
        if arguments.flag("json") {
            console.out(JSONOutput.object([
                ("locale", .string(report.locale)), ("style", .string(style.rawValue)), ("out", .string(output)),
                ("modules", .array(report.modules.map { .object([("name", .string($0.name)), ("keys", .int($0.keys))]) })),
                ("files", .array(report.files.map { .string($0) })),
            ]).rendered())
        } else {
            console.out("wrote \(report.locale) (\(style.rawValue)) for \(report.modules.count) modules, \(keys) keys, into \(output)")
        }
        return ExitCode.success
    }
}
