import Foundation
import OverlayCore

/// The little format-string scanning a catalog compiler needs: `%#@name@` tokens, the first numeric
/// argument, and `%arg` rewriting. Full specifier validation (FORMATS.md §4) lives elsewhere.
enum XCFormatTokens {
    /// One `%…` directive that takes an argument slot.
    struct Directive: Equatable {
        /// 1-based argument slot.
        var slot: Int
        /// The variable name of a `%#@name@` token, else `nil`.
        var tokenName: String?
        /// Length modifier and conversion, e.g. `lld`, `@`, `f`; `nil` for tokens.
        var valueType: String?
        var isNumeric: Bool
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// A byte of a substitution name as Xcode writes it: anything but `@`, `%`, white space and control bytes.
    static func isCatalogNameByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != UInt8(ascii: "@") && byte != UInt8(ascii: "%") && byte != 0x7F
    }

    /// Substitution names CF's parser cannot read (`total.strings`), each with the name the compiled `.stringsdict`
    /// uses instead: its bytes outside `[A-Za-z0-9_]` become `_`, then `_` is added until no other name has it.
    static func cfNames(for names: some Collection<String>) -> [String: String] {
        var taken = Set(names.filter { $0.utf8.allSatisfy(isNameByte) })
        var result: [String: String] = [:]
        for name in names.sorted() where !name.utf8.allSatisfy(isNameByte) {
            var safe = String(decoding: name.utf8.map { isNameByte($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
            while taken.contains(safe) { safe += "_" }
            taken.insert(safe)
            result[name] = safe
        }
        return result
    }

    /// `text` with every `#@old@` token renamed as `names` says.
    static func renamingTokens(in text: String, _ names: [String: String]) -> String {
        guard !names.isEmpty, text.contains("#@") else { return text }
        var result = text
        for (old, new) in names { result = result.replacingOccurrences(of: "#@\(old)@", with: "#@\(new)@") }
        return result
    }

    /// The argument slot each `%#@name@` token of `format` reads: its `N$`, else the next sequential argument (every
    /// specifier, `*` width and token before it counts; `%%` does not).
    static func tokenSlots(in format: String) -> [String: Int] {
        var slots: [String: Int] = [:]
        for directive in directives(in: format) {
            if let name = directive.tokenName, slots[name] == nil { slots[name] = directive.slot }
        }
        return slots
    }

    private static let flags = Set("-+ 0#'".utf8)
    private static let lengthModifiers = Set("hlqjztL".utf8)
    private static let conversions = Set("@diDuUxXoOcCfFeEgGaAsSPpn".utf8)
    private static let numericConversions = Set("diDuUxXoOcCfFeEgGaA".utf8)

    /// Every directive that takes a slot, in text order; `%%` and `%{name}` take none.
    static func directives(in text: String) -> [Directive] {
        let bytes = Array(text.utf8)
        var result: [Directive] = []
        var sequential = 0
        var index = 0
        func nextSlot(_ position: Int?) -> Int {
            if let position { return position }
            sequential += 1
            return sequential
        }
        func digits() -> Int? {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index > start ? Int(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "%") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "{") {
                var end = index + 1
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "}"), end > index + 1 { index = end + 1 }
                continue
            }
            let afterPercent = index
            var position: Int?
            if let number = digits(), index < bytes.count, bytes[index] == UInt8(ascii: "$") {
                position = number
                index += 1
            } else {
                index = afterPercent
            }
            var hasHash = false
            while index < bytes.count, flags.contains(bytes[index]) {
                if bytes[index] == UInt8(ascii: "#") { hasHash = true }
                index += 1
            }
            if hasHash, index < bytes.count, bytes[index] == UInt8(ascii: "@") {
                let nameStart = index + 1
                var end = nameStart
                // Xcode's names may hold more than CF's [A-Za-z0-9_] (`total.strings`): the compiler renames them.
                while end < bytes.count, isCatalogNameByte(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[nameStart..<end], as: UTF8.self)
                index = end < bytes.count && bytes[end] == UInt8(ascii: "@") ? end + 1 : end
                result.append(Directive(slot: nextSlot(position), tokenName: name, valueType: nil, isNumeric: false))
                continue
            }
            for _ in 0..<2 {  // width, then precision after a dot
                if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
                    index += 1
                    let starStart = index
                    if digits() != nil, index < bytes.count, bytes[index] == UInt8(ascii: "$") {
                        index += 1
                    } else {
                        index = starStart
                        if position == nil { sequential += 1 }
                    }
                } else {
                    _ = digits()
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
                index += 1
            }
            let lengthStart = index
            while index < bytes.count, lengthModifiers.contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let conversion = bytes[index]
            index += 1
            guard conversions.contains(conversion) else { continue }
            result.append(Directive(
                slot: nextSlot(position), tokenName: nil,
                valueType: String(decoding: bytes[lengthStart..<index], as: UTF8.self),
                isNumeric: numericConversions.contains(conversion)))
        }
        return result
    }

    /// The `%#@name@` / `%N$#@name@` variable names in order of appearance.
    static func tokenNames(in text: String) -> [String] {
        directives(in: text).compactMap(\.tokenName)
    }

    /// The slot and value type of the first numeric directive, e.g. `(1, "lld")` for `"%lld items"`.
    static func firstNumericArgument(in text: String) -> (slot: Int, valueType: String)? {
        directives(in: text).first(where: \.isNumeric).map { ($0.slot, $0.valueType ?? "lld") }
    }

    /// Replaces each `%arg` (but not `%%arg`) with the positional specifier `%<argNum>$<specifier>`, or with the
    /// plain `%<specifier>` when the slot is unknown (in a variant a sequential specifier reads the token's own slot).
    static func replacingArg(in text: String, argNum: Int?, specifier: String) -> String {
        let bytes = Array(text.utf8)
        let replacement = Array(((argNum.map { "%\($0)$" } ?? "%") + specifier).utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "%") {
                    output.append(contentsOf: bytes[index...index + 1])
                    index += 2
                    continue
                }
                if index + 3 < bytes.count, bytes[index + 1...index + 3].elementsEqual("arg".utf8) {
                    output.append(contentsOf: replacement)
                    index += 4
                    continue
                }
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
