/// Why a value could not be rendered with the arguments given; the handle then falls back (FORMATS.md §4).
enum RenderFailure: Error, Equatable {
    /// The string has a parse error (`%n`, mixed positional and sequential, a position out of range…).
    case unsafeFormat
    /// No argument for this slot.
    case missingArgument(slot: Int)
    /// The argument in this slot cannot be converted to the class the specifier reads.
    case unconvertible(slot: Int)
    /// `%p`, `%P`, `%n`: never rendered.
    case unsupportedConversion
    /// A width or precision outside 0…``PrintfConversion/maximumAmount``.
    case amountOutOfRange
    /// A `%#@v@` token naming no variable of the entry, or a variable with no usable variant.
    case unknownVariable(String)
    /// No value supplied for a `%{name}` substitution.
    case missingSubstitution(String)
    /// Variables nested deeper than ``FormatRenderer/maximumDepth`` (a cycle).
    case tooDeep
}

/// Renders parsed format strings and `.stringsdict` entries by walking their tokens: no `String(format:)`.
///
/// Sequential specifiers number slots from 1; inside a plural variant they start at the token's slot;
/// positional ones are absolute. `%{name}` substitutions are inserted verbatim and never parsed again.
struct FormatRenderer {
    /// Plural variants nested deeper than this are treated as a cycle.
    static let maximumDepth = 16

    let arguments: [FormatArgument]
    let substitutions: [String: String]
    /// The CLDR rules of the locale whose value is rendered.
    let rules: PluralRules
    /// The device a device rule picks (`iphone`, `mac`, …); `other` when absent.
    let device: String
    /// The presentation width a width rule picks; nil picks the widest variant.
    let width: Int?
    /// Parses each string once per handle.
    let formats: FormatCache

    /// Renders a table value.
    func render(_ value: CatalogValue) throws(RenderFailure) -> String {
        switch value {
        case .string(let text): return try render(plain: text)
        case .plural(let entry): return try render(entry: entry, depth: 0)
        }
    }

    /// Renders a plain format string (no plural variables).
    func render(plain text: String) throws(RenderFailure) -> String {
        var output = ""
        try render(formats.parse(text), firstSlot: 1, plural: nil, depth: 0, into: &output)
        return output
    }

    private func render(entry: StringsdictEntry, depth: Int) throws(RenderFailure) -> String {
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        switch entry {
        case .text(let text):
            return try render(plain: text)
        case .format(let plural):
            var output = ""
            try render(formats.parse(plural.format), firstSlot: 1, plural: plural, depth: 0, into: &output)
            return output
        case .width(let variants):
            guard let text = Self.variant(of: variants, forWidth: width) else { throw .unknownVariable("width") }
            return try render(plain: text)
        case .device(let variants):
            guard let chosen = Self.variant(of: variants, forDevice: device) else { throw .unknownVariable("device") }
            return try render(entry: chosen, depth: depth + 1)
        }
    }

    /// The width variant with the largest key ≤ `width`, else the smallest key; nil width: the largest key.
    static func variant(of variants: [Int: String], forWidth width: Int?) -> String? {
        let keys = variants.keys.sorted()
        guard let smallest = keys.first, let largest = keys.last else { return nil }
        guard let width else { return variants[largest] }
        return variants[keys.last(where: { $0 <= width }) ?? smallest]
    }

