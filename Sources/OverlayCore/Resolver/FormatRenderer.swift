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

/// Renders compiled values (``CompiledValue``) by walking their ops: no `String(format:)`, no parsing.
///
/// Sequential specifiers number slots from 1; inside a plural variant they start at the token's slot;
/// positional ones are absolute. `%{name}` substitutions are inserted verbatim and never parsed again.
struct FormatRenderer {
    /// Plural variants nested deeper than this are treated as a cycle.
    static let maximumDepth = 16

    let arguments: [FormatArgument]
    let substitutions: [String: String]
    /// The presentation width a width rule picks; nil picks the widest variant.
    let width: Int?

    /// Renders a compiled table value.
    func render(_ value: CompiledValue) throws(RenderFailure) -> String {
        let program: RenderProgram
        switch value.body {
        case .failure(let failure):
            throw failure
        case .program(let body):
            program = body
        case .width(let keys, let programs):
            program = programs[Self.variantIndex(keys: keys, forWidth: width)]
        }
        if let text = program.constantText { return text }
        if let text = program.asWrittenText, arguments.isEmpty, substitutions.isEmpty { return text }
        if let text = value.directPlan?.render(arguments) { return text }
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.bufferCapacity) { storage in
            var output = RenderBuffer(storage: storage)
            do throws(RenderFailure) {
                try render(program, of: value, firstSlot: 1, depth: 0, into: &output)
            } catch {
                return Result<String, RenderFailure>.failure(error)
            }
            return .success(output.finish())
        }
        return try result.get()
    }

    /// Bytes of stack the output is collected in before it spills into a `String`.
    static let bufferCapacity = 512

    /// The width variant with the largest key ≤ `width`, else the smallest key; nil width: the largest key.
    static func variant(of variants: [Int: String], forWidth width: Int?) -> String? {
        let keys = variants.keys.sorted()
        guard !keys.isEmpty else { return nil }
        return variants[keys[variantIndex(keys: keys, forWidth: width)]]
    }

    /// The index in ascending, non-empty `keys` of the width variant: see ``variant(of:forWidth:)``.
    static func variantIndex(keys: [Int], forWidth width: Int?) -> Int {
        guard let width else { return keys.count - 1 }
        return keys.lastIndex(where: { $0 <= width }) ?? 0
    }

    /// The variant for `device`, else `other`, else the first in byte order.
    static func variant<Value>(of variants: [String: Value], forDevice device: String) -> Value? {
        variants[device] ?? variants["other"]
            ?? variants.keys.min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).flatMap { variants[$0] }
    }

    private func render(
        _ program: RenderProgram, of value: CompiledValue, firstSlot: Int, depth: Int, into output: inout RenderBuffer
    ) throws(RenderFailure) {
        guard depth <= Self.maximumDepth else { throw .tooDeep }
        guard !program.isUnsafe else { throw .unsafeFormat }
        var next = firstSlot
        for index in program.ops.indices {
            switch program.ops[index] {
            case .literal(let start, let end):
                program.literals.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            case .named(let name):
                guard let value = substitutions[name] else { throw .missingSubstitution(name) }
                output.append(value)
            case .object(let position):
                output.appendObject(try argument(Self.slot(position, next: &next)))
            case .signed(let position):
                let slot = Self.slot(position, next: &next)
                guard let integer = try argument(slot).signedValue else { throw .unconvertible(slot: slot) }
                output.appendDecimal(magnitude: integer.magnitude, negative: integer < 0)
            case .unsigned(let position):
                let slot = Self.slot(position, next: &next)
                guard let integer = try argument(slot).unsignedValue else { throw .unconvertible(slot: slot) }
                output.appendDecimal(magnitude: integer, negative: false)
            case .general(let specifier):
                output.append(try render(program.specifiers[specifier], next: &next))
            case .variable(let position, let variable):
                let slot = Self.slot(position, next: &next)
                let variant = try self.variant(of: value.variables[variable], in: value, slot: slot)
                try render(variant, of: value, firstSlot: slot, depth: depth + 1, into: &output)
            case .unknownVariable(let name):
                throw .unknownVariable(name)
            }
        }
    }

    /// The explicit position, else the next sequential slot (which it consumes).
    private static func slot(_ position: Int?, next: inout Int) -> Int {
        if let position { return position }
        defer { next += 1 }
        return next
    }

    /// Picks the variant of `variable` for the argument in `slot` (FORMATS.md §2.2, §6.4 step 5).
    ///
    /// The category comes from the CLDR rules of the rendered value's locale. Apple's zero rule: a present `zero`
    /// variant is used for the value 0 when the locale has no CLDR `zero`; where CLDR has one (ar, lv), CLDR decides.
    /// A category without a variant uses `other`.
    private func variant(
        of variable: CompiledVariable, in value: CompiledValue, slot: Int
    ) throws(RenderFailure) -> RenderProgram {
        let argument = try self.argument(slot)
        if !variable.isDouble, let integerRules = value.integerRules, case .int(let integer) = argument, integer >= 0 {
            // the common count: the compiled integer rules, same answer as below
            let order = integer == 0 && variable.usesExactZero
                ? PluralCategory.zero.order : integerRules.categoryOrder(UInt64(integer))
            guard let program = variable.forms[order] else { throw .unknownVariable(variable.name) }
            return program
        }
        var category: PluralCategory
        var isZero: Bool
        if !variable.isDouble, let integer = argument.signedValue {  // v = 0: evaluated on the integer, no digit strings
            category = value.rules.category(forInteger: integer.magnitude)
            isZero = integer == 0
        } else {
            let operands: PluralOperands?
            if variable.isDouble {
                operands = argument.doubleValue != nil ? argument.pluralOperands : nil
            } else {  // integer value types: the exact integer, v = 0
                operands = (argument.signedValue.map { String($0) } ?? argument.unsignedValue.map { String($0) })
                    .flatMap(PluralOperands.init)
            }
            guard let operands else { throw .unconvertible(slot: slot) }
            category = value.rules.category(for: operands)
            isZero = operands.integerDigits == "0" && operands.trimmedFractionDigits.isEmpty
        }
        if isZero, variable.usesExactZero { category = .zero }
        guard let program = variable.forms[category.order] else { throw .unknownVariable(variable.name) }
        return program
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
