
extension PluralRules {
    /// The cardinal rules for a locale id or lproj name, found as FORMATS.md §5.4 describes.
    public static func cardinal(for localeID: String) -> PluralRules {
        PluralRuleTable.cardinal.rules(for: localeID)
    }

    /// The ordinal rules for a locale id or lproj name (`ordinals.xml`).
    public static func ordinal(for localeID: String) -> PluralRules {
        PluralRuleTable.ordinal.rules(for: localeID)
    }

    /// The rules of the given kind for a locale id.
    public static func rules(_ kind: Kind, for localeID: String) -> PluralRules {
        kind == .cardinal ? cardinal(for: localeID) : ordinal(for: localeID)
    }

    /// The CLDR id whose rules apply, e.g. `pt_PT` for `pt-AO`, `sr` for `sr-Latn`, `root` for unknown languages.
    ///
    /// 1. An id listed in the data is used as is (`root`, legacy `iw`, `in`, `sh`…).
    /// 2. Otherwise canonicalise and walk parentLocales while the parent is not root, taking the first listed
    ///    id (pt-AO → pt-PT); then truncate the last tag reached to its bare language (zh-Hant-HK → zh).
    /// 3. Nothing listed: `root`.
    public static func ruleLocaleID(_ kind: Kind, for localeID: String) -> String {
        (kind == .cardinal ? PluralRuleTable.cardinal : PluralRuleTable.ordinal).ruleLocaleID(for: localeID)
    }
}

/// The rule groups of one CLDR file, parsed once from the generated data, plus a per-id lookup cache.
final class PluralRuleTable: Sendable {
    static let cardinal = PluralRuleTable(data: CLDRPluralData.cardinal)
    static let ordinal = PluralRuleTable(data: CLDRPluralData.ordinal)

    /// Listed id as written in the data (`pt_PT`) → rules.
    private let byListedID: [String: PluralRules]
    /// Listed id in BCP 47 spelling (`pt-PT`) → listed id.
    private let byTag: [String: String]
    private let cache = LockedValue<[String: PluralRules]>([:])
    private static let cacheLimit = 1024

    init(data: String) {
        var byListedID: [String: PluralRules] = [:]
        var byTag: [String: String] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false)
            var conditions: [PluralCategory: String] = [:]
            for field in fields.dropFirst() {
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
            for id in fields[0].split(separator: " ") {
                byListedID[String(id)] = rules
                byTag[String(id.map { $0 == "_" ? "-" : $0 })] = String(id)
            }
        }
        self.byListedID = byListedID
        self.byTag = byTag
    }

    func rules(for localeID: String) -> PluralRules {
        if let cached = cache.withLock({ $0[localeID] }) { return cached }
        let rules = byListedID[ruleLocaleID(for: localeID)] ?? .otherOnly
        cache.withLock { cache in
            if cache.count < Self.cacheLimit { cache[localeID] = rules }  // bounded: ids may come from outside
        }
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
