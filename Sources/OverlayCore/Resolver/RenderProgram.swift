/// A table value compiled for rendering on its first render: the format and every plural variant as one flat list of
/// ops over one buffer of literal bytes, so a render walks plain data. Sequential slots are numbered while rendering,
/// because a variant starts at the slot of the token that chose it.
///
/// `@unchecked Sendable`: immutable; the buffers are written in `init` and freed in `deinit`.
package final class RenderProgram: @unchecked Sendable {
    /// Plain data, so reading one retains nothing.
    struct Op {
        enum Kind: UInt8 {
            /// `literals[start..<end]`, adjacent literals and `%%` merged.
            case literal
            /// `%@`, `%d`-like and `%u`-like without flags, width or precision.
            case object, signed, unsigned
            /// Any other specifier, `specifiers[start]`.
            case specifier
            /// `%#@name@` naming variable `start`.
            case variable
            /// `%{name}`, `names[start]`.
            case named
            /// `%#@name@` naming no variable (`names[start]`): always a render failure.
            case unknownVariable
            /// The string has a parse error.
            case unsafe
        }

        var kind: Kind
        /// The explicit position, −1 for the next sequential slot.
        var position: Int32
        var start: Int32
        var end: Int32
    }

    struct Variable {
        /// The value type reads a double (`f e g a`, any case): plural operands come from its decimal text.
        var isDouble: Bool
        /// Apple's zero rule applies: a `zero` variant exists and the locale has no CLDR `zero` category.
        var usesExactZero: Bool
        /// `names[name]`.
        var name: Int32
    }

    enum Body {
        case ops(Range<Int>)
        /// Keys ascending, the ops of each variant.
        case width(keys: [Int], variants: [Range<Int>])
        /// The value can never render (a device rule without a usable variant, nesting too deep).
        case failure(RenderFailure)
    }

    /// Plural variants nested deeper than this are treated as a cycle.
    static let maximumDepth = 16

    let body: Body
    let ops: UnsafeMutableBufferPointer<Op>
    let literals: UnsafeMutableBufferPointer<UInt8>
    let variables: UnsafeMutableBufferPointer<Variable>
    /// Per variable and ``PluralCategory/order``, the variant's ops' start and end; −1 without a variant.
    private let forms: UnsafeMutableBufferPointer<Int32>
    let specifiers: [FormatSpecifier]
    /// Substitution and variable names.
    let names: [String]
    let rules: PluralRules
    /// Owns `countTable`; nil when the value has no variables.
    let integerRules: IntegerPluralRules?
    /// Read without touching the object.
    let countTable: UnsafePointer<UInt8>?
    /// The whole output of a value without specifiers.
    let constantText: String?
    /// A text that reads no argument and is no valid format (`100% sure`), shown as written when rendered without
    /// arguments; given some, it is a translation that lost them (FORMATS.md §4.6).
    let asWrittenText: String?
    /// The output depends on the arguments alone: no `%{name}`, no width rule.
    let readsArgumentsOnly: Bool

    /// `device` picks device variants now; a width rule's variant is picked per render.
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

    @inline(__always)
    func form(ofVariable variable: Int, order: Int) -> Range<Int>? {
        let start = forms[(variable * PluralCategory.allCases.count + order) * 2]
        guard start >= 0 else { return nil }
        return Int(start)..<Int(forms[(variable * PluralCategory.allCases.count + order) * 2 + 1])
    }

    /// The lookup's short path: the text when it depends on the arguments alone and they fit; nil when the full
    /// render must decide (and count a failure).
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

    /// In ascending `keys`, the largest key ≤ `width`, else the smallest; nil width: the largest.
    static func variantIndex(keys: [Int], forWidth width: Int?) -> Int {
        guard let width else { return keys.count - 1 }
        return keys.lastIndex(where: { $0 <= width }) ?? 0
    }

    /// The variant for `device`, else `other`, else the first in byte order.
    static func variant<Value>(of variants: [String: Value], forDevice device: String) -> Value? {
        variants[device] ?? variants["other"]
            ?? variants.keys.min(by: String.utf8Precedes).flatMap { variants[$0] }
    }
}

extension RenderProgram {
    private struct Builder {
        var ops: [Op] = []
        var literals: [UInt8] = []
        var variables: [Variable] = []
        var forms: [Int32] = []
        var specifiers: [FormatSpecifier] = []
        var names: [String] = []

        mutating func add(_ format: FormatString, variables: [String: Int]) -> Range<Int> {
            let first = ops.count
            guard !format.isUnrenderable else {
                ops.append(Op(kind: .unsafe, position: -1, start: 0, end: 0))
                return first..<ops.count
            }
            var literalStart = literals.count  // adjacent literals and `%%` become one op
            func endLiteral() {
                if literalStart < literals.count {
                    ops.append(Op(kind: .literal, position: -1, start: Int32(literalStart), end: Int32(literals.count)))
                }
                literalStart = literals.count
            }
            for token in format.tokens {
                switch token {
                case .literal(let text):
                    literals += text.utf8
                case .percent:
                    literals.append(UInt8(ascii: "%"))
                case .named(let name, _):
                    endLiteral()
                    ops.append(Op(kind: .named, position: -1, start: Int32(names.count), end: 0))
                    names.append(name)
                case .variable(let token):
                    endLiteral()
                    if let index = variables[token.name] {
                        ops.append(Op(kind: .variable, position: Self.position(token.position), start: Int32(index), end: 0))
                    } else {
                        ops.append(Op(kind: .unknownVariable, position: -1, start: Int32(names.count), end: 0))
                        names.append(token.name)
                    }
                case .specifier(let spec):
                    endLiteral()
                    ops.append(op(spec))
                }
            }
            endLiteral()
            return first..<ops.count
        }

        /// One op range per distinct variant text; `other` stands in for the categories without one.
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

        /// What the walk prints itself, by ``FormatSpecifier/style``, when there are no flags, width or precision.
        private static let plainKinds: [Unicode.Scalar: Op.Kind] = ["@": .object, "d": .signed, "u": .unsigned]

        private mutating func op(_ spec: FormatSpecifier) -> Op {
            let position = Self.position(spec.position)
            if spec.flags.isEmpty, spec.width == nil, spec.precision == nil, let kind = Self.plainKinds[spec.style] {
                return Op(kind: kind, position: position, start: 0, end: 0)
            }
            specifiers.append(spec)
            return Op(kind: .specifier, position: position, start: Int32(specifiers.count - 1), end: 0)
        }

        /// −1 for a sequential slot; positions past 127 are parse errors and never reach an op.
        private static func position(_ position: Int?) -> Int32 {
            position.map { Int32(clamping: $0) } ?? -1
        }
    }
}
