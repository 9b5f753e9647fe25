extension SlotMap {
    /// The slot map of a whole `.stringsdict` entry: its format key and every variant string.
    ///
    /// Sequential specifiers inside a variant start at the token's slot; positional ones are absolute;
    /// nested tokens are followed (a cycle is not followed twice). Width and device rules contribute the
    /// union of their variants.
    package init(entry: StringsdictEntry) {
        self.init()
        forgetOffsets()
        add(entry: entry)
    }

    private mutating func add(entry: StringsdictEntry) {
        switch entry {
        case .text(let text):
            add(FormatParser.parse(text), firstSlot: 1) { .object($0) }
        case .width(let variants):
            for key in variants.keys.sorted() {
                add(FormatParser.parse(variants[key]!), firstSlot: 1) { .object($0) }
            }
        case .device(let variants):
            for key in variants.keys.sorted() { add(entry: variants[key]!) }
        case .format(let plural):
            var expanded = Set<VariableSlot>()
            var parsed: [String: FormatString] = [:]
            let reads = SlotMap.variableReads(of: plural)
            add(plural.format, isVariant: false, firstSlot: 1, plural: plural, reads: reads, expanded: &expanded,
                parsed: &parsed)
        }
    }

    /// How each variable of `plural` reads its slot; nil for a variable whose value type is not numeric.
    static func variableReads(of plural: PluralFormat) -> [String: VariableRead] {
        plural.variables.reduce(into: [:]) { reads, pair in
            guard let type = FormatParser.valueType(pair.value.valueType) else { return }
            let texts = Set(pair.value.forms.values)
            reads[pair.key] = VariableRead(
                name: pair.key, argumentClass: type.argumentClass, style: type.style, picksVariant: texts.count > 1)
        }
    }

    /// Each variable's variants are read once per slot, so shared or cyclic nesting stays linear.
    private mutating func add(
        _ string: String, isVariant: Bool, firstSlot: Int, plural: PluralFormat, reads: [String: VariableRead],
        expanded: inout Set<VariableSlot>,
        parsed: inout [String: FormatString]
    ) {
        let resolve: (String) -> VariableRead? = { name in
            guard plural.variables[name] != nil else { return nil }
            return reads[name]
                ?? VariableRead(name: name, argumentClass: .int64, style: .signedDecimal, picksVariant: true)
        }
        let cacheKey = isVariant ? string : "\u{0}" + string
        let format = parsed[cacheKey] ?? FormatParser.parse(string, inVariant: isVariant)
        parsed[cacheKey] = format
        let tokens = add(format, firstSlot: firstSlot, variable: resolve)
        for (token, slot) in tokens
        where slot <= FormatParser.maximumPosition && expanded.insert(VariableSlot(name: token.name, slot: slot)).inserted {
            guard let variable = plural.variables[token.name] else { continue }
            for category in variable.forms.keys.sorted() {
                add(
                    variable.forms[category]!, isVariant: true, firstSlot: slot, plural: plural, reads: reads,
                    expanded: &expanded, parsed: &parsed)
            }
        }
    }
}

/// A variable expanded at a slot.
struct VariableSlot: Hashable {
    var name: String
    var slot: Int
}

extension FormatParser {
    /// Parses an `NSStringFormatValueTypeKey` (`d`, `ld`, `lu`, `f` …: a length modifier and a numeric
    /// conversion, no `%`), or returns nil if it is not one.
    package static func valueType(_ valueType: String) -> FormatSpecifier? {
        guard !valueType.contains("%") else { return nil }
        let parsed = parse("%" + valueType)
        guard parsed.tokens.count == 1, case .specifier(let spec) = parsed.tokens[0] else { return nil }
        guard spec.position == nil, spec.flags.isEmpty, spec.width == nil, spec.precision == nil,
            spec.argumentClass.isNumeric, spec.conversion != "c"
        else { return nil }
        return spec
    }
}
