/// Plural-format entries: variables, their tokens, cycles, and variant type warnings (FORMATS.md §2.4 3–6).
extension EntryReader {
    private struct Locations {
        var variables: [String: SourceLocation?] = [:]
        var forms: [String: [PluralCategory: SourceLocation?]] = [:]
    }

    mutating func readFormat(_ formatField: PropertyListEntry, fields: [PropertyListEntry]) throws(StringsdictError) -> PluralFormat {
        guard let format = formatField.value.stringValue else {
            throw fail(
                .formatNotString,
                "NSStringLocalizedFormatKey is \(formatField.value.kindWithArticle); make it a string such as \"%#@items@\".",
                at: formatField.value.location)
        }
        var variables: [String: PluralVariable] = [:]
        var locations = Locations()
        for field in fields where field.key != StringsdictReader.formatKey {
            guard let dict = field.value.dictionaryEntries else {
                throw fail(
                    .variableNotDictionary,
                    "\"\(field.key)\" beside NSStringLocalizedFormatKey is \(field.value.kindWithArticle); a variable must be "
                        + "a dict with NSStringFormatSpecTypeKey, NSStringFormatValueTypeKey and plural variants.",
                    at: field.value.location)
            }
            variables[field.key] = try readVariable(field.key, dict, at: field.keyLocation, locations: &locations)
        }
        let plural = PluralFormat(format: format, variables: variables)
        try checkTokens(plural, formatLocation: formatField.value.location, locations: locations)
        var walk = VariantWalk(plural: plural)
        warnAboutVariantTypes(in: &walk, string: format, isVariant: false, firstSlot: 1, locations: locations)
        return plural
    }

    private mutating func readVariable(
        _ name: String, _ fields: [PropertyListEntry], at location: SourceLocation?, locations: inout Locations
    ) throws(StringsdictError) -> PluralVariable {
        locations.variables[name] = location
        var specType: String?
        var valueType: PropertyListEntry?
        var forms: [PluralCategory: String] = [:]
        for field in fields {
            switch field.key {
            case StringsdictReader.specTypeKey:
                specType = field.value.stringValue ?? "\(field.value.kindWithArticle)"
                if specType != StringsdictReader.pluralRuleType {
                    throw fail(
                        .unsupportedSpecType,
                        "Variable \"\(name)\" has NSStringFormatSpecTypeKey \(specType!); the only supported type is "
                            + "NSStringPluralRuleType.",
                        at: field.value.location)
                }
            case StringsdictReader.valueTypeKey:
                valueType = field
            default:
                guard let category = PluralCategory(rawValue: field.key) else {
                    throw fail(
                        .unknownCategory,
                        "Variable \"\(name)\" has the key \"\(field.key)\", which is not a plural category; use zero, "
                            + "one, two, few, many or other.",
                        at: field.keyLocation)
                }
                guard let text = field.value.stringValue else {
                    throw fail(
                        .nonStringVariant,
                        "The \(category.rawValue) variant of \"\(name)\" is \(field.value.kindWithArticle); make it a string.",
                        at: field.value.location)
                }
                forms[category] = text
                locations.forms[name, default: [:]][category] = field.value.location
            }
        }
        guard specType != nil else {
            throw fail(
                .unsupportedSpecType,
                "Variable \"\(name)\" has no NSStringFormatSpecTypeKey; add it with the value NSStringPluralRuleType.",
                at: location)
        }
        guard let valueType, let text = valueType.value.stringValue, FormatParser.valueType(text) != nil else {
            let found = valueType.map { $0.value.stringValue.map { "\"\($0)\"" } ?? $0.value.kindWithArticle }
            throw fail(
                .invalidValueType,
                "Variable \"\(name)\" has \(found.map { "NSStringFormatValueTypeKey \($0)" } ?? "no NSStringFormatValueTypeKey"); "
                    + "use a numeric conversion without `%` such as d, ld, lu or f.",
                at: valueType?.value.location ?? location)
        }
        let variable = PluralVariable(valueType: text, forms: forms)
        if forms[.other] == nil {
            switch locale.map({ MissingOtherRule.verdict(variable, locale: $0) }) {
            case .renders?:
                warn("plural.missing-other", MissingOtherRule.warningMessage(name, locale: locale ?? ""), at: location)
            case .blocks(let why)?:
                throw fail(.missingOther, "Variable \"\(name)\" has no `other` variant, and \(why); add it.", at: location)
            case nil:
                throw fail(
                    .missingOther, "Variable \"\(name)\" has no `other` variant, which every language needs; add one.",
                    at: location)
            }
        }
        return variable
    }

