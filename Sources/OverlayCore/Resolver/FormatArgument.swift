/// One argument for ``LocalizedTable/format(_:_:substitutions:width:default:)``.
///
/// Converted to the class of the slot that reads it when the conversion is exact (an `int` through `%@` or `%f`,
/// a `string` of digits for `%ld`); anything else (`1.5` for `%d`) is a render error.
///
/// ```swift
/// table.format("order.placed", [.int(1042), .string("3 May")])
/// ```
public enum FormatArgument: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
}

extension FormatArgument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension FormatArgument {
    /// What `%@` prints: numbers without grouping.
    var objectText: String {
        switch self {
        case .string(let text): text
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): FormatArgument.shortestText(value)
        }
    }

    /// When exact.
    var signedValue: Int64? {
        switch self {
        case .int(let value): value
        case .uint(let value): Int64(exactly: value)
        case .double(let value): Int64(exactly: value)
        case .string(let text): Int64(text)
        }
    }

    /// A negative `int` keeps its two's-complement bits, as printf reads it.
    var unsignedValue: UInt64? {
        switch self {
        case .int(let value): UInt64(bitPattern: value)
        case .uint(let value): value
        case .double(let value): UInt64(exactly: value) ?? Int64(exactly: value).map { UInt64(bitPattern: $0) }
        case .string(let text): UInt64(text) ?? Int64(text).map { UInt64(bitPattern: $0) }
        }
    }

    /// Strings must spell a finite number.
    var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .uint(let value): Double(value)
        case .double(let value): value
        case .string(let text): Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// Doubles through their shortest decimal text, strings as written.
    var pluralOperands: PluralOperands? {
        switch self {
        case .int(let value): PluralOperands(String(value))
        case .uint(let value): PluralOperands(String(value))
        case .double(let value): value.isFinite ? PluralOperands(FormatArgument.shortestText(value)) : nil
        case .string(let text): PluralOperands(text)
        }
    }

    /// The shortest decimal text that round-trips, in plain notation (`1.5`, `1.0`, `100000000000000000000`).
    static func shortestText(_ value: Double) -> String {
        let text = value.description
        guard text.contains("e"), value.isFinite else { return text }
        return plainDecimal(text)
    }

    /// `1.5e+20`, `2.5e-07` in plain notation, digit for digit.
    private static func plainDecimal(_ text: String) -> String {
        let parts = text.split(separator: "e", maxSplits: 1)
        guard parts.count == 2, let exponent = Int(parts[1]) else { return text }
        var mantissa = Substring(parts[0])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let pieces = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integer = String(pieces[0])
        let fraction = pieces.count > 1 ? String(pieces[1]) : ""
        var digits = integer + fraction
        var point = integer.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        let head = digits.prefix(point)
        var tail = digits.dropFirst(point)
        while tail.last == "0" { tail.removeLast() }
        return (negative ? "-" : "") + head + (tail.isEmpty ? "" : "." + tail)
    }
}
