import Foundation
/// Formats one number the way C's printf does. Only this file calls `vsnprintf`, with a format it builds from a fixed
/// alphabet (flags, `*.*`, `ll`, one conversion from a closed list): remote text never reaches the C formatter.
enum PrintfConversion {
    /// `d i D` (signed) or `u U x X o O` (unsigned).
    static func integer(
        signed: Int64?, unsigned: UInt64?, conversion: Unicode.Scalar, flags: FormatSpecifier.Flags,
        width: Int?, precision: Int?
    ) -> String? {
        let letter: String
        switch conversion {
        case "d", "i", "D":
            guard let signed else { return nil }
            return format(flags: flags, length: "ll", letter: "d", width: width, precision: precision) {
                [CLongLong(signed)]
            }
        case "u", "U": letter = "u"
        case "x", "X": letter = String(conversion)
        case "o", "O": letter = "o"
        default: return nil
        }
        guard let unsigned else { return nil }
        return format(flags: flags, length: "ll", letter: letter, width: width, precision: precision) {
            [CUnsignedLongLong(unsigned)]
        }
    }

    static func floatingPoint(
        _ value: Double, conversion: Unicode.Scalar, flags: FormatSpecifier.Flags, width: Int?, precision: Int?
    ) -> String? {
        guard "fFeEgGaA".unicodeScalars.contains(conversion) else { return nil }
        return format(flags: flags, length: "", letter: String(conversion), width: width, precision: precision) {
            [value]
        }
    }

    /// As `%@` and `%c` print.
    static func pad(_ text: String, flags: FormatSpecifier.Flags, width: Int?) -> String {
        guard let width, width > text.count else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return flags.contains(.leftAlign) ? text + padding : padding + text
    }

    /// A nil width passes 0 and a nil precision -1, which C defines as "omitted".
    private static func format(
        flags: FormatSpecifier.Flags, length: String, letter: String, width: Int?, precision: Int?,
        value: () -> [any CVarArg]
    ) -> String? {
        let widthValue = width ?? 0
        let precisionValue = precision ?? -1
        guard widthValue.magnitude <= RenderBounds.maximumField, precisionValue <= RenderBounds.maximumField else {
            return nil
        }
        var spec = "%"
        if flags.contains(.leftAlign) { spec += "-" }
        if flags.contains(.plus) { spec += "+" }
        if flags.contains(.space) { spec += " " }
        if flags.contains(.zeroPad) { spec += "0" }
        if flags.contains(.alternate) { spec += "#" }
        spec += "*.*" + length + letter
        let arguments: [any CVarArg] = [CInt(widthValue), CInt(precisionValue)] + value()
        // Doubles print at most ~310 integer digits plus the precision.
        let capacity = abs(widthValue) + max(precisionValue, 0) + 400
        var buffer = [CChar](repeating: 0, count: capacity)
        let written = spec.withCString { cFormat in
            withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, capacity, cFormat, list) }
            }
        }
        guard written >= 0, Int(written) < capacity else { return nil }
        let bytes = buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
