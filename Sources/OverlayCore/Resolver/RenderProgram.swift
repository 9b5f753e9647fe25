/// One step of a compiled format string (see ``RenderProgram``).
enum RenderOp: Sendable {
    /// UTF-8 text appended as is, a range of ``RenderProgram/literals``; adjacent literal tokens and `%%` are
    /// merged into one. Offsets rather than an array each, so walking the ops retains nothing.
    case literal(start: Int, end: Int)
    /// `%{name}`: the substitution's value appended verbatim.
    case named(String)
    /// `%@` without flags, width or precision: the argument's object text appended as is.
    case object(position: Int?)
    /// `%d` `%i` `%D` (any length) without flags, width or precision: the decimal digits of the signed value.
    case signed(position: Int?)
    /// `%u` `%U` (any length) without flags, width or precision: the decimal digits of the unsigned value.
    case unsigned(position: Int?)
    /// Any other specifier, rendered by the general path: an index into ``RenderProgram/specifiers``.
    case general(Int)
    /// `%#@name@` naming a variable of the entry: an index into ``CompiledValue/variables``.
    case variable(position: Int?, index: Int)
    /// `%#@name@` naming no variable of the entry: always a render failure.
    case unknownVariable(String)
}

/// A format string parsed once into the steps that render it: no parsing, locking or hashing per render.
///
/// Positions are kept as written; sequential slots are numbered while rendering, because a variant starts at the
/// slot of the token that chose it. A class: picking a plural variant is one reference, not two arrays.
final class RenderProgram: Sendable {
    let ops: [RenderOp]
    /// The UTF-8 of every `.literal` op, back to back.
    let literals: [UInt8]
    /// The specifiers `.general` ops render.
    let specifiers: [FormatSpecifier]
    /// The string has a parse error: rendering it fails with ``RenderFailure/unsafeFormat``.
    let isUnsafe: Bool
    /// The whole output when the program reads no argument and no substitution (a value without specifiers).
    let constantText: String?
    /// An unsafe text that reads no argument, shown as it is written when rendered with no arguments (FORMATS.md
    /// §4.6).
    let asWrittenText: String?
    /// Only literals and direct-append ops (`.object`, `.signed`, `.unsigned`): the renderer's short path applies.
    let isSimple: Bool
    /// The program is one `%#@v@` token and nothing else (the usual plural format key): the renderer picks the
    /// variant straight away.
    let soleVariable: SoleVariable?

    struct SoleVariable {
        var position: Int?
        var index: Int
    }

    /// Compiles `format`; `variables` maps the entry's variable names to their indices.
    ///
    /// With `fastPaths` off every specifier is rendered by the general path (the tests compare both).
    init(_ format: FormatString, variables: [String: Int], fastPaths: Bool) {
        // A text that reads no argument and is no valid format (`Battery Level %`, `100% sure`) is shown as written
        // when rendered without arguments, as `string(forKey:)` shows it: formatting it can only drop or garble its
        // `%`. Given arguments, it is a translation that lost them, and the development value shows instead.
        isUnsafe = format.isUnrenderable
        asWrittenText = isUnsafe && !format.readsArguments ? format.source : nil
        var ops: [RenderOp] = []
        var literals: [UInt8] = []
        var specifiers: [FormatSpecifier] = []
        var pending = ""
        func flush() {
            guard !pending.isEmpty else { return }
            let start = literals.count
            literals += pending.utf8
            ops.append(.literal(start: start, end: literals.count))
            pending = ""
        }
        for token in isUnsafe ? [] : format.tokens {
            switch token {
            case .literal(let text):
                pending += text
                continue
            case .percent:
                pending += "%"
                continue
            default:
                flush()
            }
            switch token {
            case .literal, .percent:
                break
            case .named(let named):
                ops.append(.named(named.name))
            case .variable(let token):
                if let index = variables[token.name] {
                    ops.append(.variable(position: token.position, index: index))
                } else {
                    ops.append(.unknownVariable(token.name))
                }
            case .specifier(let spec):
                if fastPaths, let op = Self.fastOp(spec) {
                    ops.append(op)
                } else {
                    specifiers.append(spec)
                    ops.append(.general(specifiers.count - 1))
                }
            }
        }
        flush()
        self.ops = ops
        self.literals = literals
        self.specifiers = specifiers
        switch (isUnsafe, ops.first, ops.count) {
        case (false, nil, _): constantText = ""
        case (false, .literal, 1): constantText = String(decoding: literals, as: UTF8.self)
        default: constantText = nil
        }
        isSimple = !isUnsafe && ops.allSatisfy { op in
            switch op {
            case .literal, .object, .signed, .unsigned: true
            case .named, .general, .variable, .unknownVariable: false
            }
        }
        switch (fastPaths, ops.first, ops.count) {
        case (true, .variable(let position, let index), 1): soleVariable = SoleVariable(position: position, index: index)
        default: soleVariable = nil
        }
    }

    /// The direct-append op for a plain `%@`, `%d`/`%ld`/`%i`/`%D` or `%u`/`%lu`/`%U`; nil for anything else.
    private static func fastOp(_ spec: FormatSpecifier) -> RenderOp? {
        guard spec.flags.isEmpty, spec.width == nil, spec.precision == nil else { return nil }
        switch spec.conversion {
        case "@": return .object(position: spec.position)
        case "d", "i", "D": return .signed(position: spec.position)
        case "u", "U": return .unsigned(position: spec.position)
        default: return nil
        }
    }
}

