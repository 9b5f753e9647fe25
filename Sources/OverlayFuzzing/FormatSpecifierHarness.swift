/// libFuzzer entry: parses arbitrary UTF-8 as a format string and checks the parser's invariants.
import OverlayCore

extension FuzzHarness {
    /// One libFuzzer input (`LLVMFuzzerTestOneInput`).
    public static func formatSpecifier(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        let text = String(decoding: bytes, as: UTF8.self)
        let parsed = FormatParser.parse(text)

        // The tokens spell the input back exactly, and every offset points at the `%` it claims.
        let scalars = Array(text.unicodeScalars)
        var rebuilt = ""
        for token in parsed.tokens {
            switch token {
            case .literal(let literal): rebuilt += literal
            case .percent(let offset):
                precondition(scalars[offset] == "%" && scalars[offset + 1] == "%")
                rebuilt += "%%"
            case .specifier(let spec):
                precondition(scalars[spec.offset] == "%" && spec.offset + spec.length <= scalars.count)
                precondition(String(String.UnicodeScalarView(scalars[spec.offset..<spec.offset + spec.length])) == spec.text)
                rebuilt += spec.text
            case .variable(let variable):
                precondition(scalars[variable.offset] == "%")
                rebuilt += String(String.UnicodeScalarView(scalars[variable.offset..<variable.offset + variable.length]))
            case .named(let name, let offset):
                precondition(scalars[offset] == "%")
                rebuilt += "%{\(name)}"
            }
        }
        precondition(rebuilt == text, "tokens do not spell the input")
        for issue in parsed.issues { precondition(issue.offset.map { $0 < max(scalars.count, 1) } ?? true) }

        // A string is always slot-compatible with itself.
        let map = SlotMap(parsed)
        _ = map.signature
        let selfIssues = FormatCompatibility.check(source: map, translation: map, strict: true)
        precondition(!selfIssues.contains { [.classMismatch, .sizeMismatch, .styleMismatch, .unknownSlot].contains($0.code) })

        // Halves as source and translation must not crash.
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        _ = FormatCompatibility.check(
            source: SlotMap(String(text[..<middle])), translation: SlotMap(String(text[middle...])), strict: true)
        _ = FormatParser.valueType(text)
        return 0
    }
}
