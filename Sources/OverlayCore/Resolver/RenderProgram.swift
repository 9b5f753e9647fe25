/// A table value compiled for rendering, built once per ``ResolvedValue`` on its first render.
///
/// The value's format and every plural variant are one flat list of steps over one buffer of literal bytes, so a
/// render walks plain data — no parsing, hashing, locking or reference counting — whatever the value's shape
/// (``FormatRenderer``). Positions are kept as written; sequential slots are numbered while rendering, because a
/// variant starts at the slot of the token that chose it.
///
/// `@unchecked Sendable`: immutable; the buffers are written in `init` and freed in `deinit`.
package final class RenderProgram: @unchecked Sendable {
    /// One step; plain data, so reading one retains nothing.
    struct Op {
        enum Kind: UInt8 {
            /// UTF-8 text, `literals[start..<end]`; adjacent literal tokens and `%%` are merged into one.
            case literal
            /// `%@` without flags, width or precision: the argument's object text.
            case object
            /// `%d` `%i` `%D` (any length) without flags, width or precision: the decimal digits of the signed value.
            case signed
            /// `%u` `%U` (any length) without flags, width or precision: the decimal digits of the unsigned value.
            case unsigned
            /// Any other specifier, `specifiers[start]`, formatted the way C's printf does (``PrintfConversion``).
            case specifier
            /// `%#@name@` naming variable `start` of the entry.
            case variable
            /// `%{name}`, the substitution named `names[start]`.
            case named
            /// `%#@name@` naming no variable of the entry (`names[start]`): always a render failure.
            case unknownVariable
            /// The string has a parse error (`%n`, mixed positional and sequential, a position out of range…).
            case unsafe
        }

        var kind: Kind
        /// The explicit position, −1 for the next sequential slot.
        var position: Int32
        var start: Int32
        var end: Int32
    }

    /// A plural variable: how its variant is picked. Its variants are ``forms(ofVariable:)``.
    struct Variable {
        /// The value type reads a double (`f e g a`, any case): plural operands come from its decimal text.
        var isDouble: Bool
        /// Apple's zero rule applies: a `zero` variant exists and the locale has no CLDR `zero` category.
        var usesExactZero: Bool
        /// Its name, `names[name]`.
        var name: Int32
    }

    enum Body {
        /// The value's format: a plain value, an entry's format key, or a device variant's.
        case ops(Range<Int>)
        /// A width rule: keys ascending, the ops of each variant.
        case width(keys: [Int], variants: [Range<Int>])
        /// The value can never render (a device rule without a usable variant, device rules nested too deep).
        case failure(RenderFailure)
    }

    /// Plural variants nested deeper than this are treated as a cycle.
    static let maximumDepth = 16

    let body: Body
    let ops: UnsafeMutableBufferPointer<Op>
    let literals: UnsafeMutableBufferPointer<UInt8>
    let variables: UnsafeMutableBufferPointer<Variable>
    /// Per variable, per ``PluralCategory/order``, the start and end of the variant's ops; −1 where neither the
    /// category nor `other` has a variant.
    private let forms: UnsafeMutableBufferPointer<Int32>
    /// What `.specifier` ops format.
    let specifiers: [FormatSpecifier]
    /// Substitution and variable names.
    let names: [String]
    /// The CLDR rules of the locale whose value this is.
    let rules: PluralRules
    /// The same rules for integer counts, shared per rule set; nil when the value has no variables.
    let integerRules: IntegerPluralRules?
    /// Their table of the counts below ``IntegerPluralRules/tableLimit``, read without touching the object.
    let countTable: UnsafePointer<UInt8>?
    /// The whole output of a value without specifiers, whatever the arguments.
    let constantText: String?
    /// A text that reads no argument and is no valid format (`Battery Level %`, `100% sure`), shown as written when
    /// rendered without arguments, as `string(forKey:)` shows it: formatting it can only drop or garble its `%`. Given
    /// arguments, it is a translation that lost them, and the development value shows instead (FORMATS.md §4.6).
    let asWrittenText: String?
    /// The output depends on the arguments alone: no `%{name}`, no width rule.
    let readsArgumentsOnly: Bool

    /// Compiles `value` with the CLDR rules of its locale; `device` picks device variants now, a width rule's variant
    /// is picked per render.
    package init(_ value: CatalogValue, rules: PluralRules, device: String) {
        var builder = Builder()
        let body: Body
        var asWrittenText: String?
        switch value {
        case .string(let text):
            let format = FormatParser.parse(text)
            if format.isUnrenderable && !format.readsArguments { asWrittenText = text }
            body = .ops(builder.add(format, variables: [:]))
        case .plural(let entry): body = Self.compile(entry, into: &builder, rules: rules, device: device, depth: 0)
        }
        self.body = body
        self.asWrittenText = asWrittenText
        self.rules = rules
        integerRules = builder.variables.isEmpty ? nil : IntegerPluralRules.shared(rules)
        countTable = integerRules?.table
        specifiers = builder.specifiers
        names = builder.names
        ops = Self.buffer(builder.ops)
        literals = Self.buffer(builder.literals)
        variables = Self.buffer(builder.variables)
        forms = Self.buffer(builder.forms)
        var constantText: String?
        var readsArgumentsOnly = false
        if case .ops(let range) = body {
            if range.isEmpty {
                constantText = ""
            } else if range.count == 1, builder.ops[range.lowerBound].kind == .literal {
                let op = builder.ops[range.lowerBound]
                constantText = String(decoding: builder.literals[Int(op.start)..<Int(op.end)], as: UTF8.self)
            }
            readsArgumentsOnly = !builder.ops.contains { $0.kind == .named }
        }
        self.constantText = constantText
        self.readsArgumentsOnly = readsArgumentsOnly
    }

    deinit {
        ops.deallocate()
        literals.deallocate()
        variables.deallocate()
        forms.deallocate()
    }

    /// The ops of `variable`'s variant for the category of ``PluralCategory/order`` `order`, or nil.
    @inline(__always)
    func form(ofVariable variable: Int, order: Int) -> Range<Int>? {
        let start = forms[(variable * PluralCategory.allCases.count + order) * 2]
        guard start >= 0 else { return nil }
        return Int(start)..<Int(forms[(variable * PluralCategory.allCases.count + order) * 2 + 1])
    }

    /// The text for `arguments` when it depends on them alone and they fit; nil when the full render must decide (and
    /// count a failure): the short path of a lookup.
    @inline(__always)
    package func text<Arguments: RandomAccessCollection<FormatArgument>>(for arguments: Arguments) -> String?
    where Arguments.Index == Int {
        if let constantText { return constantText }
        guard readsArgumentsOnly else { return nil }
        return try? FormatRenderer(arguments: arguments).render(self)
    }

    private static func compile(
        _ entry: StringsdictEntry, into builder: inout Builder, rules: PluralRules, device: String, depth: Int
    ) -> Body {
        guard depth <= maximumDepth else { return .failure(.tooDeep) }
        switch entry {
        case .text(let text):
            return .ops(builder.add(FormatParser.parse(text), variables: [:]))
        case .format(let plural):
            let names = plural.variables.keys.sorted()
            let indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            for name in names {
                builder.addVariable(name, plural.variables[name]!, rules: rules, variables: indices)
            }
            return .ops(builder.add(FormatParser.parse(plural.format, inVariant: false), variables: indices))
        case .width(let variants):
            let keys = variants.keys.sorted()
            guard !keys.isEmpty else { return .failure(.unknownVariable("width")) }
            return .width(keys: keys, variants: keys.map { builder.add(FormatParser.parse(variants[$0]!), variables: [:]) })
        case .device(let variants):
            guard let chosen = variant(of: variants, forDevice: device) else { return .failure(.unknownVariable("device")) }
            return compile(chosen, into: &builder, rules: rules, device: device, depth: depth + 1)
        }
    }

    private static func buffer<Element>(_ elements: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return buffer
    }

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
}

