/// A compiled value's common shapes as plain data, so rendering them takes no general step and retains nothing: a
/// program of literals and direct-append ops (`Pay %@ for %ld items`), or a format that is only `%#@v@` over such
/// programs (`%ld item` / `%ld items`), the variant picked for an `.int` count by the compiled integer rules.
///
/// Anything else — another shape, a double value type, an argument of another kind, a negative count, a missing or
/// unconvertible argument — renders nil, and the general renderer takes over (and reports the failure, if any). The
/// ops are the ``RenderProgram``'s own, copied into buffers the owning ``CompiledValue`` frees.
struct DirectRenderPlan {
    enum Kind: UInt8 {
        case literal, object, signed, unsigned
    }

    struct Op {
        var kind: Kind
        /// The explicit position, −1 for the next sequential slot.
        var position: Int32
        /// A literal's range of ``literals``.
        var start: Int32
        var end: Int32
    }

    /// The `%#@v@` variable: where its count is, and how its variant is picked.
    struct Variable {
        /// The explicit position, −1 for slot 1.
        var position: Int
        var usesExactZero: Bool
        /// The rules' count table (``IntegerPluralRules/table``), read without touching the object.
        var table: UnsafePointer<UInt8>
        /// Kept alive by the owning ``CompiledValue``; asked only for counts past the table.
        unowned(unsafe) var rules: IntegerPluralRules
    }

    private let ops: UnsafeMutableBufferPointer<Op>
    private let literals: UnsafeMutableBufferPointer<UInt8>
    /// `[start, end)` op ranges: one program, or one per ``PluralCategory/order`` with start −1 where that variant is
    /// not simple (or missing).
    private let ranges: UnsafeMutableBufferPointer<Int32>
    private let variable: Variable?

    /// The short path of a value whose body is `program`; nil when it has neither shape.
    init?(_ program: RenderProgram, variables: [CompiledVariable], integerRules: IntegerPluralRules?) {
        let programs: [RenderProgram?]
        if program.isSimple {
            programs = [program]
            variable = nil
        } else if let sole = program.soleVariable, let integerRules, sole.index < variables.count,
            !variables[sole.index].isDouble
        {
            let compiled = variables[sole.index]
            programs = compiled.forms.map { form in form.flatMap { $0.isSimple ? $0 : nil } }
            guard programs.contains(where: { $0 != nil }) else { return nil }
            variable = Variable(
                position: sole.position ?? -1, usesExactZero: compiled.usesExactZero, table: integerRules.table,
                rules: integerRules)
        } else {
            return nil
        }
        let simple = programs.compactMap { $0 }
        ops = .allocate(capacity: max(simple.reduce(0) { $0 + $1.ops.count }, 1))
        literals = .allocate(capacity: max(simple.reduce(0) { $0 + $1.literals.count }, 1))
        ranges = .allocate(capacity: 2 * programs.count)
        var opCount = 0
        var literalCount = 0
        for (index, program) in programs.enumerated() {
            guard let program else {
                ranges[2 * index] = -1
                ranges[2 * index + 1] = -1
                continue
            }
            ranges[2 * index] = Int32(opCount)
            let base = literalCount
            _ = UnsafeMutableBufferPointer(rebasing: literals[base...]).initialize(from: program.literals)
            literalCount += program.literals.count
            for op in program.ops {
                let flat: Op
                switch op {
                case .literal(let start, let end):
                    flat = Op(kind: .literal, position: 0, start: Int32(base + start), end: Int32(base + end))
                case .object(let position): flat = Op(kind: .object, position: Int32(position ?? -1), start: 0, end: 0)
                case .signed(let position): flat = Op(kind: .signed, position: Int32(position ?? -1), start: 0, end: 0)
                case .unsigned(let position):
                    flat = Op(kind: .unsigned, position: Int32(position ?? -1), start: 0, end: 0)
                case .named, .general, .variable, .unknownVariable:
                    preconditionFailure("a simple program has only literals and direct-append ops")
                }
                (ops.baseAddress! + opCount).initialize(to: flat)
                opCount += 1
            }
            ranges[2 * index + 1] = Int32(opCount)
        }
    }

    /// Frees the buffers; called once, by the owner.
    func deallocate() {
        ops.deallocate()
        literals.deallocate()
        ranges.deallocate()
    }

