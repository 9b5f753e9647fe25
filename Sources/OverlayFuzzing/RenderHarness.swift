/// libFuzzer entry: renders random format programs (plain strings, plural entries with nested and repeated variables,
/// width and device rules) with random arguments, and checks that rendering stays bounded (DESIGN.md "Bounds").
import OverlayCore

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func render(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        var input = RenderFuzzInput(UnsafeRawBufferPointer(start: start, count: count))
        let locale = input.locale()
        let value = input.value()
        let arguments = input.arguments()
        let substitutions = ["n": input.text()]
        let program = RenderProgram(value, rules: PluralRules.cardinal(for: locale), device: "iphone")
        let rendered = Result { () throws(RenderFailure) in
            try FormatRenderer(arguments: arguments, substitutions: substitutions).render(program)
        }

        // The app's own text is not the value's doing; everything else stays within the output bound.
        let ownBytes = arguments.reduce(0) { total, argument in
            if case .string(let text) = argument { return total + text.utf8.count }
            return total
        } + substitutions.values.reduce(0) { $0 + $1.utf8.count }
        if case .success(let text) = rendered {
            precondition(text.utf8.count <= RenderBounds.maximumOutputBytes + ownBytes, "output past the bound")
        }
        // A lookup's short path renders what the full render does, or leaves it to the full render.
        if let short = program.text(for: arguments) {
            precondition(rendered == .success(short), "the short path disagrees with the full render")
        }
        // What validation accepts never meets a bound on a device: not the expansion bound, and not the output bound
        // unless the app's own text is long.
        let accepted = RenderBoundRule.check(value, location: .init()).isEmpty
        if accepted {
            precondition(rendered != .failure(.expansionTooLarge), "an accepted value expanded past the bound")
            precondition(ownBytes > 0 || rendered != .failure(.outputTooLong), "an accepted value wrote past the bound")
        }
        return 0
    }
}

/// Reads a format program and its arguments from fuzz bytes: pieces of format text the renderer treats specially
/// (specifiers with and without fields, bounds and one past them, `%#@v@` tokens, substitutions, broken `%`), raw
/// characters, and arguments of every kind and size.
struct RenderFuzzInput {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private static let pieces = [
        "%@", "%d", "%ld", "%u", "%x", "%5d", "%-8@", "%.3@", "%08.2f", "%e", "%g", "%c", "%C", "%s", "%%", "%{n}",
        "%*d", "%.*f", "%1$@", "%2$ld", "%1$*2$d", "%1024@", "%1025@", "%.1024f", "%#@v0@", "%#@v1@", "%1$#@v0@",
        "%2$#@v1@", "%#@v2@", "%1$#@v2@", "%#@w@", "%n", "%p", "% d", "%", "text ", "é", "€", "\u{1F600}",
        "%9999999d", String(repeating: "long literal ", count: 40),
    ]
    private static let locales = ["en", "fr", "ru", "ar", "ja", "lv", "cy", "pl"]

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func int64() -> Int64 {
        (0..<8).reduce(Int64(0)) { value, _ in value << 8 | Int64(byte()) }
    }

    mutating func locale() -> String { Self.locales[Int(byte()) % Self.locales.count] }

    /// Up to 24 pieces: a byte below the piece count is that piece, any other byte a printable character.
    mutating func text() -> String {
        var text = ""
        for _ in 0..<(byte() % 25) {
            let choice = byte()
            if Int(choice) < Self.pieces.count {
                text += Self.pieces[Int(choice)]
            } else {
                text.unicodeScalars.append(Unicode.Scalar(32 + choice % 95))
            }
        }
        return text
    }

    mutating func value() -> CatalogValue {
        switch byte() % 5 {
        case 0, 1: return .string(text())
        case 2, 3: return .plural(.format(plural()))
        default:
            let width = StringsdictEntry.width([10: text(), 11 + Int(byte()): text()])
            return .plural(.device(["iphone": byte() % 2 == 0 ? width : .format(plural()), "other": .text(text())]))
        }
    }

    private mutating func plural() -> PluralFormat {
        var variables: [String: PluralVariable] = [:]
        for name in ["v0", "v1", "v2"] where byte() % 4 != 0 {
            var forms: [PluralCategory: String] = [:]
            for category in PluralCategory.allCases where byte() % 2 == 0 || category == .other {
                forms[category] = text()
            }
            variables[name] = PluralVariable(valueType: ["ld", "f", "d", "lu"][Int(byte()) % 4], forms: forms)
        }
        return PluralFormat(format: text(), variables: variables)
    }

    mutating func arguments() -> [FormatArgument] {
        (0..<(byte() % 6)).map { _ in
            switch byte() % 6 {
            case 0: .int(int64())
            case 1: .int(Int64(byte()) - 8)
            case 2: .uint(UInt64(bitPattern: int64()))
            case 3: .double(Double(bitPattern: UInt64(bitPattern: int64())))
            case 4: .string(String(repeating: "x", count: Int(byte()) * 64))
            default: .string(text())
            }
        }
    }
}
