/// Argument slots of a format string or a whole `.stringsdict` entry: 1-based position → class, numbered as
/// FORMATS.md §4.4 describes (`"%{user} has %ld"` is `1:int64,name:user`). `%{name}` substitutions take no slot.
package struct SlotMap: Sendable, Hashable {
    /// Position → class; the first use of a slot decides its class.
    package internal(set) var classes: [Int: ArgumentClass] = [:]
    package internal(set) var names: Set<String> = []
    /// Parse issues of every string read, then slot conflicts (one slot read with two classes).
    package private(set) var issues: [FormatIssue] = []
    /// Position → the numeric styles it is printed in, for Apple's strict check.
    var styles: [Int: Set<Unicode.Scalar>] = [:]
    /// Position → offset of its first use, while the map comes from a single string.
    private(set) var offsets: [Int: Int] = [:]
    /// Built from the agreement of translations, not from a source text: every slot is optional.
    private(set) var isDerived = false
    /// Slots the translations of a derived map disagree on: no translation may read them.
    private(set) var disputedPositions: Set<Int> = []
    /// Token slot → the variable read there, when no specifier has read the slot yet.
    private var variableSlots: [Int: VariableRead] = [:]
    /// Slots a specifier (not a `%#@v@` token) reads: their class is what the app passes.
    private var specifierSlots: Set<Int> = []
    private var tracksOffsets = true

    /// How a `%#@v@` token reads its slot; `picksVariant` is false when every variant is the same text.
    struct VariableRead: Sendable, Hashable {
        var name: String
        var argumentClass: ArgumentClass
        var style: Unicode.Scalar
        var picksVariant: Bool

        /// As CF reads `%#@v@` in a plain string.
        static func object(_ name: String) -> VariableRead {
            VariableRead(name: name, argumentClass: .object, style: "@", picksVariant: false)
        }
    }

    package init() {}

    package init(_ string: String) {
        self.init(FormatParser.parse(string))
    }

    package init(_ format: FormatString) {
        add(format, firstSlot: 1) { .object($0) }
    }

    package var positions: [Int] { classes.keys.sorted() }

    /// The slots a `%#@v@` token of a `.stringsdict` entry reads: the numbers its variables pick variants by.
    package var variablePositions: Set<Int> { Set(variableSlots.keys) }

    package subscript(position: Int) -> ArgumentClass? { classes[position] }

    /// The source-hash signature: `position:class` in position order, then `name:<name>` sorted by bytes.
    package var signature: String {
        let slots = positions.map { "\($0):\(classes[$0]!.rawValue)" }
        let named = names.sorted(by: String.utf8Precedes).map { "name:\($0)" }
        return (slots + named).joined(separator: ",")
    }

    /// Adds the slots of `format`, numbering its sequential arguments from `firstSlot`; `variable` nil reports
    /// `format.unknown-variable`. Returns the tokens met with their slots, so callers can descend into variants.
    @discardableResult
    mutating func add(
        _ format: FormatString, firstSlot: Int,
        variable: (String) -> VariableRead?
    ) -> [(token: FormatVariableToken, slot: Int)] {
        let firstIssue = issues.count
        issues += format.issues
        var next = firstSlot
        var found: [(FormatVariableToken, Int)] = []
        var spacedSlots: [Int: Int] = [:]  // offset of a `% ld` → the slot it reads
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
                    case .nextArgument: record(slot(for: nil), .int32, "d", at: spec.offset)
                    case .argument(let position): record(position, .int32, "d", at: spec.offset)
                    case .fixed, nil: break
                    }
                }
                let position = slot(for: spec.position)
                if spec.flags.contains(.space) { spacedSlots[spec.offset] = position }
                record(position, spec.argumentClass, spec.style, at: spec.offset)
            case .variable(let token):
                let position = slot(for: token.position)
                if let read = variable(token.name) {
                    record(position, read.argumentClass, read.style, token: read, at: token.offset)
                } else {
                    issues.append(
                        .error(
                            .unknownVariable,
                            "The token %#@\(token.name)@ names no variable of this entry; add a `\(token.name)` dict "
                                + "or fix the name.",
                            at: tracksOffsets ? token.offset : nil))
                }
                found.append((token, position))
            case .named(let name, _):
                names.insert(name)
            case .literal, .percent:
                break
            }
        }
        if !spacedSlots.isEmpty {
            for index in firstIssue..<(firstIssue + format.issues.count) where issues[index].code == .spacedNumber {
                issues[index].slot = issues[index].offset.flatMap { spacedSlots[$0] }
            }
        }
        return found
    }

    /// `% ld` where the source reads a number of the same kind only adds a leading space: a warning (FORMATS.md §4.3).
    mutating func demoteSpacedNumbers(against source: SlotMap) {
        for index in issues.indices where issues[index].code == .spacedNumber && issues[index].severity == .error {
            guard let slot = issues[index].slot, let expected = source[slot], let read = classes[slot],
                !source.disputedPositions.contains(slot), read.isSameKind(as: expected)
            else { continue }
            let text = issues[index].specifier ?? "% d"
            issues[index].severity = .warning
            issues[index].message = "`\(text)` prints argument \(slot) with a leading space (printf's space flag), where "
                + "the source prints it without one; write \(text.withoutSpaces)."
        }
    }

    /// Later strings have offsets of their own, meaningless for the whole map.
    mutating func forgetOffsets() {
        tracksOffsets = false
        offsets = [:]
    }

    /// Records a read of `position` by a specifier, or by the `%#@v@` token whose variable reads as `token`. A
    /// specifier's class is what the app passes: it overrides what a token's value type said.
    private mutating func record(
        _ position: Int, _ argumentClass: ArgumentClass, _ style: Unicode.Scalar, token: VariableRead? = nil,
        at offset: Int
    ) {
        guard (1...FormatParser.maximumPosition).contains(position) else { return }
        styles[position, default: []].insert(style)
        let at = tracksOffsets ? offset : nil
        if let token, variableSlots[position] == nil { variableSlots[position] = token }
        defer { if token == nil { specifierSlots.insert(position) } }
        guard let existing = classes[position] else {
            classes[position] = argumentClass
            if tracksOffsets { offsets[position] = offset }
            return
        }
        guard existing != argumentClass else { return }
        if let token {
            issues.append(mismatch(token, printedAs: existing, at: at))
        } else if !specifierSlots.contains(position), let read = variableSlots[position] {
            // Until now only a token's value type spoke for this slot; the specifier says what is passed.
            if !existing.isSameKind(as: argumentClass) { classes[position] = argumentClass }
            issues.append(mismatch(read, printedAs: argumentClass, at: at))
        } else {
            issues.append(
                .error(
                    .conflictingSlot,
                    "Slot \(position) is read both as \(existing.example) and as \(argumentClass.example); "
                        + "read each argument with one type.",
                    at: at))
        }
    }

    /// Another size is harmless; another class garbles the choice of variant, unless every variant is the same text.
    private func mismatch(_ read: VariableRead, printedAs printed: ArgumentClass, at offset: Int?) -> FormatIssue {
        if read.argumentClass.isSameKind(as: printed) {
            return .warning(
                .variantTypeMismatch,
                "The plural argument of `\(read.name)` is \(read.argumentClass.example) (NSStringFormatValueTypeKey) but "
                    + "is printed as \(printed.example); use the same type as NSStringFormatValueTypeKey.",
                at: offset)
        }
        if !read.picksVariant {
            return .warning(
                .consumingVariable,
                "`\(read.name)` reads as \(read.argumentClass.example) an argument printed as \(printed.example); every "
                    + "variant of `\(read.name)` is the same text, so it only consumes the argument and the text renders "
                    + "as intended, but the variable can be removed.",
                at: offset)
        }
        return .error(
            .conflictingSlot,
            "`\(read.name)` picks its plural variant by reading as \(read.argumentClass.example) an argument that is "
                + "printed as \(printed.example), so the variant is chosen from a misread value; give the variable a "
                + "value type that matches, or print the argument with its own type.",
            at: offset)
    }
}

