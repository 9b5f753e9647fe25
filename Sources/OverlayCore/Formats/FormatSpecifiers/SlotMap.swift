/// Argument slots of a format string or a whole `.stringsdict` entry: 1-based position → class.
///
/// Built the way FORMATS.md §4.4 describes: sequential specifiers number slots 1, 2, 3…, each `*` taking its
/// own `int32` slot before the value; positional ones use `N` and `M`; a `%#@v@` token takes one slot whose
/// class is `v`'s value type. `%{name}` substitutions take no slot and are kept in `names`.
///
/// ```swift
/// SlotMap("Hello, %@!").signature            // "1:object"
/// SlotMap("%{user} has %ld").signature       // "1:int64,name:user"
/// ```
public struct SlotMap: Sendable, Hashable {
    /// Position → class; the first use of a slot decides its class.
    public private(set) var classes: [Int: ArgumentClass] = [:]
    /// The `%{name}` substitutions used.
    public private(set) var names: Set<String> = []
    /// Parse issues of every string read, then slot conflicts (one slot read with two classes).
    public private(set) var issues: [FormatIssue] = []
    /// Position → the numeric styles it is printed in, for Apple's strict check.
    private(set) var styles: [Int: Set<NumericStyle>] = [:]
    /// Position → offset of its first use, only while the map comes from a single string.
    private(set) var offsets: [Int: Int] = [:]
    /// Token slot → variable name, so a variant reading its own slot with another type is a warning.
    private var variableSlots: [Int: String] = [:]
    private var tracksOffsets = true

    /// An empty slot map.
    public init() {}

    /// The slot map of one plain string. A `%#@v@` token there is an object slot, as CF reads it.
    public init(_ string: String) {
        self.init(FormatParser.parse(string))
    }

    /// The slot map of one parsed plain string.
    public init(_ format: FormatString) {
        add(format, firstSlot: 1) { _ in (.object, .object) }
    }

    /// The positions in ascending order.
    public var positions: [Int] { classes.keys.sorted() }

    /// The class of slot `position`, or nil if no specifier reads it.
    public subscript(position: Int) -> ArgumentClass? { classes[position] }

    /// The source-hash signature: `position:class` in position order, then `name:<name>` sorted by bytes.
    public var signature: String {
        let slots = positions.map { "\($0):\(classes[$0]!.rawValue)" }
        let named = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "name:\($0)" }
        return (slots + named).joined(separator: ",")
    }

    /// Adds the slots of `format`, numbering its sequential arguments from `firstSlot`.
    ///
    /// `variable` gives a token's class and style; returning nil reports `format.unknown-variable`.
    /// Returns the tokens met, with the slot each occupies, so callers can descend into variants.
    @discardableResult
    mutating func add(
        _ format: FormatString, firstSlot: Int,
        variable: (String) -> (ArgumentClass, NumericStyle)?
    ) -> [(token: FormatVariableToken, slot: Int)] {
        issues += format.issues
        names.formUnion(format.namedSubstitutions)
        var next = firstSlot
        var found: [(FormatVariableToken, Int)] = []
        func slot(for position: Int?) -> Int {
            if let position { return position }
            defer { next += 1 }
            return next
        }
        for token in format.tokens {
            switch token {
            case .specifier(let spec):
                for amount in [spec.width, spec.precision] {
                    switch amount {
                    case .nextArgument: record(slot(for: nil), .int32, .signedDecimal, at: spec.offset)
                    case .argument(let position): record(position, .int32, .signedDecimal, at: spec.offset)
                    case .fixed, nil: break
                    }
                }
                record(slot(for: spec.position), spec.argumentClass, spec.style, at: spec.offset)
            case .variable(let token):
                let position = slot(for: token.position)
                if let (argumentClass, style) = variable(token.name) {
                    record(position, argumentClass, style, at: token.offset)
                    if variableSlots[position] == nil { variableSlots[position] = token.name }
                } else {
                    issues.append(
                        .error(
                            .unknownVariable,
                            "The token %#@\(token.name)@ names no variable of this entry; add a `\(token.name)` dict "
                                + "or fix the name.",
                            at: tracksOffsets ? token.offset : nil))
                }
                found.append((token, position))
            case .literal, .percent, .named:
                break
            }
        }
        return found
    }

    /// Stops recording offsets: later strings have offsets of their own, meaningless for the whole map.
    mutating func forgetOffsets() {
        tracksOffsets = false
        offsets = [:]
    }

    private mutating func record(_ position: Int, _ argumentClass: ArgumentClass, _ style: NumericStyle, at offset: Int) {
        guard (1...FormatParser.maximumPosition).contains(position) else { return }
        styles[position, default: []].insert(style)
        guard let existing = classes[position] else {
            classes[position] = argumentClass
            if tracksOffsets { offsets[position] = offset }
            return
        }
        guard existing != argumentClass else { return }
        let at = tracksOffsets ? offset : nil
        if let name = variableSlots[position] {
            issues.append(
                .warning(
                    .variantTypeMismatch,
                    "Slot \(position) is the plural argument of `\(name)` (\(existing.example)) but is also read as "
                        + "\(argumentClass.example); use the same type as NSStringFormatValueTypeKey.",
                    at: at))
        } else {
            issues.append(
                .error(
                    .conflictingSlot,
                    "Slot \(position) is read both as \(existing.example) and as \(argumentClass.example); "
                        + "read each argument with one type.",
                    at: at))
        }
    }
}
