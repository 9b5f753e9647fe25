public import OverlayCore
package import OverlayPublishing

/// Findings grouped for a person to read: one group per severity and code, errors first, each with its count per
/// module and its first findings. A real catalog's four thousand warnings of one kind are one group, so `check`
/// fits on a screen; `--json` still lists every finding.
///
/// A group holds positions in the one array of findings, not copies: a catalog's 176,000 findings are kept once.
///
/// ```swift
/// let groups = FindingGroups(findings)
/// groups.groups.first?.code        // "format.gap"
/// groups.groups.first?.modules     // [("DuckDuckGo", 1)]
/// ```
public struct FindingGroups: Sendable {
    /// Findings of one severity and code.
    public struct Group: Sendable {
        public var severity: Finding.Severity
        public var code: String
        /// Module → count, most findings first (ties by name); findings without a module count under "".
        public var modules: [(name: String, count: Int)]
        /// How many of them are about values the build already ships.
        public var alreadyShipped: Int
        /// Where the group's findings are in ``FindingGroups/all``, in the order they were found.
        public var positions: [Int]
        /// How many of them block (errors not about a value the build already ships).
        public var blocking: Int

        public var count: Int { positions.count }
    }

    /// Every finding, in the order given.
    package let all: FindingList
    public var groups: [Group]

    public init(_ findings: [Finding]) {
        self.init(FindingList(findings))
    }

    package init(_ findings: FindingList) {
        all = findings
        var order: [String] = []
        var byKey: [String: [Int]] = [:]
        for (position, finding) in findings.enumerated() {
            let key = "\(finding.severity.rawValue) \(finding.code)"
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append(position)
        }
        groups = order.map { key in
            let positions = byKey[key] ?? []
            var counts: [String: Int] = [:]
            var shipped = 0
            var blocking = 0
            for position in positions {
                let finding = findings[position]
                counts[Self.module(of: finding), default: 0] += 1
                if finding.isAlreadyShipped { shipped += 1 }
                if finding.isBlocking { blocking += 1 }
            }
            let modules = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { (name: $0.key, count: $0.value) }
            let first = findings[positions[0]]
            return Group(
                severity: first.severity, code: first.code, modules: modules, alreadyShipped: shipped,
                positions: positions, blocking: blocking)
        }
        // Errors first, then the groups that block before those that only inform, then the largest.
        groups.sort { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            let aBlocks = a.alreadyShipped < a.count
            let bBlocks = b.alreadyShipped < b.count
            if aBlocks != bBlocks { return aBlocks }
            if a.count != b.count { return a.count > b.count }
            return a.code < b.code
        }
    }

    /// The first `count` findings of `group`.
    public func findings(of group: Group, first count: Int = .max) -> [Finding] {
        group.positions.prefix(count).map { all[$0] }
    }

    /// The finding's module, or for a reader's finding that names only a file relative to the catalog, the folder
    /// it is in (`Module/fr.lproj/…`).
    static func module(of finding: Finding) -> String {
        if let module = finding.location.module { return module }
        guard let file = finding.location.file, !file.hasPrefix("/"), let slash = file.firstIndex(of: "/") else { return "" }
        return String(file[..<slash])
    }

    /// Errors that block (not about a value the build already ships).
    public var blockingErrors: Int { groups.reduce(0) { $0 + $1.blocking } }
    public var errors: Int { groups.filter { $0.severity == .error }.reduce(0) { $0 + $1.count } }
    public var warnings: Int { groups.filter { $0.severity == .warning }.reduce(0) { $0 + $1.count } }
    public var alreadyShipped: Int { groups.reduce(0) { $0 + $1.alreadyShipped } }
}
