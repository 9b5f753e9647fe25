extension PluralRules {
    /// The cardinal rules for a locale id or lproj name, found as FORMATS.md §5.4 describes.
    package static func cardinal(for localeID: String) -> PluralRules {
        PluralRuleTable.cardinal.rules(for: localeID)
    }

    /// The ordinal rules for a locale id or lproj name (`ordinals.xml`).
    package static func ordinal(for localeID: String) -> PluralRules {
        PluralRuleTable.ordinal.rules(for: localeID)
    }

    /// The CLDR id whose rules apply (FORMATS.md §5.4): `pt_PT` for `pt-AO`, `root` for unknown languages.
    package static func ruleLocaleID(_ kind: Kind, for localeID: String) -> String {
        (kind == .cardinal ? PluralRuleTable.cardinal : PluralRuleTable.ordinal).ruleLocaleID(for: localeID)
    }
}

/// The rule groups of one CLDR file, parsed once from the generated data, plus a per-id lookup cache.
final class PluralRuleTable: Sendable {
    static let cardinal = PluralRuleTable(data: CLDRPluralData.cardinal)
    static let ordinal = PluralRuleTable(data: CLDRPluralData.ordinal)

    /// Listed id (`pt_PT`) → its rule group.
    private let byListedID: [String: Int]
    private let byTag: [String: String]
    /// Each group's `category:condition|…` text, parsed on first use: an app needs a few of the hundred groups.
    private let groups: [String]
    private let parsed = LockedValue<[Int: PluralRules]>([:])
    private let cache = LockedValue<[String: PluralRules]>([:])
    private static let cacheLimit = 1024

    init(data: String) {
        var byListedID: [String: Int] = [:]
        var byTag: [String: String] = [:]
        var groups: [String] = []
        for line in data.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else {
                preconditionFailure("generated plural data is malformed at '\(String(decoding: line, as: UTF8.self))'; rerun scripts/generate-cldr.py")
            }
            let group = groups.count
            groups.append(String(decoding: line[line.index(after: bar)...], as: UTF8.self))
            for id in line[..<bar].split(separator: UInt8(ascii: " ")) {
                let listed = String(decoding: id, as: UTF8.self)
                byListedID[listed] = group
                byTag[String(decoding: id.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)] = listed
            }
        }
        self.byListedID = byListedID
        self.byTag = byTag
        self.groups = groups
    }

    func rules(for localeID: String) -> PluralRules {
        if let cached = cache.withLock({ $0[localeID] }) { return cached }
        let rules = byListedID[ruleLocaleID(for: localeID)].map(rules(group:)) ?? .otherOnly
        cache.withLock { cache in
            if cache.count < Self.cacheLimit { cache[localeID] = rules }  // bounded: ids may come from outside
        }
        return rules
    }

    private func rules(group: Int) -> PluralRules {
        if let rules = parsed.withLock({ $0[group] }) { return rules }
        var conditions: [PluralCategory: String] = [:]
        for field in groups[group].split(separator: "|", omittingEmptySubsequences: false) {
            let parts = field.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let category = PluralCategory(rawValue: String(parts[0])) else {
                preconditionFailure("generated plural data is malformed at '\(field)'; rerun scripts/generate-cldr.py")
            }
            conditions[category] = String(parts[1])
        }
        let rules: PluralRules
        do {
            rules = try PluralRules(conditions: conditions)
        } catch {
            preconditionFailure("generated plural rule does not parse: \(error); rerun scripts/generate-cldr.py")
        }
        parsed.withLock { $0[group] = rules }
        return rules
    }

    func ruleLocaleID(for localeID: String) -> String {
        if byListedID[localeID] != nil { return localeID }
        guard var tag = LocaleIdentifier(localeID), !tag.isRoot else { return "root" }
        while true {
            if let listed = byTag[tag.description] { return listed }
            guard let parent = tag.parent, !parent.isRoot else { break }
            tag = parent
        }
        return byTag[tag.language] ?? "root"
    }
}