extension RenderProgram {
    /// Collects the ops of every string of a value; its arrays become the program's buffers.
    private struct Builder {
        var ops: [Op] = []
        var literals: [UInt8] = []
        var variables: [Variable] = []
        var forms: [Int32] = []
        var specifiers: [FormatSpecifier] = []
        var names: [String] = []

        /// Appends the ops of `format`, whose `%#@v@` tokens index `variables`; returns their range.
        mutating func add(_ format: FormatString, variables: [String: Int]) -> Range<Int> {
            let first = ops.count
            guard !format.isUnrenderable else {
                ops.append(Op(kind: .unsafe, position: -1, start: 0, end: 0))
                return first..<ops.count
            }
            var literal: Int?  // where the literal being collected starts in `literals`
            for token in format.tokens {
                switch token {
                case .literal(let text):
                    literal = literal ?? literals.count
                    literals += text.utf8
                    continue
                case .percent:
                    literal = literal ?? literals.count
                    literals.append(UInt8(ascii: "%"))
                    continue
                default:
                    if let start = literal, start < literals.count {
                        ops.append(Op(kind: .literal, position: -1, start: Int32(start), end: Int32(literals.count)))
                    }
                    literal = nil
                }
                switch token {
                case .literal, .percent:
                    break
                case .named(let named):
                    ops.append(Op(kind: .named, position: -1, start: Int32(names.count), end: 0))
                    names.append(named.name)
                case .variable(let token):
                    if let index = variables[token.name] {
                        ops.append(Op(kind: .variable, position: Self.position(token.position), start: Int32(index), end: 0))
                    } else {
                        ops.append(Op(kind: .unknownVariable, position: -1, start: Int32(names.count), end: 0))
                        names.append(token.name)
                    }
                case .specifier(let spec):
                    ops.append(op(spec))
                }
            }
            if let start = literal, start < literals.count {
                ops.append(Op(kind: .literal, position: -1, start: Int32(start), end: Int32(literals.count)))
            }
            return first..<ops.count
        }

