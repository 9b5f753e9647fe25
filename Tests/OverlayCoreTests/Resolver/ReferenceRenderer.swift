import Foundation
@testable import OverlayCore

/// The renderer's semantics written the plain way, for tests to compare the compiled ``RenderProgram`` against: it
/// walks the parsed tokens of each string as it goes, picks plural categories with the CLDR digit-string evaluator
/// (not the compiled integer rules), and formats numbers that carry flags, a width or a precision with Foundation's
/// `String(format:)` (CoreFoundation's own printf, given a 64-bit length and a typed argument, the safe way per
/// ENVIRONMENT.md). Of the bounds only the field's applies. Nil where rendering must fail.
struct ReferenceRenderer {
    var arguments: [FormatArgument]
    var substitutions: [String: String] = [:]
    /// The locale whose CLDR rules pick plural variants.
    var locale = "en"
    var device = "iphone"

    func render(_ value: CatalogValue) -> String? {
        switch value {
        case .string(let text): render(text, plural: nil, firstSlot: 1, inVariant: false, depth: 0)
        case .plural(let entry): render(entry, depth: 0)
        }
    }

    private func render(_ entry: StringsdictEntry, depth: Int) -> String? {
        switch entry {
        case .text(let text):
            return render(text, plural: nil, firstSlot: 1, inVariant: false, depth: 0)
        case .format(let plural):
            return render(plural.format, plural: plural, firstSlot: 1, inVariant: false, depth: 0)
        case .width(let variants):
            return variants.keys.max().flatMap { render(variants[$0]!, plural: nil, firstSlot: 1, inVariant: false, depth: 0) }
        case .device(let variants):
            let chosen = variants[device] ?? variants["other"]
                ?? variants.keys.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).flatMap { variants[$0] }
            guard depth < 16, let chosen else { return nil }
            return render(chosen, depth: depth + 1)
        }
    }

    private func render(_ text: String, plural: PluralFormat?, firstSlot: Int, inVariant: Bool, depth: Int) -> String? {
        guard depth <= 16 else { return nil }
        let format = FormatParser.parse(text, inVariant: inVariant)
        guard !format.issues.contains(where: { $0.severity == .error }) else { return nil }
        var output = ""
        var next = firstSlot
        for token in format.tokens {
            switch token {
            case .literal(let literal):
                output += literal
            case .percent:
                output += "%"
            case .named(let name, _):
                guard let value = substitutions[name] else { return nil }
                output += value
            case .variable(let token):
                let slot = token.position ?? next
                if token.position == nil { next += 1 }
                guard let variable = plural?.variables[token.name], let argument = argument(slot),
                    let category = category(of: argument, for: variable),
                    let variant = variable.forms[category] ?? variable.forms[.other],
                    let text = render(variant, plural: plural, firstSlot: slot, inVariant: true, depth: depth + 1)
                else { return nil }
                output += text
            case .specifier(let spec):
                guard let text = specifier(spec, next: &next) else { return nil }
                output += text
            }
        }
        return output
    }

    private func argument(_ slot: Int) -> FormatArgument? {
        slot >= 1 && slot <= arguments.count ? arguments[slot - 1] : nil
    }

    /// CLDR's category of the argument as digits, with Apple's `zero` for exactly 0 where CLDR has none.
    private func category(of argument: FormatArgument, for variable: PluralVariable) -> PluralCategory? {
        let rules = PluralRules.cardinal(for: locale)
        let isDouble = variable.valueType.last.map { "fFeEgGaA".contains($0) } ?? false
        let operands: PluralOperands?
        if isDouble {
            operands = argument.doubleValue != nil ? argument.pluralOperands : nil
        } else {
            operands = (argument.signedValue.map { String($0) } ?? argument.unsignedValue.map { String($0) })
                .flatMap(PluralOperands.init)
        }
        guard let operands else { return nil }
        let isZero = operands.integerDigits == "0" && operands.trimmedFractionDigits.isEmpty
        if isZero, variable.forms[.zero] != nil, !rules.categories.contains(.zero) { return .zero }
        return rules.category(for: operands)
    }

    private func specifier(_ spec: FormatSpecifier, next: inout Int) -> String? {
        /// `.some(nil)` for no amount, nil when its argument is missing or not an integer.
        func amount(_ amount: FormatSpecifier.Amount?) -> Int?? {
            let slot: Int
            switch amount {
            case nil: return .some(nil)
            case .fixed(let value): return value <= RenderBounds.maximumField ? .some(value) : nil
            case .nextArgument:
                slot = next
                next += 1
            case .argument(let position):
                slot = position
            }
            guard let value = argument(slot)?.signedValue, value.magnitude <= UInt64(RenderBounds.maximumField) else {
                return nil
            }
            return .some(Int(value))
        }
        guard var width = amount(spec.width), var precision = amount(spec.precision) else { return nil }
        var flags = spec.flags
        if let value = width, value < 0 {
            flags.insert(.leftAlign)
            width = -value
        }
        if let value = precision, value < 0 { precision = nil }
        let slot = spec.position ?? next
        if spec.position == nil { next += 1 }
        guard let argument = argument(slot) else { return nil }
        func pad(_ text: String) -> String {
            guard let width, width > text.count else { return text }
            let padding = String(repeating: " ", count: width - text.count)
            return flags.contains(.leftAlign) ? text + padding : padding + text
        }
        var printf = "%"
        for (flag, character) in [(FormatSpecifier.Flags.leftAlign, "-"), (.plus, "+"), (.space, " "), (.zeroPad, "0"),
                                  (.alternate, "#")] where flags.contains(flag) {
            printf += character
        }
        if let width { printf += String(width) }
        if let precision { printf += "." + String(precision) }
        switch spec.conversion {
        case "@":
            var text = argument.objectText
            if let precision, precision < text.count { text = String(text.prefix(precision)) }
            return pad(text)
        case "s", "S":
            guard case .string(var text) = argument else { return nil }
            if let precision, precision < text.count { text = String(text.prefix(precision)) }
            return pad(text)
        case "c", "C":
            if case .string(let text) = argument {
                return text.unicodeScalars.count == 1 ? pad(text) : nil
            }
            guard let code = argument.signedValue, code >= 0, code <= (spec.conversion == "C" ? 0xFFFF : 0x10FFFF),
                let scalar = Unicode.Scalar(UInt32(code))
            else { return nil }
            return pad(String(Character(scalar)))
        case "d", "i", "D":
            guard let value = argument.signedValue else { return nil }
            return String(format: printf + "lld", CLongLong(value))
        case "u", "U", "x", "X", "o", "O":
            guard let value = argument.unsignedValue else { return nil }
            let letter = ["U": "u", "O": "o"][String(spec.conversion)] ?? String(spec.conversion)
            return String(format: printf + "ll" + letter, CUnsignedLongLong(value))
        case "f", "F", "e", "E", "g", "G", "a", "A":
            guard let value = argument.doubleValue else { return nil }
            return String(format: printf + String(spec.conversion), value)
        default:
            return nil
        }
    }
}
