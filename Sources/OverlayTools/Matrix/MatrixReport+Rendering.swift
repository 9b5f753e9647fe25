public import Foundation
import OverlayCore

/// The report as a table for a terminal, JSON for scripts, JUnit XML for CI, and one HTML page for people.
extension MatrixReport {
    /// Rows of `#`, scenario, verdict, observed (the caller escapes for the terminal).
    public var tableRows: [[String]] {
        results.map { [String($0.number), $0.id, $0.verdict.rawValue.uppercased(), $0.observed] }
    }

    /// `matrix: 13 passed, 1 not run, 0 failed of 14 (candidate 1.0 revision 3) in 12.3 s`.
    public var summaryLine: String {
        let revision = candidate.revision.map { " revision \($0)" } ?? ""
        return "matrix \(isGreen ? "green" : "red"): \(passed) passed, \(failed) failed, \(notRun) not run of \(results.count) (candidate \(candidate.appVersion)\(revision)) in \(String(format: "%.1f", duration.milliseconds / 1000)) s"
    }

    /// The JSON report (`schemas/matrix-report.schema.json`, schema_version 1).
    public func json() -> String {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        func date(_ value: Date?) -> JSONValue { value.map { .string(RFC3339.string(from: $0)) } ?? .null }
        let modules = candidate.modules.map { module in
            JSONValue.object(JSONObject([
                ("name", .string(module.name)), ("sha256", .string(module.sha256)), ("revision", number(module.revision)),
                ("size", number(module.size)), ("locales", .array(module.locales.map { .string($0) })),
            ]))
        }
        let scenarios = results.map { result in
            JSONValue.object(JSONObject([
                ("number", number(result.number)), ("id", .string(result.id)), ("title", .string(result.title)),
                ("expected", .string(result.expected)), ("observed", .string(result.observed)),
                ("verdict", .string(result.verdict.rawValue)), ("duration_ms", number(Int(result.duration.milliseconds.rounded()))),
            ]))
        }
        let root = JSONValue.object(JSONObject([
            ("schema_version", number(1)),
            ("green", .bool(isGreen)),
            ("candidate", .object(JSONObject([
                ("origin", .string(candidate.origin)), ("app_version", .string(candidate.appVersion)),
                ("revision", candidate.revision.map(number) ?? .null),
                ("source_hash", candidate.sourceHash.map { .string($0) } ?? .null),
                ("build_source_hash", .string(candidate.buildSourceHash)),
                ("published_at", date(candidate.publishedAt)), ("expires_at", date(candidate.expiresAt)),
                ("modules", .array(modules)),
            ]))),
            ("summary", .object(JSONObject([
                ("total", number(results.count)), ("passed", number(passed)), ("failed", number(failed)),
                ("not_run", number(notRun)), ("duration_ms", number(Int(duration.milliseconds.rounded()))),
            ]))),
            ("scenarios", .array(scenarios)),
        ]))
        return root.serialized()
    }

