import OverlayCore
import OverlayPublishing
import OverlayTools

/// Prints findings as compiler-style diagnostics: `path:line:column: error: message [code]`.
struct FindingPrinter {
    let console: Console
    /// The catalog path as the user typed it; finding files are relative to it.
    let catalogPath: String

    func printDiagnostics(_ findings: some Sequence<Finding>) {
        for finding in findings {
            console.diagnostic(finding.severity.rawValue, text(of: finding), prefix: prefix(for: finding))
        }
    }

    /// Errors shown in full per group before the rest is counted; warnings show one example each.
    static let errorSamples = 5
    static let warningSamples = 1

    /// One group per severity and code (errors first), each with its count per module and its first findings, so
    /// a real catalog's thousands of warnings fit on a screen.
    func printGrouped(_ findings: FindingList) {
        printGrouped(FindingGroups(findings))
    }

    func printGrouped(_ findings: [Finding]) {
        printGrouped(FindingList(findings))
    }

    /// The same, for groups already made.
    func printGrouped(_ grouped: FindingGroups) {
        for group in grouped.groups {
            var header = "\(group.code) ×\(group.count)"
            if group.alreadyShipped > 0 {
                header += group.alreadyShipped == group.count ? " (all already shipped)" : " (\(group.alreadyShipped) already shipped)"
            }
            let named = group.modules.filter { !$0.name.isEmpty }
            if !named.isEmpty {
                let shown = named.prefix(3).map { group.modules.count == 1 ? $0.name : "\($0.name) \($0.count)" }
                header += " in " + shown.joined(separator: ", ") + (named.count > 3 ? " and \(named.count - 3) more modules" : "")
            }
            console.diagnostic(group.severity.rawValue, header + ":")
            let samples = group.severity == .error ? Self.errorSamples : Self.warningSamples
            for finding in grouped.findings(of: group, first: samples) {
                console.diagnostic(finding.severity.rawValue, text(of: finding), prefix: prefix(for: finding))
            }
            if group.count > samples {
                console.err("  … and \(group.count - samples) more")
            }
        }
    }

    /// `message [code]`, marked when the value is the one the build already ships.
    private func text(of finding: Finding) -> String {
        let shipped = finding.severity == .error ? " (already shipped: does not block)" : " (already shipped)"
        return "\(finding.message) [\(finding.code)]" + (finding.isAlreadyShipped ? shipped : "")
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
        if finding.isAlreadyShipped { members.append(("already_shipped", .bool(true))) }
        if let line = location.line { members.append(("line", .int(line))) }
        if let column = location.column { members.append(("column", .int(column))) }
        return .object(members)
    }
}