    /// The text, or nil when the general renderer must decide.
    @inline(__always)
    func render<Arguments: RandomAccessCollection<FormatArgument>>(_ arguments: Arguments) -> String?
    where Arguments.Index == Int {
        var range = 0
        var firstSlot = 1
        if let variable {
            let slot = variable.position >= 0 ? variable.position : 1
            guard slot >= 1, slot <= arguments.count, case .int(let count) = arguments[arguments.startIndex + slot - 1], count >= 0 else {
                return nil
            }
            if count == 0 && variable.usesExactZero {
                range = PluralCategory.zero.order
            } else if count < IntegerPluralRules.tableLimit {
                range = Int(variable.table[Int(count)])
            } else {
                range = variable.rules.evaluate(UInt64(count))
            }
            firstSlot = slot
        }
        let start = Int(ranges[2 * range])
        guard start >= 0 else { return nil }
        let ops = start..<Int(ranges[2 * range + 1])
        guard let length = length(ops: ops, firstSlot: firstSlot, arguments) else { return nil }
        return render(ops: ops, firstSlot: firstSlot, arguments, length: length)
    }

    /// The output's length in bytes when every argument an op reads is there and is an `.int`, or a `.string` for
    /// `%@`; nil otherwise.
    @inline(__always)
    private func length<Arguments: RandomAccessCollection<FormatArgument>>(
        ops range: Range<Int>, firstSlot: Int, _ arguments: Arguments
    ) -> Int? where Arguments.Index == Int {
        var length = 0
        var next = firstSlot
        for index in range {
            let op = ops[index]
            if op.kind == .literal {
                length += Int(op.end - op.start)
                continue
            }
            let slot = op.position >= 0 ? Int(op.position) : next
            if op.position < 0 { next += 1 }
            guard slot >= 1, slot <= arguments.count else { return nil }
            switch (op.kind, arguments[arguments.startIndex + slot - 1]) {
            case (.signed, .int(let integer)), (.object, .int(let integer)):
                length += Self.decimalLength(integer.magnitude) + (integer < 0 ? 1 : 0)
            case (.unsigned, .int(let integer)):
                length += Self.decimalLength(UInt64(bitPattern: integer))
            case (.object, .string(let text)):
                length += text.utf8.count
            default:
                return nil
            }
        }
        return length
    }

    /// Writes the text into the `String`'s own storage (up to 15 ASCII bytes make a small string, no copy, no
    /// validation): the bytes the general renderer's `RenderBuffer` appends for the same ops and arguments.
    @inline(__always)
    private func render<Arguments: RandomAccessCollection<FormatArgument>>(
        ops range: Range<Int>, firstSlot: Int, _ arguments: Arguments, length: Int
    ) -> String where Arguments.Index == Int {
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { output in
            var position = 0
            var next = firstSlot
            for index in range {
                let op = ops[index]
                if op.kind == .literal {
                    for offset in Int(op.start)..<Int(op.end) {
                        output[position] = literals[offset]
                        position += 1
                    }
                    continue
                }
                let slot = op.position >= 0 ? Int(op.position) : next
                if op.position < 0 { next += 1 }
                switch (op.kind, arguments[arguments.startIndex + slot - 1]) {
                case (.signed, .int(let integer)), (.object, .int(let integer)):
                    if integer < 0 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    position = Self.writeDecimal(integer.magnitude, into: output, at: position)
                case (.unsigned, .int(let integer)):
                    position = Self.writeDecimal(UInt64(bitPattern: integer), into: output, at: position)
                case (.object, .string(var text)):
                    text.withUTF8 { bytes in
                        if let source = bytes.baseAddress {
                            (output.baseAddress! + position).update(from: source, count: bytes.count)
                        }
                        position += bytes.count
                    }
                default:
                    preconditionFailure("length(ops:firstSlot:_:) admits only these")
                }
            }
            return position
        }
    }

    @inline(__always)
    private static func decimalLength(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1_000 { return 3 }
        if value < 10_000 { return 4 }
        var digits = 5
        var rest = value / 100_000
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// The decimal digits of `value` at `position`; returns the position after them.
    @inline(__always)
    private static func writeDecimal(
        _ value: UInt64, into output: UnsafeMutableBufferPointer<UInt8>, at position: Int
    ) -> Int {
        let end = position + decimalLength(value)
        var index = end
        var rest = value
        repeat {
            index -= 1
            output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest != 0
        return end
    }
}
