extension SlotMap {
    /// The slot map of a whole `.stringsdict` entry: inside a variant, sequential specifiers start at the token's
    /// slot and positional ones are absolute; width and device rules contribute the union of their variants.
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
            var walk = VariantWalk(plural: plural)
            add(plural.format, isVariant: false, firstSlot: 1, walk: &walk)
        }
    }

    private mutating func add(_ string: String, isVariant: Bool, firstSlot: Int, walk: inout VariantWalk) {
        for (token, slot) in add(walk.parse(string, inVariant: isVariant), firstSlot: firstSlot, variable: walk.resolve)
        where walk.expand(token.name, at: slot) {
            let forms = walk.plural.variables[token.name]!.forms
            for category in forms.keys.sorted() { add(forms[category]!, isVariant: true, firstSlot: slot, walk: &walk) }
        }
    }
}

/// One walk over an entry's variants: each variable's variants are read once per slot, so shared or cyclic nesting
/// stays linear, and each string is parsed once.
struct VariantWalk {
    let plural: PluralFormat
    private var expanded = Set<VariableSlot>()
    private var parsed: [String: FormatString] = [:]
    /// How each variable reads its slot; a value type that is not numeric reads as `ld`.
    let resolve: (String) -> SlotMap.VariableRead?

    private struct VariableSlot: Hashable {
        var name: String
        var slot: Int
    }

    init(plural: PluralFormat) {
        self.plural = plural
        let reads: [String: SlotMap.VariableRead] = plural.variables.reduce(into: [:]) { reads, pair in
            guard let type = FormatParser.valueType(pair.value.valueType) else { return }
            reads[pair.key] = SlotMap.VariableRead(
                name: pair.key, argumentClass: type.argumentClass, style: type.style,
                picksVariant: Set(pair.value.forms.values).count > 1)
        }
        resolve = { name in
            guard plural.variables[name] != nil else { return nil }
            return reads[name]
                ?? SlotMap.VariableRead(name: name, argumentClass: .int64, style: "d", picksVariant: true)
        }
    }

    /// Whether the variable `name` is to be expanded at `slot`: it exists and was not expanded there yet.
    mutating func expand(_ name: String, at slot: Int) -> Bool {
        plural.variables[name] != nil && slot <= FormatParser.maximumPosition
            && expanded.insert(VariableSlot(name: name, slot: slot)).inserted
    }

    mutating func parse(_ string: String, inVariant: Bool) -> FormatString {
        let cacheKey = inVariant ? string : "\u{0}" + string
        if let format = parsed[cacheKey] { return format }
        let format = FormatParser.parse(string, inVariant: inVariant)
        parsed[cacheKey] = format
        return format
    }
}

extension FormatParser {
    /// An `NSStringFormatValueTypeKey` (`d`, `ld`, `lu`, `f` …: numeric, no `%`), or nil.
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
