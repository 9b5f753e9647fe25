package import OverlayCore

/// The findings of a catalog check, in order, with each table's missing translations kept as its keys: a real app's
/// catalog has 176,000 of them, and as findings (a struct and a formatted message each) they were a third of
/// publish's peak memory. A missing translation becomes a ``Finding`` only when read, the same one every time.
///
/// ```swift
/// var findings = FindingList([loaderFinding])
/// findings.append(missing: .init(module: "App", developmentRegion: "en", locale: "fr", table: "Localizable",
///     file: "App/fr.lproj/Localizable.strings", keys: ["done"]))
/// findings.count        // 2
/// findings[1].message   // "fr has no translation of \"done\" in table Localizable; users see the en text"
/// ```
package struct FindingList: RandomAccessCollection, Sendable {
    /// The development-language keys one table of one locale does not translate, in the order they are reported.
    package struct MissingTranslations: Sendable, Hashable {
        package static let code = "catalog.missing-translation"

        package var module: String
        package var developmentRegion: String
        package var locale: String
        package var table: String
        /// The locale's file of the table (or where it would be), relative to the catalog.
        package var file: String
        /// The development table's keys, one array shared by every locale's run.
        package var keys: [String]
        /// Where in `keys` the missing ones are: 4 bytes each, not a 16-byte `String`.
        package var positions: [UInt32]
        package var severity = Finding.Severity.warning

        package var count: Int { positions.count }

        package init(
            module: String, developmentRegion: String, locale: String, table: String, file: String, keys: [String],
            positions: [UInt32]? = nil
        ) {
            self.module = module
            self.developmentRegion = developmentRegion
            self.locale = locale
            self.table = table
            self.file = file
            self.keys = keys
            self.positions = positions ?? keys.indices.map { UInt32($0) }
        }

        /// The finding of the `position`th missing key.
        package func finding(_ position: Int) -> Finding {
            let key = keys[Int(positions[position])]
            return Finding(
                code: Self.code, severity: severity,
                message: "\(locale) has no translation of \"\(key)\" in table \(table); users see the \(developmentRegion) text",
                location: .init(file: file, module: module, locale: locale, table: table, key: key))
        }
    }

    private enum Part: Sendable, Hashable {
        case listed([Finding])
        case missing(MissingTranslations)

        var count: Int {
            switch self {
            case .listed(let findings): findings.count
            case .missing(let missing): missing.count
            }
        }
    }

    private var parts: [Part] = []
    /// Where each part ends: the position after its last finding.
    private var ends: [Int] = []

    package init() {}

    package init(_ findings: [Finding]) {
        append(contentsOf: findings)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ends.last ?? 0 }

    package subscript(position: Int) -> Finding {
        precondition(position >= 0 && position < endIndex, "FindingList index out of range")
        var low = 0
        var high = ends.count - 1
        while low < high {  // the first part that ends after `position`
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        let offset = position - (low == 0 ? 0 : ends[low - 1])
        switch parts[low] {
        case .listed(let findings): return findings[offset]
        case .missing(let missing): return missing.finding(offset)
        }
    }

    /// Appends `findings` to the last part when it is a list (moved out first, so it grows in place).
    package mutating func append(contentsOf findings: [Finding]) {
        guard !findings.isEmpty else { return }
        if case .listed(var last)? = parts.last {
            parts[parts.count - 1] = .listed([])
            last += findings
            parts[parts.count - 1] = .listed(last)
            ends[ends.count - 1] += findings.count
        } else {
            parts.append(.listed(findings))
            ends.append(endIndex + findings.count)
        }
    }

    package mutating func append(_ finding: Finding) {
        append(contentsOf: [finding])
    }

    /// Appends one table's missing translations (nothing when it has none).
    package mutating func append(missing: MissingTranslations) {
        guard missing.count > 0 else { return }
        parts.append(.missing(missing))
        ends.append(endIndex + missing.count)
    }

    package mutating func append(contentsOf other: FindingList) {
        for part in other.parts {
            switch part {
            case .listed(let findings): append(contentsOf: findings)
            case .missing(let missing): append(missing: missing)
            }
        }
    }

    /// Every finding at `severity` (`check --strict` makes every warning an error).
    package mutating func setEverySeverity(to severity: Finding.Severity) {
        for index in parts.indices {
            switch parts[index] {
            case .listed(var findings):
                parts[index] = .listed([])
                for position in findings.indices { findings[position].severity = severity }
                parts[index] = .listed(findings)
            case .missing(var missing):
                missing.severity = severity
                parts[index] = .missing(missing)
            }
        }
    }

    /// True when no finding blocks: every error, if any, is about a value the build already ships. A missing
    /// translation is never about a shipped value, so it blocks exactly when it is an error.
    package var isAcceptable: Bool {
        !parts.contains { part in
            switch part {
            case .listed(let findings): findings.contains { $0.isBlocking }
            case .missing(let missing): missing.severity == .error
            }
        }
    }

    /// How many findings there are of each severity and code, in the order each first appears.
    package var counts: [(severity: Finding.Severity, code: String, count: Int)] {
        var order: [(severity: Finding.Severity, code: String, count: Int)] = []
        func add(_ severity: Finding.Severity, _ code: String, _ count: Int) {
            if let index = order.firstIndex(where: { $0.severity == severity && $0.code == code }) {
                order[index].count += count
            } else {
                order.append((severity, code, count))
            }
        }
        for part in parts {
            switch part {
            case .listed(let findings): for finding in findings { add(finding.severity, finding.code, 1) }
            case .missing(let missing): add(missing.severity, MissingTranslations.code, missing.count)
            }
        }
        return order
    }

    /// Removes repeated findings, keeping the first of each. Missing translations are one per locale, table and key,
    /// and no other check reports them, so only the listed findings are compared; each is remembered by its hash, not
    /// copied.
    package mutating func removeRepeats() {
        var firstOfHash: [Int: (part: Int, offset: Int)] = [:]
        var laterOfHash: [Int: [(part: Int, offset: Int)]] = [:]  // distinct findings whose hash an earlier one has (rare)
        var repeated: [Int: Set<Int>] = [:]  // part → offsets
        func finding(_ place: (part: Int, offset: Int)) -> Finding? {
            if case .listed(let findings) = parts[place.part] { return findings[place.offset] }
            return nil
        }
        for (partIndex, part) in parts.enumerated() {
            guard case .listed(let findings) = part else { continue }
            for (offset, candidate) in findings.enumerated() {
                let hash = candidate.hashValue
                guard let first = firstOfHash[hash] else {
                    firstOfHash[hash] = (partIndex, offset)
                    continue
                }
                if finding(first) == candidate
                    || laterOfHash[hash, default: []].contains(where: { finding($0) == candidate })
                {
                    repeated[partIndex, default: []].insert(offset)
                } else {
                    laterOfHash[hash, default: []].append((partIndex, offset))
                }
            }
        }
        guard !repeated.isEmpty else { return }
        let old = parts
        parts = []
        ends = []
        for (partIndex, part) in old.enumerated() {
            switch part {
            case .listed(let findings):
                let drop = repeated[partIndex] ?? []
                append(contentsOf: drop.isEmpty ? findings : findings.indices.filter { !drop.contains($0) }.map { findings[$0] })
            case .missing(let missing):
                append(missing: missing)
            }
        }
    }
}

extension FindingList: Equatable {
    package static func == (lhs: FindingList, rhs: FindingList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension FindingList: ExpressibleByArrayLiteral {
    package init(arrayLiteral findings: Finding...) {
        self.init(findings)
    }
}
