/// The type and size of one format argument: the slot classes of the source hash (DESIGN.md "Source hash").
package enum ArgumentClass: String, Sendable, Hashable, CaseIterable, Codable {
    // Which conversions give which class: `init(conversion:length:)`; `*` widths are `int32`.
    case object, int32, int64, uint32, uint64, double, longdouble, unichar, cstring, unistring, pointer

    /// The class CF reads, nil for a character that is no conversion CF consumes an argument for (an unknown
    /// conversion); `D`, `U`, `O` are BSD's long forms (`%ld`).
    package init?(conversion: Unicode.Scalar, length: FormatSpecifier.LengthModifier?) {
        let isLong = length?.isLong ?? false
        switch conversion {
        case "@": self = .object
        case "d", "i", "c": self = isLong ? .int64 : .int32
        case "D": self = .int64
        case "u", "x", "X", "o": self = isLong ? .uint64 : .uint32
        case "U", "O": self = .uint64
        case "f", "F", "e", "E", "g", "G", "a", "A": self = length == .L ? .longdouble : .double
        case "C": self = .unichar
        case "s": self = .cstring
        case "S": self = .unistring
        case "p", "P", "n": self = .pointer
        default: return nil
        }
    }

    package var isNumeric: Bool {
        switch self {
        case .int32, .int64, .uint32, .uint64, .double, .longdouble: true
        default: false
        }
    }

    /// Numeric classes that differ only in size (`%d` and `%ld`) are of one kind; any other class only of its own.
    package func isSameKind(as other: ArgumentClass) -> Bool {
        switch (self, other) {
        case (.int32, .int64), (.int64, .int32), (.uint32, .uint64), (.uint64, .uint32), (.double, .longdouble),
            (.longdouble, .double):
            true
        default: self == other
        }
    }

    package var example: String {
        switch self {
        case .object: "%@"
        case .int32: "%d"
        case .int64: "%ld"
        case .uint32: "%u"
        case .uint64: "%lu"
        case .double: "%f"
        case .longdouble: "%Lf"
        case .unichar: "%C"
        case .cstring: "%s"
        case .unistring: "%S"
        case .pointer: "%p"
        }
    }
}
