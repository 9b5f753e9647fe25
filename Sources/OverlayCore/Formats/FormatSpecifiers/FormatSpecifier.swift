/// One printf-style conversion specification as CF parses it (FORMATS.md §4.1).
///
/// `%` [`N$`] flags* [width | `*` | `*M$`] [`.` (precision | `*` | `*M$`)] [length] conversion.
/// Offsets and lengths count Unicode scalars from the start of the string, 0-based.
///
/// ```swift
/// let spec = FormatParser.parse("%2$-5.1lf").specifiers[0]
/// // spec.position == 2, spec.flags == .leftAlign, spec.width == .fixed(5), spec.lengthModifier == .l
/// ```
package struct FormatSpecifier: Sendable, Hashable {
    /// The flag characters `-` `+` space `0` `#`.
    package struct Flags: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `-`: left-justify within the field width.
        package static let leftAlign = Flags(rawValue: 1 << 0)
        /// `+`: always print a sign.
        package static let plus = Flags(rawValue: 1 << 1)
        /// ` `: a space where a plus sign would go; almost always an accident in prose (`50% off`).
        package static let space = Flags(rawValue: 1 << 2)
        /// `0`: pad with zeros.
        package static let zeroPad = Flags(rawValue: 1 << 3)
        /// `#`: alternate form; meaningful for `%#@var@` tokens.
        package static let alternate = Flags(rawValue: 1 << 4)

        init?(scalar: Unicode.Scalar) {
            switch scalar {
            case "-": self = .leftAlign
            case "+": self = .plus
            case " ": self = .space
            case "0": self = .zeroPad
            case "#": self = .alternate
            default: return nil
            }
        }
    }

    /// A width or precision: a literal number, or an `Int32` taken from an argument slot.
    package enum Amount: Sendable, Hashable {
        /// A number written in the format, e.g. `5` in `%5d`.
        case fixed(Int)
        /// `*`: the next sequential argument.
        case nextArgument
        /// `*M$`: the argument at position `M`.
        case argument(Int)
    }

    /// A length modifier; it decides the argument's size (FORMATS.md §4.1).
    package enum LengthModifier: String, Sendable, Hashable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j

        /// Whether the modifier makes an integer conversion 8 bytes wide on LP64.
        package var isLong: Bool {
            switch self {
            case .l, .ll, .q, .L, .z, .t, .j: true
            case .hh, .h: false
            }
        }
    }

    /// Offset of the `%`, in Unicode scalars.
    package var offset: Int
    /// Number of Unicode scalars from the `%` through the conversion character.
    package var length: Int
    /// The specifier exactly as written, e.g. `%1$ld`.
    package var text: String
    /// The explicit position `N` of `%N$…`, or nil for a sequential specifier.
    package var position: Int?
    /// The flag characters present.
    package var flags: Flags
    /// The minimum field width, if any.
    package var width: Amount?
    /// The precision after `.`, if any (`%.f` has precision 0).
    package var precision: Amount?
    /// The length modifier, if any.
    package var lengthModifier: LengthModifier?
    /// The conversion character, e.g. `d`, `@`, `f`.
    package var conversion: Unicode.Scalar

    /// Creates a specifier from its parts.
    package init(
        offset: Int, length: Int, text: String, position: Int?, flags: Flags, width: Amount?,
        precision: Amount?, lengthModifier: LengthModifier?, conversion: Unicode.Scalar
    ) {
        self.offset = offset
        self.length = length
        self.text = text
        self.position = position
        self.flags = flags
        self.width = width
        self.precision = precision
        self.lengthModifier = lengthModifier
        self.conversion = conversion
    }

    /// The conversions CF consumes an argument for; any other character is an unknown conversion.
    package static let knownConversions: Set<Unicode.Scalar> = Set("@diDuUxXoOcCfFeEgGaAsSPpn".unicodeScalars)

    /// Whether this specifier uses explicit positions (`N$` or `*M$`).
    package var usesPositions: Bool {
        if position != nil { return true }
        if case .argument = width { return true }
        if case .argument = precision { return true }
        return false
    }

    /// Whether this specifier consumes sequential arguments (no `N$`, or a bare `*`).
    package var usesSequence: Bool {
        if position == nil { return true }
        return width == .nextArgument || precision == .nextArgument
    }

    /// The class of the value argument, as the source hash names it.
    package var argumentClass: ArgumentClass {
        ArgumentClass(conversion: conversion, length: lengthModifier) ?? .pointer
    }

    /// The numeric style Apple's strict check compares when two specifiers' texts differ.
    package var style: NumericStyle {
        NumericStyle(conversion: conversion)
    }
}
