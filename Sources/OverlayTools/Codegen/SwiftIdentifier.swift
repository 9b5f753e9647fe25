/// Swift names made from catalog keys, table names and substitution names: ASCII letters and digits only, so any
/// key gives a name every Swift compiler accepts and the same key always gives the same name.
///
/// ```swift
/// SwiftIdentifier.words(of: "checkout.cta.title")   // ["checkout", "cta", "title"]
/// SwiftIdentifier.lowerCamel(["checkout", "cta", "title"]) // "checkoutCtaTitle"
/// ```
enum SwiftIdentifier {
    /// Keywords that name a member only in backticks (`` `default` ``).
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_", "async", "some", "any", "each", "macro",
        "copy", "discard", "consume", "Type", "Protocol",
    ]

    /// Names that cannot be declared even in backticks, or that the generated code itself declares: a key that
    /// would take one gets a `_` suffix instead.
    static let reservedMembers: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_", "handle"]

    /// Type names the generated code itself names: a table or module type spelled so would shadow them (a table
    /// `String.strings` would make `String` mean the table inside its namespace), so it gets `_` appended.
    static let reservedTypes: Set<String> = [
        "String", "Int", "UInt", "Int64", "UInt64", "Double", "Character", "Bool", "Sendable", "Never", "Bundle",
        "Localizer", "LocalizedTable", "FormatArgument", "OverlayCore", "Foundation", "Swift", "Self", "Type",
        "Protocol", "Any",
    ]

    /// The ASCII words of `text`: runs of ASCII letters and digits, every other character a separator. Case inside
    /// a word is kept (`placeOrder` stays one word, so its camel case survives).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `["cart", "promo", "applied"]` → `cartPromoApplied`; a leading run of capitals is lowered
    /// (`OK` → `ok`, `URLTitle` → `urlTitle`).
    static func lowerCamel(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        return lowered(first) + words.dropFirst().map(capitalized).joined()
    }

    /// `["main", "screen"]` → `MainScreen`.
    static func upperCamel(_ words: [String]) -> String {
        words.map(capitalized).joined()
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Lowers the leading capitals, keeping the last one of a run when a lowercase letter follows it.
    static func lowered(_ word: String) -> String {
        let characters = Array(word)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == 0 { return word }
        if run > 1, run < characters.count, characters[run].isLowercase { run -= 1 }
        return String(characters[..<run]).lowercased() + String(characters[run...])
    }

    /// The name as it is written in a declaration or a call: keywords in backticks.
    static func spelled(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal of `text` in ASCII: quotes, backslashes and every non-ASCII or control scalar
    /// escaped, so a key can never end the literal, hide text from a reviewer or change the file's encoding.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return out + "\""
    }

    /// A stable 32-bit FNV-1a of the UTF-8, in 8 hex digits: the name of a key without a single ASCII word.
    static func digest(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