        /// Compiles a plural variable: one op range per distinct variant text, `other` standing in for the categories
        /// without one.
        mutating func addVariable(_ name: String, _ variable: PluralVariable, rules: PluralRules, variables: [String: Int]) {
            self.variables.append(Variable(
                isDouble: variable.valueType.unicodeScalars.last.map { "fFeEgGaA".unicodeScalars.contains($0) } ?? false,
                usesExactZero: !rules.categories.contains(.zero) && variable.forms[.zero] != nil,
                name: Int32(names.count)))
            names.append(name)
            var compiled: [String: Range<Int>] = [:]
            for category in PluralCategory.allCases.sorted() {
                guard let text = variable.forms[category] ?? variable.forms[.other] else {
                    forms += [-1, -1]
                    continue
                }
                let range = compiled[text] ?? add(FormatParser.parse(text, inVariant: true), variables: variables)
                compiled[text] = range
                forms += [Int32(range.lowerBound), Int32(range.upperBound)]
            }
        }

        /// A direct-append op for a plain `%@`, `%d`/`%ld`/`%i`/`%D` or `%u`/`%lu`/`%U`; a `.specifier` op otherwise.
        private mutating func op(_ spec: FormatSpecifier) -> Op {
            let position = Self.position(spec.position)
            if spec.flags.isEmpty, spec.width == nil, spec.precision == nil {
                switch spec.conversion {
                case "@": return Op(kind: .object, position: position, start: 0, end: 0)
                case "d", "i", "D": return Op(kind: .signed, position: position, start: 0, end: 0)
                case "u", "U": return Op(kind: .unsigned, position: position, start: 0, end: 0)
                default: break
                }
            }
            specifiers.append(spec)
            return Op(kind: .specifier, position: position, start: Int32(specifiers.count - 1), end: 0)
        }

        /// A written position as an op holds it: −1 for a sequential slot. Positions past 127 are parse errors, so
        /// they never reach an op.
        private static func position(_ position: Int?) -> Int32 {
            position.map { Int32(clamping: $0) } ?? -1
        }
    }
}