/// One plural variable compiled: a program per category, `other` already standing in for missing ones.
final class CompiledVariable: Sendable {
    let name: String
    /// The value type reads a double (`f e g a`, any case): plural operands come from its decimal text.
    let isDouble: Bool
    /// Indexed by ``PluralCategory/order``; nil when neither the category nor `other` has a variant.
    let forms: [RenderProgram?]
    /// Apple's zero rule applies: a `zero` variant exists and the locale has no CLDR `zero` category.
    let usesExactZero: Bool

    init(name: String, variable: PluralVariable, rules: PluralRules, program: (String) -> RenderProgram) {
        self.name = name
        isDouble = variable.valueType.unicodeScalars.last.map { "fFeEgGaA".unicodeScalars.contains($0) } ?? false
        forms = PluralCategory.allCases.sorted().map { category in
            (variable.forms[category] ?? variable.forms[.other]).map(program)
        }
        usesExactZero = !rules.categories.contains(.zero) && variable.forms[.zero] != nil
    }
}

/// A table value compiled for rendering, built once per ``ResolvedValue`` on its first render.
///
/// `@unchecked Sendable`: immutable; the short path's buffers are written in `init` and freed in `deinit`.
final class CompiledValue: @unchecked Sendable {
    enum Body: Sendable {
        /// A format string (a plain value, an entry's format key, or a device variant's).
        case program(RenderProgram)
        /// A width rule: keys ascending, a program per key.
        case width(keys: [Int], programs: [RenderProgram])
        /// The value can never render (a device rule without a usable variant, device rules nested too deep).
        case failure(RenderFailure)
    }

    let body: Body
    /// The variables of the entry the body belongs to, referenced by index from `.variable` ops.
    let variables: [CompiledVariable]
    /// The CLDR rules of the locale whose value this is.
    let rules: PluralRules
    /// The same rules for integer counts, shared per rule set; nil when there are no variables or fast paths are off.
    let integerRules: IntegerPluralRules?
    /// Off: every render takes the general path (the tests compare both).
    let fastPaths: Bool
    /// The common shapes as plain data; nil for anything else, or with fast paths off.
    let directPlan: DirectRenderPlan?
    /// The whole output of a body without specifiers, whatever the arguments.
    let constantText: String?

    /// Compiles `value`; `device` picks device variants now, the width is picked per render.
    ///
    /// With `fastPaths` off, no short path is taken anywhere: specifiers, plural variants and counts all go the
    /// general way.
    init(_ value: CatalogValue, rules: PluralRules, device: String, fastPaths: Bool = true) {
        self.rules = rules
        self.fastPaths = fastPaths
        switch value {
        case .string(let text):
            body = .program(RenderProgram(FormatParser.parse(text), variables: [:], fastPaths: fastPaths))
            variables = []
        case .plural(let entry):
            (body, variables) = Self.compile(entry, rules: rules, device: device, depth: 0, fastPaths: fastPaths)
        }
        integerRules = fastPaths && !variables.isEmpty ? IntegerPluralRules.shared(rules) : nil
        if case .program(let program) = body {
            constantText = program.constantText
            directPlan = fastPaths ? DirectRenderPlan(program, variables: variables, integerRules: integerRules) : nil
        } else {
            constantText = nil
            directPlan = nil
        }
    }

    deinit {
        directPlan?.deallocate()
    }

    private static func compile(
        _ entry: StringsdictEntry, rules: PluralRules, device: String, depth: Int, fastPaths: Bool
    ) -> (Body, [CompiledVariable]) {
        guard depth <= FormatRenderer.maximumDepth else { return (.failure(.tooDeep), []) }
        switch entry {
        case .text(let text):
            return (.program(RenderProgram(FormatParser.parse(text), variables: [:], fastPaths: fastPaths)), [])
        case .format(let plural):
            let names = plural.variables.keys.sorted()
            let indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            func program(_ text: String, inVariant: Bool) -> RenderProgram {
                RenderProgram(FormatParser.parse(text, inVariant: inVariant), variables: indices, fastPaths: fastPaths)
            }
            let variables = names.map { name in
                CompiledVariable(name: name, variable: plural.variables[name]!, rules: rules) {
                    program($0, inVariant: true)
                }
            }
            return (.program(program(plural.format, inVariant: false)), variables)
        case .width(let variants):
            let keys = variants.keys.sorted()
            guard !keys.isEmpty else { return (.failure(.unknownVariable("width")), []) }
            let programs = keys.map {
                RenderProgram(FormatParser.parse(variants[$0]!), variables: [:], fastPaths: fastPaths)
            }
            return (.width(keys: keys, programs: programs), [])
        case .device(let variants):
            guard let chosen = FormatRenderer.variant(of: variants, forDevice: device) else {
                return (.failure(.unknownVariable("device")), [])
            }
            return compile(chosen, rules: rules, device: device, depth: depth + 1, fastPaths: fastPaths)
        }
    }
}