extension SlotMap {
    /// What the shipped translations of a table without a development text agree on: each slot takes the class most
    /// sound maps read it as; a tie leaves it disputed; every slot is optional.
    static func agreement(of maps: [SlotMap]) -> SlotMap {
        var result = SlotMap()
        result.forgetOffsets()
        result.isDerived = true
        let sound = maps.filter { !$0.issues.contains { $0.severity == .error } }
        var votes: [Int: [ArgumentClass: Int]] = [:]
        for map in sound {
            for (position, argumentClass) in map.classes { votes[position, default: [:]][argumentClass, default: 0] += 1 }
            result.names.formUnion(map.names)
            for (position, styles) in map.styles { result.styles[position, default: []].formUnion(styles) }
        }
        for (position, counts) in votes {
            let best = counts.values.max() ?? 0
            let leaders = counts.filter { $0.value == best }
            if leaders.count == 1, let winner = leaders.first?.key {
                result.classes[position] = winner
            } else {
                result.disputedPositions.insert(position)
            }
        }
        return result
    }

    /// Adds the slots of `other` (a key that is itself a format) unless it has errors: it is not the call's format.
    mutating func fill(from other: SlotMap) {
        guard !other.issues.contains(where: { $0.severity == .error }) else { return }
        for (position, argumentClass) in other.classes where classes[position] == nil {
            classes[position] = argumentClass
            styles[position, default: []].formUnion(other.styles[position] ?? [])
        }
        names.formUnion(other.names)
    }
}
