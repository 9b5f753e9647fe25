import Foundation

/// Why a value could not be rendered with the arguments given; the handle then falls back (FORMATS.md §4).
package enum RenderFailure: Error, Equatable {
    case unsafeFormat
    case missingArgument(slot: Int)
    /// The argument cannot be converted to the class the specifier reads.
    case unconvertible(slot: Int)
    /// `%p`, `%P`, `%n`: never rendered.
    case unsupportedConversion
    /// A width or precision outside 0…``RenderBounds/maximumField``.
    case amountOutOfRange
    /// A `%#@v@` token naming no variable, or a variable with no usable variant.
    case unknownVariable(String)
    case missingSubstitution(String)
    /// Nested deeper than ``RenderProgram/maximumDepth`` (a cycle).
    case tooDeep
    case expansionTooLarge
    /// More output than ``RenderBounds/maximumOutputBytes`` beyond the arguments' own text.
    case outputTooLong
}

/// Renders a ``RenderProgram`` by walking its ops into one buffer, never past the ``RenderBounds``: a token or byte
/// past a bound fails the render before anything is allocated for it. `%{name}` substitutions are inserted verbatim.
package struct FormatRenderer<Arguments: RandomAccessCollection<FormatArgument>> where Arguments.Index == Int {
    let arguments: Arguments
    /// Nil for none: an empty dictionary would be built and released on every render.
    let substitutions: [String: String]?
    /// Nil picks the widest variant.
    let width: Int?

    package init(arguments: Arguments, substitutions: [String: String]? = nil, width: Int? = nil) {
        self.arguments = arguments
        self.substitutions = substitutions
        self.width = width
    }

    @inline(__always)
    package func render(_ program: RenderProgram) throws(RenderFailure) -> String {
        let ops: Range<Int>
        switch program.body {
        case .ops(let range):
            if let text = program.constantText { return text }
            // As the lookup's short path (no substitutions) shows it, unless the value has `%{name}` tokens.
            if let text = program.asWrittenText, arguments.isEmpty, program.readsArgumentsOnly || substitutions?.isEmpty ?? true {
                return text
            }
            ops = range
        case .width(let keys, let variants):
            ops = variants[RenderProgram.variantIndex(keys: keys, forWidth: width)]
        case .failure(let failure):
            throw failure
        }
        do {
            return try render(program, ops, limit: RenderBounds.maximumOutputBytes)
        } catch .outputTooLong {
            // The arguments' own text is the app's: only what the value makes of it counts against the bound.
            var ownText = 0
            for argument in arguments {
                if case .string(let text) = argument { ownText += text.utf8.count }
            }
            for value in substitutions ?? [:] { ownText += value.value.utf8.count }
            guard ownText > 0 else { throw .outputTooLong }
            return try render(program, ops, limit: RenderBounds.maximumOutputBytes + ownText)
        }
    }

    @inline(__always)
    private func render(_ program: RenderProgram, _ ops: Range<Int>, limit: Int) throws(RenderFailure) -> String {
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { storage in
            var output = RenderBuffer(storage: storage, limit: limit)
            var budget = RenderBounds.maximumExpansion
            do throws(RenderFailure) {
                try render(program, ops, arguments, firstSlot: 1, depth: 0, budget: &budget, into: &output)
            } catch {
                return Result<String, RenderFailure>.failure(error)
            }
            return .success(output.finish())
        }
        return try result.get()
    }

    /// A variable's variant is walked in place when its token ends the range (the usual `%#@v@`), else nested. The
    /// arguments come as a parameter, not through `self`, so a count arrives in registers.
    private func render(
        _ program: RenderProgram, _ range: Range<Int>, _ arguments: Arguments, firstSlot: Int, depth: Int,
        budget: inout Int, into output: inout RenderBuffer
    ) throws(RenderFailure) {
        var range = range
        var depth = depth
        guard depth <= RenderProgram.maximumDepth else { throw .tooDeep }
        var remaining = budget
        defer { budget = remaining }
        var next = firstSlot
        var index = range.lowerBound
        while index < range.upperBound {
            let op = program.ops[index]
            index &+= 1
            if op.kind == .literal {
                try output.append(UnsafeBufferPointer(rebasing: program.literals[Int(op.start)..<Int(op.end)]))
                continue
            }
            remaining &-= 1
            guard remaining >= 0 else { throw .expansionTooLarge }
            switch op.kind {
            case .literal:
                break
            case .object:
                try output.appendObject(try Self.argument(Self.slot(op, next: &next), in: arguments))
            case .signed:
                let slot = Self.slot(op, next: &next)
                let argument = try Self.argument(slot, in: arguments)
                if case .int(let integer) = argument {  // what a count is: no conversion
                    try output.appendDecimal(magnitude: integer.magnitude, negative: integer < 0)
                    continue
                }
                guard let integer = argument.signedValue else { throw .unconvertible(slot: slot) }
                try output.appendDecimal(magnitude: integer.magnitude, negative: integer < 0)
            case .unsigned:
                let slot = Self.slot(op, next: &next)
                guard let integer = try Self.argument(slot, in: arguments).unsignedValue else {
                    throw .unconvertible(slot: slot)
                }
                try output.appendDecimal(magnitude: integer, negative: false)
            case .variable:
                let slot = Self.slot(op, next: &next)
                let variant = try Self.variant(
                    of: Int(op.start), in: program, argument: Self.argument(slot, in: arguments), slot: slot)
                guard index == range.upperBound else {
                    try render(
                        program, variant, arguments, firstSlot: slot, depth: depth + 1, budget: &remaining,
                        into: &output)
                    continue
                }
                depth += 1
                guard depth <= RenderProgram.maximumDepth else { throw .tooDeep }
                (range, index, next) = (variant, variant.lowerBound, slot)
            case .specifier, .named, .unknownVariable, .unsafe:
                try renderRare(op, of: program, next: &next, into: &output)
            }
        }
    }

    /// Out of line so the walk stays small.
    @inline(never)
    private func renderRare(
        _ op: RenderProgram.Op, of program: RenderProgram, next: inout Int, into output: inout RenderBuffer
    ) throws(RenderFailure) {
        switch op.kind {
        case .specifier:
            try output.append(try render(program.specifiers[Int(op.start)], next: &next))
        case .named:
            let name = program.names[Int(op.start)]
            guard let value = substitutions?[name] else { throw .missingSubstitution(name) }
            try output.append(value)
        case .unknownVariable:
            throw .unknownVariable(program.names[Int(op.start)])
        case .literal, .object, .signed, .unsigned, .variable, .unsafe:
            throw .unsafeFormat
        }
    }

    @inline(__always)
    private static func slot(_ op: RenderProgram.Op, next: inout Int) -> Int {
        if op.position >= 0 { return Int(op.position) }
        defer { next += 1 }
        return next
    }

    /// The variant of variable `index` for the argument (FORMATS.md §2.2, §6.4 step 5). Apple's zero rule: a present
    /// `zero` variant takes 0 when the locale has no CLDR `zero`.
    @inline(__always)
    private static func variant(
        of index: Int, in program: RenderProgram, argument: FormatArgument, slot: Int
    ) throws(RenderFailure) -> Range<Int> {
        let variable = program.variables[index]
        let order: Int
        if !variable.isDouble, let table = program.countTable, case .int(let integer) = argument, integer >= 0,
            integer < IntegerPluralRules.tableLimit
        {
            order = integer == 0 && variable.usesExactZero ? PluralCategory.zero.order : Int(table[Int(integer)])
        } else {
            order = try category(of: argument, for: variable, in: program, slot: slot)
        }
        guard let variant = program.form(ofVariable: index, order: order) else {
            throw .unknownVariable(program.names[Int(variable.name)])
        }
        return variant
    }

    @inline(never)
    private static func category(
        of argument: FormatArgument, for variable: RenderProgram.Variable, in program: RenderProgram, slot: Int
    ) throws(RenderFailure) -> Int {
        var category: PluralCategory
        var isZero: Bool
        if !variable.isDouble, let integer = argument.signedValue {  // v = 0: evaluated on the integer
            category = program.rules.category(forInteger: integer.magnitude)
            isZero = integer == 0
        } else {
            // Integer value types past Int64 (no signed value): the exact unsigned integer, v = 0.
            let operands = variable.isDouble
                ? (argument.doubleValue != nil ? argument.pluralOperands : nil)
                : argument.unsignedValue.flatMap { PluralOperands(String($0)) }
            guard let operands else { throw .unconvertible(slot: slot) }
            category = program.rules.category(for: operands)
            isZero = operands.integerDigits == "0" && operands.trimmedFractionDigits.isEmpty
        }
        if isZero, variable.usesExactZero { category = .zero }
        return category.order
    }

    @inline(__always)
    private static func argument(_ slot: Int, in arguments: Arguments) throws(RenderFailure) -> FormatArgument {
        guard slot >= 1, slot <= arguments.count else { throw .missingArgument(slot: slot) }
        return arguments[arguments.startIndex + slot - 1]
    }

    private func amount(_ amount: FormatSpecifier.Amount?, next: inout Int) throws(RenderFailure) -> Int? {
        let slot: Int
        switch amount {
        case nil: return nil
        case .fixed(let value):
            guard value <= RenderBounds.maximumField else { throw .amountOutOfRange }
            return value
        case .nextArgument: (slot, next) = (next, next + 1)
        case .argument(let position): slot = position
        }
        guard let value = try Self.argument(slot, in: arguments).signedValue else { throw .unconvertible(slot: slot) }
        guard value.magnitude <= UInt64(RenderBounds.maximumField) else { throw .amountOutOfRange }
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
        let slot = spec.position ?? next
        if spec.position == nil { next += 1 }
        let argument = try Self.argument(slot, in: arguments)
        let text: String?
        switch spec.conversion {
        case "@", "s", "S":
            var string = argument.objectText
            if spec.conversion != "@" {  // %s / %S read a C string: only a string argument can stand for one
                guard case .string(let value) = argument else { throw .unconvertible(slot: slot) }
                string = value
            }
            if let precision, precision < string.count { string = String(string.prefix(precision)) }
            return Self.pad(string, flags: flags, width: width)
        case "c", "C":
            guard let scalar = Self.character(argument, wide: spec.conversion == "C") else {
                throw .unconvertible(slot: slot)
            }
            return Self.pad(String(Character(scalar)), flags: flags, width: width)
        case "d", "i", "D":
            text = argument.signedValue.flatMap {
                Self.printf("lld", CLongLong($0), flags: flags, width: width, precision: precision)
            }
        case "u", "U", "x", "X", "o", "O":
            let letter = spec.conversion == "U" ? "u" : spec.conversion == "O" ? "o" : String(spec.conversion)
            text = argument.unsignedValue.flatMap {
                Self.printf("ll" + letter, CUnsignedLongLong($0), flags: flags, width: width, precision: precision)
            }
        case "f", "F", "e", "E", "g", "G", "a", "A":
            text = argument.doubleValue.flatMap {
                Self.printf(String(spec.conversion), $0, flags: flags, width: width, precision: precision)
            }
        default:
            throw .unsupportedConversion
        }
        guard let text else { throw .unconvertible(slot: slot) }
        return text
    }

    /// As `%@` and `%c` print.
    private static func pad(_ text: String, flags: FormatSpecifier.Flags, width: Int?) -> String {
        guard let width, width > text.count else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return flags.contains(.leftAlign) ? text + padding : padding + text
    }

    /// The only call of `vsnprintf`, with a format built from a fixed alphabet (flags, `*.*`, a length and conversion
    /// from a closed list): remote text never reaches the C formatter. `amount` has bounded width and precision; a
    /// nil width passes 0 and a nil precision -1, which C defines as "omitted".
    private static func printf(
        _ conversion: String, _ value: any CVarArg, flags: FormatSpecifier.Flags, width: Int?, precision: Int?
    ) -> String? {
        var format = "%"
        for spelling in FormatSpecifier.Flags.spellings where flags.contains(spelling.flag) {
            format.unicodeScalars.append(spelling.scalar)
        }
        format += "*.*" + conversion
        let arguments: [any CVarArg] = [CInt(width ?? 0), CInt(precision ?? -1), value]
        // Doubles print at most ~310 integer digits plus the precision.
        let capacity = abs(width ?? 0) + max(precision ?? 0, 0) + 400
        var buffer = [CChar](repeating: 0, count: capacity)
        let written = format.withCString { cFormat in
            withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, capacity, cFormat, list) }
            }
        }
        guard written >= 0, Int(written) < capacity else { return nil }
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