    /// JUnit XML: one test case per scenario, none skipped; a failed or not-run scenario is a `<failure>` whose message
    /// holds what was observed.
    public func junit() -> String {
        let seconds = { (duration: Duration) in String(format: "%.3f", duration.milliseconds / 1000) }
        let suite = "overlay matrix \(candidate.appVersion)" + (candidate.revision.map { " revision \($0)" } ?? "")
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="overlay matrix" tests="\#(results.count)" failures="\#(failed + notRun)" errors="0" time="\#(seconds(duration))">"#,
            #"  <testsuite name="\#(Self.xml(suite))" tests="\#(results.count)" failures="\#(failed + notRun)" errors="0" skipped="0" time="\#(seconds(duration))">"#,
        ]
        for result in results {
            let name = String(format: "%02d ", result.number) + result.id
            lines.append(#"    <testcase classname="overlay.matrix" name="\#(Self.xml(name))" time="\#(seconds(result.duration))">"#)
            if !result.isPassed {
                let type = result.verdict == .notRun ? "not-run" : "failure"
                lines.append(#"      <failure type="\#(type)" message="\#(Self.xml(result.observed))">expected: \#(Self.xml(result.expected))"#)
                lines.append("observed: \(Self.xml(result.observed))</failure>")
            }
            lines.append("      <system-out>\(Self.xml("\(result.title)\nexpected: \(result.expected)\nobserved: \(result.observed)"))</system-out>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>", ""]
        return lines.joined(separator: "\n")
    }

    /// One self-contained page (inline CSS, no script, no external asset), every text escaped.
    public func html() -> String {
        let h = Self.html
        let verdictClass = isGreen ? "green" : "red"
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>overlay matrix: \(h(candidate.appVersion)) \(isGreen ? "green" : "red")</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em; color: #1d1d1f; }
            h1 { font-size: 1.5em; margin-bottom: .2em; }
            .banner { padding: .6em 1em; border-radius: 6px; font-weight: 600; margin: 1em 0; }
            .banner.green { background: #e3f6e8; color: #0b5d1e; } .banner.red { background: #fde7e7; color: #8a1111; }
            table { border-collapse: collapse; width: 100%; margin: 1em 0 2em; }
            th, td { border: 1px solid #d2d2d7; padding: .4em .6em; text-align: left; vertical-align: top; }
            th { background: #f5f5f7; } td.verdict { font-weight: 700; white-space: nowrap; }
            tr.pass td.verdict { color: #0b5d1e; } tr.fail td.verdict { color: #b00020; } tr.not-run td.verdict { color: #8a5a00; }
            code { font-family: ui-monospace, Menlo, monospace; font-size: .92em; word-break: break-all; }
            code.id { white-space: nowrap; word-break: normal; }
            dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; } dt { font-weight: 600; }
            </style>
            </head>
            <body>
            <h1>Release matrix: \(h(candidate.appVersion))\(candidate.revision.map { " revision \($0)" } ?? "")</h1>
            <div class="banner \(verdictClass)" id="summary">\(h(summaryLine))</div>
            <dl id="candidate">
            <dt>Origin</dt><dd><code>\(h(candidate.origin))</code></dd>
            <dt>App version</dt><dd>\(h(candidate.appVersion))</dd>
            <dt>Revision</dt><dd>\(candidate.revision.map(String.init) ?? "unreadable")</dd>
            <dt>Source hash</dt><dd><code>\(h(candidate.sourceHash ?? "unreadable"))</code> (build: <code>\(h(candidate.buildSourceHash))</code>)</dd>
            <dt>Published</dt><dd>\(h(candidate.publishedAt.map(RFC3339.string(from:)) ?? "unknown"))</dd>
            <dt>Expires</dt><dd>\(h(candidate.expiresAt.map(RFC3339.string(from:)) ?? "unknown"))</dd>
            </dl>
            <h2>Scenarios</h2>
            <table id="scenarios">
            <thead><tr><th>#</th><th>Scenario</th><th>Expected</th><th>Observed</th><th>Verdict</th></tr></thead>
            <tbody>

            """
        for result in results {
            page += """
                <tr class="\(result.verdict.rawValue)" id="scenario-\(result.number)" data-scenario="\(h(result.id))" data-verdict="\(result.verdict.rawValue)">\
                <td>\(result.number)</td><td><strong>\(h(result.title))</strong><br><code class="id">\(h(result.id))</code></td>\
                <td>\(h(result.expected))</td><td>\(h(result.observed))</td>\
                <td class="verdict">\(h(result.verdict.rawValue.uppercased()))</td></tr>

                """
        }
        page += """
            </tbody>
            </table>
            <h2>Modules of the candidate</h2>
            <table id="modules">
            <thead><tr><th>Module</th><th>Revision</th><th>SHA-256</th><th>Size</th><th>Locales</th></tr></thead>
            <tbody>

            """
        for module in candidate.modules {
            page += "<tr><td>\(h(module.name))</td><td>\(module.revision)</td><td><code>\(h(module.sha256))</code></td><td>\(module.size)</td><td>\(h(module.locales.joined(separator: ", ")))</td></tr>\n"
        }
        page += "</tbody>\n</table>\n</body>\n</html>\n"
        return page
    }

    /// Text for XML 1.0 content and attributes: markup escaped, characters XML cannot hold written as `\u{…}`.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                let value = scalar.value
                if value < 0x20 || value == 0x7F || (0xFFFE...0xFFFF).contains(value) {
                    out += "\\u{\(String(value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Text for HTML content and attributes.
    static func html(_ text: String) -> String {
        xml(text)
    }
}

extension MatrixReport {
    /// Writes the JUnit and HTML reports, each atomically (a CI upload never sees half a file).
    /// - Throws: ``ToolError`` naming the file that could not be written.
    public func writeReports(junit: URL?, html: URL?) throws {
        if let junit { try AtomicFile.write(Data(self.junit().utf8), to: junit) }
        if let html { try AtomicFile.write(Data(self.html().utf8), to: html) }
    }
}
