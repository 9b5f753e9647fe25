import OverlayCore

/// Prints findings as compiler-style diagnostics: `path:line:column: error: message [code]`.
struct FindingPrinter {
    let console: Console
    /// The catalog path as the user typed it; finding files are relative to it.
    let catalogPath: String

    func printDiagnostics(_ findings: [Finding]) {
        for finding in findings {
            console.diagnostic(finding.severity.rawValue, "\(finding.message) [\(finding.code)]", prefix: prefix(for: finding))
        }
    }

    func prefix(for finding: Finding) -> String {
        let location = finding.location
        guard let file = location.file else {
            return [location.module, location.locale, location.table, location.key].compactMap { $0 }.joined(separator: "/")
        }
        var text = file.hasPrefix("/") ? file : joined(catalogPath, file)
        if let line = location.line {
            text += ":\(line)"
            if let column = location.column { text += ":\(column)" }
        }
        return text
    }

    private func joined(_ base: String, _ relative: String) -> String {
        base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    static func json(_ finding: Finding) -> JSONOutput {
        let location = finding.location
        var members: [(String, JSONOutput)] = [
            ("code", .string(finding.code)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
        ]
        let optional: [(String, String?)] = [
            ("file", location.file), ("module", location.module), ("locale", location.locale),
            ("table", location.table), ("key", location.key),
        ]
        for (name, value) in optional { if let value { members.append((name, .string(value))) } }
        if let line = location.line { members.append(("line", .int(line))) }
        if let column = location.column { members.append(("column", .int(column))) }
        return .object(members)
    }
}