    /// The variant for `device`, else `other`, else the first in byte order.
    static func variant<Value>(of variants: [String: Value], forDevice device: String) -> Value? {
        variants[device] ?? variants["other"]
            ?? variants.keys.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).flatMap { variants[$0] }
    }

    private func render(
        _ format: FormatString, firstSlot: Int, plural: PluralFormat?, depth: Int, into output: inout String
    ) throws(RenderFailure) {
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        guard !format.hasErrors else { throw .unsafeFormat }
        var next = firstSlot
        for token in format.tokens {
            switch token {
            case .literal(let text):
                output += text
            case .percent:
                output += "%"
            case .named(let named):
                guard let value = substitutions[named.name] else { throw .missingSubstitution(named.name) }
                output += value
            case .specifier(let spec):
                output += try render(spec, next: &next)
            case .variable(let token):
                let slot: Int
                if let position = token.position {
                    slot = position
                } else {
                    slot = next
                    next += 1
                }
                guard let plural, let variable = plural.variables[token.name] else {
                    throw .unknownVariable(token.name)
                }
                let variant = try self.variant(of: variable, named: token.name, slot: slot)
                try render(formats.parse(variant), firstSlot: slot, plural: plural, depth: depth + 1, into: &output)
            }
        }
    }

    /// Picks the variant of `variable` for the argument in `slot` (FORMATS.md §2.2, §6.4 step 5).
    ///
    /// The category comes from the CLDR rules of the rendered value's locale. Apple's zero rule: a present `zero`
    /// variant is used for the value 0 when the locale has no CLDR `zero`; where CLDR has one (ar, lv), CLDR decides.
    /// A category without a variant uses `other`.
    private func variant(of variable: PluralVariable, named name: String, slot: Int) throws(RenderFailure) -> String {
        let argument = try self.argument(slot)
        var category: PluralCategory
        var isZero: Bool
        let isDouble = variable.valueType.unicodeScalars.last.map { "fFeEgGaA".unicodeScalars.contains($0) } ?? false
        if !isDouble, let integer = argument.signedValue {  // v = 0: evaluated on the integer, no digit strings
            category = rules.category(forInteger: integer.magnitude)
            isZero = integer == 0
        } else {
            let operands: PluralOperands?
            if isDouble {
                operands = argument.doubleValue != nil ? argument.pluralOperands : nil
            } else {  // integer value types: the exact integer, v = 0
                operands = (argument.signedValue.map { String($0) } ?? argument.unsignedValue.map { String($0) })
                    .flatMap(PluralOperands.init)
            }
            guard let operands else { throw .unconvertible(slot: slot) }
            category = rules.category(for: operands)
            isZero = operands.integerDigits == "0" && operands.trimmedFractionDigits.isEmpty
        }
        if isZero, !rules.categories.contains(.zero), variable.forms[.zero] != nil {
            category = .zero
        }
        guard let text = variable.forms[category] ?? variable.forms[.other] else { throw .unknownVariable(name) }
        return text
    }

    private func argument(_ slot: Int) throws(RenderFailure) -> FormatArgument {
        guard slot >= 1, slot <= arguments.count else { throw .missingArgument(slot: slot) }
        return arguments[slot - 1]
    }

    private func amount(_ amount: FormatSpecifier.Amount?, next: inout Int) throws(RenderFailure) -> Int? {
        let slot: Int
        switch amount {
        case nil: return nil
        case .fixed(let value):
            guard value <= PrintfConversion.maximumAmount else { throw .amountOutOfRange }
            return value
        case .nextArgument:
            slot = next
            next += 1
        case .argument(let position):
            slot = position
        }
        guard let value = try argument(slot).signedValue else { throw .unconvertible(slot: slot) }
        guard abs(value) <= Int64(PrintfConversion.maximumAmount) else { throw .amountOutOfRange }
        return Int(value)
    }

    private func render(_ spec: FormatSpecifier, next: inout Int) throws(RenderFailure) -> String {
        var flags = spec.flags
        var width = try amount(spec.width, next: &next)
        var precision = try amount(spec.precision, next: &next)
        if let value = width, value < 0 {  // C: a negative `*` width is the `-` flag and its absolute value
            flags.insert(.leftAlign)
            width = -value
        }
        if let value = precision, value < 0 { precision = nil }  // C: a negative `*` precision is omitted
        let slot: Int
        if let position = spec.position {
            slot = position
        } else {
            slot = next
            next += 1
        }
        let argument = try self.argument(slot)
        switch spec.conversion {
        case "@", "s", "S":
            var text = argument.objectText
            if spec.conversion != "@" {  // %s / %S read a C string: only a string argument can stand for one
                guard case .string(let string) = argument else { throw .unconvertible(slot: slot) }
                text = string
            }
            if let precision, precision < text.count { text = String(text.prefix(precision)) }
            return PrintfConversion.pad(text, flags: flags, width: width)
        case "c", "C":
            guard let scalar = Self.character(argument, wide: spec.conversion == "C") else {
                throw .unconvertible(slot: slot)
            }
            return PrintfConversion.pad(String(Character(scalar)), flags: flags, width: width)
        case "d", "i", "D", "u", "U", "x", "X", "o", "O":
            guard let text = PrintfConversion.integer(
                signed: argument.signedValue, unsigned: argument.unsignedValue, conversion: spec.conversion,
                flags: flags, width: width, precision: precision)
            else { throw .unconvertible(slot: slot) }
            return text
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let value = argument.doubleValue,
                let text = PrintfConversion.floatingPoint(
                    value, conversion: spec.conversion, flags: flags, width: width, precision: precision)
            else { throw .unconvertible(slot: slot) }
            return text
        default:
            throw .unsupportedConversion
        }
    }

    /// `%c` / `%C`: an integer code point (`%C` ≤ U+FFFF), or a string of exactly one character.
    private static func character(_ argument: FormatArgument, wide: Bool) -> Unicode.Scalar? {
        if case .string(let text) = argument {
            let scalars = text.unicodeScalars
            return scalars.count == 1 ? scalars.first : nil
        }
        guard let code = argument.signedValue, code >= 0, code <= (wide ? 0xFFFF : 0x10FFFF),
            let scalar = Unicode.Scalar(UInt32(code))
        else { return nil }
        return scalar
    }
}
