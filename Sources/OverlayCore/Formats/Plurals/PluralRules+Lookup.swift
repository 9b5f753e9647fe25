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

/// The rule groups of one CLDR file, indexed by locale id, plus a per-id lookup cache.
final class PluralRuleTable: Sendable {
    static let cardinal = PluralRuleTable(locales: CLDRPluralData.cardinalLocales, rules: CLDRPluralData.cardinalRules)
    static let ordinal = PluralRuleTable(locales: CLDRPluralData.ordinalLocales, rules: CLDRPluralData.ordinalRules)

    /// Listed id (`pt_PT`) → its rule group.
    private let byListedID: [String: Int]
    private let byTag: [String: String]
    /// Builds one group's rules; an app needs a few of the hundred groups, so each is built on first use.
    private let groupRules: @Sendable (Int) -> [PluralRules.Rule]
    private let built = LockedValue<[Int: PluralRules]>([:])
    private let cache = LockedValue<[String: PluralRules]>([:])
    private static let cacheLimit = 1024

    init(locales: [String], rules: @escaping @Sendable (Int) -> [PluralRules.Rule]) {
        var byListedID: [String: Int] = [:]
        var byTag: [String: String] = [:]
        for (group, ids) in locales.enumerated() {
            for id in ids.utf8.split(separator: UInt8(ascii: " ")) {
                let listed = String(decoding: id, as: UTF8.self)
                byListedID[listed] = group
                byTag[String(decoding: id.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)] = listed
            }
        }
        self.byListedID = byListedID
        self.byTag = byTag
        self.groupRules = rules
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
        if let rules = built.withLock({ $0[group] }) { return rules }
        let rules = PluralRules(rules: groupRules(group))
        built.withLock { $0[group] = rules }
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