    /// Every token names a variable, references have no cycle, and unreachable variables are reported.
    private mutating func checkTokens(
        _ plural: PluralFormat, formatLocation: SourceLocation?, locations: Locations
    ) throws(StringsdictError) {
        func references(_ string: String) -> [String] { FormatParser.parse(string).variables.map(\.name) }
        for name in references(plural.format) where plural.variables[name] == nil {
            throw missing(name, at: formatLocation)
        }
        var edges: [String: [String]] = [:]
        for (name, variable) in plural.variables.sorted(by: { $0.key < $1.key }) {
            for (category, form) in variable.forms.sorted(by: { $0.key < $1.key }) {
                let names = references(form)
                if let absent = names.first(where: { plural.variables[$0] == nil }) {
                    throw missing(absent, at: locations.forms[name]?[category] ?? nil)
                }
                edges[name, default: []] += names
            }
        }
        var finished = Set<String>()
        var path: [String] = []
        func visit(_ name: String) -> [String]? {
            if let start = path.firstIndex(of: name) { return Array(path[start...]) + [name] }
            guard !finished.contains(name) else { return nil }
            path.append(name)
            for next in edges[name] ?? [] {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            finished.insert(name)
            return nil
        }
        for name in plural.variables.keys.sorted() {
            if let cycle = visit(name) {
                throw fail(
                    .variableCycle,
                    "Variables reference each other in a cycle (\(cycle.joined(separator: " → "))); break the cycle.",
                    at: locations.variables[cycle[0]] ?? nil)
            }
        }
        var reachable = Set<String>()
        var pending = references(plural.format)
        while let name = pending.popLast() {
            if reachable.insert(name).inserted { pending += edges[name] ?? [] }
        }
        // A token CF abandons (`%# @sites @`) is reported as broken where it stands; its variable is not unused too.
        let strings = [plural.format] + plural.variables.values.flatMap { $0.forms.values }
        let abandoned = Set(strings.flatMap { FormatParser.parse($0, inVariant: true).abandonedTokens })
        // CF never looks at a variable no token names: unusual, but it cannot change what the device shows.
        for name in plural.variables.keys.sorted() where !reachable.contains(name) && !abandoned.contains(name) {
            warn(StringsdictError.Code.unusedVariable.rawValue,
                "Variable \"\(name)\" is defined but no %#@\(name)@ token uses it, so it is never applied; "
                    + "remove it or reference it.",
                at: locations.variables[name] ?? nil)
        }
    }

    private func missing(_ name: String, at location: SourceLocation?) -> StringsdictError {
        fail(
            .missingVariable,
            "The token %#@\(name)@ names no variable; add a \"\(name)\" dict beside NSStringLocalizedFormatKey or fix "
                + "the name.",
            at: location)
    }

    /// Warns when a variant reads its own plural slot with another type than `NSStringFormatValueTypeKey`.
    private mutating func warnAboutVariantTypes(
        in walk: inout VariantWalk, string: String, isVariant: Bool, firstSlot: Int, locations: Locations
    ) {
        let resolve = walk.resolve
        var map = SlotMap()
        for (token, slot) in map.add(walk.parse(string, inVariant: isVariant), firstSlot: firstSlot, variable: resolve)
        where walk.expand(token.name, at: slot) {
            guard let variable = walk.plural.variables[token.name], let expected = resolve(token.name)?.argumentClass
            else { continue }
            for category in variable.forms.keys.sorted() {
                let form = variable.forms[category]!
                var formMap = SlotMap()
                formMap.add(walk.parse(form, inVariant: true), firstSlot: slot, variable: resolve)
                if let used = formMap[slot], used != expected, used.isSameKind(as: expected) {
                    warn("stringsdict.variant-type-mismatch",
                        "The \(category.rawValue) variant of \"\(token.name)\" reads its number as \(used.example) but "
                            + "NSStringFormatValueTypeKey is \(variable.valueType); use %\(variable.valueType) in the variant.",
                        at: locations.forms[token.name]?[category] ?? nil)
                }
                warnAboutVariantTypes(in: &walk, string: form, isVariant: true, firstSlot: slot, locations: locations)
            }
        }
    }
}
