/// One printf-style conversion specification as CF parses it (FORMATS.md §4.1):
/// `%` [`N$`] flags* [width | `*` | `*M$`] [`.` (precision | `*` | `*M$`)] [length] conversion.
/// Offsets and lengths count Unicode scalars from the start of the string, 0-based.
package struct FormatSpecifier: Sendable, Hashable {
    package struct Flags: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let leftAlign = Flags(rawValue: 1 << 0)
        package static let plus = Flags(rawValue: 1 << 1)
        /// Almost always an accident in prose (`50% off`).
        package static let space = Flags(rawValue: 1 << 2)
        package static let zeroPad = Flags(rawValue: 1 << 3)
        /// `#`, which starts a `%#@var@` token.
        package static let alternate = Flags(rawValue: 1 << 4)

        /// Each flag as written, in the order the renderer passes them to printf.
        static let spellings: [(scalar: Unicode.Scalar, flag: Flags)] = [
            ("-", .leftAlign), ("+", .plus), (" ", .space), ("0", .zeroPad), ("#", .alternate),
        ]

        init?(scalar: Unicode.Scalar) {
            guard let spelling = Self.spellings.first(where: { $0.scalar == scalar }) else { return nil }
            self = spelling.flag
        }
    }

    /// A width or precision: a literal number, or an `Int32` taken from an argument slot (`*`, `*M$`).
    package enum Amount: Sendable, Hashable {
        case fixed(Int)
        case nextArgument
        case argument(Int)
    }

    package enum LengthModifier: String, Sendable, Hashable, CaseIterable {
        case hh, h, l, ll, q, L, z, t, j

        /// 8 bytes wide on LP64.
        package var isLong: Bool {
            switch self {
            case .l, .ll, .q, .L, .z, .t, .j: true
            case .hh, .h: false
            }
        }
    }

    /// Of the `%`.
    package var offset: Int
    /// Through the conversion character.
    package var length: Int
    package var text: String
    package var position: Int?
    package var flags: Flags
    package var width: Amount?
    /// The precision after `.`, if any (`%.f` has precision 0).
    package var precision: Amount?
    package var lengthModifier: LengthModifier?
    package var conversion: Unicode.Scalar

    /// `N$` or `*M$`.
    package var usesPositions: Bool {
        if position != nil { return true }
        if case .argument = width { return true }
        if case .argument = precision { return true }
        return false
    }

    /// No `N$`, or a bare `*`.
    package var usesSequence: Bool {
        if position == nil { return true }
        return width == .nextArgument || precision == .nextArgument
    }

    package var argumentClass: ArgumentClass {
        ArgumentClass(conversion: conversion, length: lengthModifier) ?? .pointer
    }

    /// How the argument is printed, for Apple's strict check: the conversion, with the spellings that print alike
    /// folded into one (`%X` is `%x`, `%i` and `%D` are `%d`).
    package var style: Unicode.Scalar {
        switch conversion {
        case "i", "D": "d"
        case "U": "u"
        case "O": "o"
        case "X", "F", "E", "G", "A", "P": Unicode.Scalar(UInt8(conversion.value) + 32)
        default: conversion
        }
    }
}
