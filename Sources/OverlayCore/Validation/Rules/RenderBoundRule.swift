/// One rendering of a value stays within the field, expansion and text bounds every device's renderer enforces
/// (``RenderBounds``): past one it fails on every device. One finding per value: the first bound it passes.
package enum RenderBoundRule {
    package static func check(_ value: CatalogValue, location: Finding.Location) -> [Finding] {
        let cost = RenderCost(value)
        guard let bound = firstBoundPassed(by: cost, textLimit: RenderBounds.maximumTextBytes) else { return [] }
        return [Finding(code: bound.code, severity: .error, message: bound.message, location: location)]
    }

    /// True only when `check` finds nothing for a plain string whose specifiers are `sequence` (its literal text is at
    /// most a value's size). False says nothing.
    static func isClean(sequence: [UInt8], limits: ValidationLimits) -> Bool {
        let cost = RenderCost(.string(String(decoding: sequence, as: UTF8.self)))
        return firstBoundPassed(by: cost, textLimit: RenderBounds.maximumTextBytes - limits.maxValueBytes) == nil
    }

    private static func firstBoundPassed(by cost: RenderCost, textLimit: Int) -> (code: String, message: String)? {
        if cost.widestField > RenderBounds.maximumField {
            return ("render.field-too-wide", "`\(cost.widestFieldText)` asks for a field \(cost.widestField) wide, over the limit of \(RenderBounds.maximumField), so every device refuses to render it; write the specifier without the width or precision")
        }
        if cost.expansion > RenderBounds.maximumExpansion {
            return ("render.expansion-too-large", "one rendering expands \(cost.expansion) specifiers and %#@…@ tokens (a variable counts with its largest variant each time a token names it), over the limit of \(RenderBounds.maximumExpansion), so every device refuses to render it; name each variable once and put the repeated text in its variants")
        }
        if cost.bytes > textLimit {
            return ("render.output-too-long", "one rendering writes \(cost.bytes) bytes of the value's own text (literal text and field widths, each variable's longest variant wherever a token names it), over the limit of \(textLimit), so every device refuses to render it; shorten the variants or name each variable once")
        }
        return nil
    }
}

/// The most one rendering can cost: the worst variant of every variable and rule, as many times as tokens name it.
struct RenderCost {
    var expansion = 0
    /// Literal bytes plus field widths and precisions (a `*` one at the field bound).
    var bytes = 0
    /// The widest written field width or precision, and its specifier.
    var widestField = 0
    var widestFieldText = ""

    /// Far past every bound, never an overflow.
    private static let saturation = 1 << 40

    init(_ value: CatalogValue) {
        switch value {
        case .string(let text):
            self = text.utf8.contains(UInt8(ascii: "%"))
                ? Self.of(FormatParser.parse(text)) { _ in nil } : RenderCost(bytes: text.utf8.count)
        case .plural(let entry):
            self = Self.of(entry, depth: 0)
        }
    }

    private init(expansion: Int = 0, bytes: Int = 0) {
        self.expansion = expansion
        self.bytes = bytes
    }

    private static func of(_ entry: StringsdictEntry, depth: Int) -> RenderCost {
        guard depth <= RenderProgram.maximumDepth else { return RenderCost(expansion: saturation, bytes: saturation) }
        switch entry {
        case .text(let text):
            return of(FormatParser.parse(text)) { _ in nil }
        case .width(let variants):
            return variants.values.reduce(into: RenderCost()) { $0.takeWorst(of(FormatParser.parse($1)) { _ in nil }) }
        case .device(let variants):
            return variants.values.reduce(into: RenderCost()) { $0.takeWorst(of($1, depth: depth + 1)) }
        case .format(let plural):
            var known: [String: RenderCost] = [:]
            var open: Set<String> = []
            // A variable reached again while measured is a cycle: unbounded.
            func variable(_ name: String) -> RenderCost? {
                if let cost = known[name] { return cost }
                guard let forms = plural.variables[name]?.forms else { return nil }
                guard open.insert(name).inserted else { return RenderCost(expansion: saturation, bytes: saturation) }
                var worst = RenderCost()
                for text in Set(forms.values) {
                    worst.takeWorst(of(FormatParser.parse(text, inVariant: true), variable: variable))
                }
                open.remove(name)
                known[name] = worst
                return worst
            }
            return of(FormatParser.parse(plural.format), variable: variable)
        }
    }

    private static func of(_ format: FormatString, variable: (String) -> RenderCost?) -> RenderCost {
        var cost = RenderCost()
        for token in format.tokens {
            switch token {
            case .literal(let text):
                cost.add(bytes: text.utf8.count)
            case .percent:
                cost.add(bytes: 1)
            case .named:
                cost.add(expansion: 1)
            case .specifier(let spec):
                cost.add(expansion: 1)
                cost.add(bytes: max(amount(spec.width), amount(spec.precision)))
                for case .fixed(let written)? in [spec.width, spec.precision] { cost.widen(written, spec.text) }
            case .variable(let token):
                cost.add(expansion: 1)
                if let variant = variable(token.name) {
                    cost.add(expansion: variant.expansion, bytes: variant.bytes)
                    cost.widen(variant.widestField, variant.widestFieldText)
                }
            }
        }
        return cost
    }

    private static func amount(_ amount: FormatSpecifier.Amount?) -> Int {
        switch amount {
        case nil: 0
        case .fixed(let value): value
        case .nextArgument, .argument: RenderBounds.maximumField
        }
    }

    private mutating func add(expansion more: Int = 0, bytes written: Int = 0) {
        expansion = min(expansion + more, Self.saturation)
        bytes = min(bytes + written, Self.saturation)
    }

    /// Only one of two variants renders.
    private mutating func takeWorst(_ other: RenderCost) {
        expansion = max(expansion, other.expansion)
        bytes = max(bytes, other.bytes)
        widen(other.widestField, other.widestFieldText)
    }

    private mutating func widen(_ field: Int, _ text: String) {
        if field > widestField { (widestField, widestFieldText) = (field, text) }
    }
}
