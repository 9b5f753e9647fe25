import Testing
@testable import OverlayTools

/// Random Swift, from a fixed seed, against `swiftc -dump-parse`: literals of every delimiter with escapes, quotes
/// and interpolations nested three deep, multi-line literals with continuations, comments holding quotes and
/// calls, regex literals holding quotes, divisions, member and module-qualified calls. Every snippet the compiler
/// accepts must yield exactly the compiler's calls, labels and literal values.
@Suite struct LintFuzzOracleTests {
    static let tracked: Set<String> = ["NSLocalizedString", "String", "Text", "f"]

    @Test("random snippets parse as the compiler parses them", arguments: [1, 2, 3])
    func randomSnippets(seed: UInt64) throws {
        var generator = SnippetGenerator(seed: seed)
        let snippets = (0..<150).map { _ in generator.snippet() }
        let oracle = try CompilerOracle.parse(snippets, tracked: Self.tracked)
        var checked = 0
        for (snippet, expected) in zip(snippets, oracle.calls) {
            guard let expected else { continue }
            checked += 1
            #expect(LintCompilerOracleTests.calls(in: snippet).filter { Self.tracked.contains($0.name) } == expected, "\(snippet)")
        }
        // The generator writes valid Swift nearly always; far fewer would mean the comparison lost its teeth.
        #expect(checked >= 120, "only \(checked) of \(snippets.count) snippets compiled: \(oracle.diagnostics.prefix(2_000))")
    }
}

/// A seeded generator of Swift statements (SplitMix64, so every run and every machine sees the same snippets).
struct SnippetGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ probability: Double) -> Bool { Double(next() % 10_000) / 10_000 < probability }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
    mutating func count(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

    mutating func snippet() -> String {
        (0..<count(1...3)).map { index in "let v\(index) = \(expression(depth: 0))\(comment())" }.joined(separator: "\n")
    }

    mutating func identifier() -> String { pick(["a", "b", "x", "name", "title", "count"]) }

    mutating func expression(depth: Int) -> String {
        if depth > 3 { return identifier() }
        let roll = next() % 100
        switch roll {
        case 0..<30: return call(depth: depth)
        case 30..<50: return literal(depth: depth)
        case 50..<58: return "\(identifier()) / \(identifier())"
        case 58..<63 where depth == 0:
            return pick([#"/a"b/"#, ##"#/x"y/#"##, #"/[a]"/"#, "##/a/#b/##", "#/\n  a \" (?# c ) \n  /#"])
        case 63..<68: return "(\(expression(depth: depth + 1)))"
        case 68..<76: return "[\(expression(depth: depth + 1)), \(expression(depth: depth + 1))]"
        case 76..<80: return "{ \(expression(depth: depth + 1)) }()"
        case 80..<88:
            return pick([
                "a ..< b", "x?.count", "x!.count", #"\String.count"#, "café", "[1].map { $0 / 2 }",
                #"`NSLocalizedString`("k", comment: "")"#, #"Foundation.NSLocalizedString("q", comment: "")"#,
                #"String.init(localized: "i")"#, "NSLocalizedString\n(\"k\", 1)", "a/b", "(a) / b / (c)",
            ])
        default:
            return "\(identifier()).\(pick(["NSLocalizedString", "count", "Text"]))(\(expression(depth: depth + 1)))"
        }
    }

    mutating func call(depth: Int) -> String {
        switch next() % 10 {
        case 0..<3:
            let bundle = pick(["", "bundle: .main, ", "bundle: .module, ", "tableName: nil, "])
            return "NSLocalizedString(\(literal(depth: depth)), \(bundle)comment: \(literal(depth: depth)))"
        case 3..<5: return "Text(\(literal(depth: depth)))"
        case 5: return "String(localized: \(literal(depth: depth)))"
        case 6: return "Text(verbatim: \(literal(depth: depth)))"
        default: return "f(\(expression(depth: depth + 1)), \(expression(depth: depth + 1)))"
        }
    }

    mutating func literal(depth: Int) -> String {
        let hashes = pick([0, 0, 0, 1, 2])
        let marks = String(repeating: "#", count: hashes)
        guard depth == 0, chance(0.3) else { return marks + "\"" + content(depth: depth, hashes: hashes) + "\"" + marks }
        let indent = pick(["", "  ", "    ", "\t"])
        var lines: [String] = []
        for _ in 0..<count(0...3) {
            var line = content(depth: depth, hashes: hashes)
            if chance(0.3) { line += pick(["\"", "\"\"", hashes == 0 ? "\\\"\"\"" : "\"\"\""]) }
            if chance(0.2), !line.hasSuffix("\\") { line += " \\" + marks }
            lines.append(indent + line)
        }
        if let last = lines.last, last.hasSuffix(" \\" + marks) { lines[lines.count - 1] = String(last.dropLast(2 + hashes)) }
        return marks + "\"\"\"\n" + lines.map { $0 + "\n" }.joined() + indent + "\"\"\"" + marks
    }

    mutating func content(depth: Int, hashes: Int) -> String {
        let marks = String(repeating: "#", count: hashes)
        var text = ""
        for _ in 0..<count(0...5) {
            let roll = next() % 100
            if roll < 20 {
                text += pick(["abc", " ", "é", "NSLocalizedString(", "Text(", "//", "/*", "*/", "'"] + (hashes == 0 ? ["#"] : []))
            } else if roll < 35 {
                text += "\\" + marks + pick(["\"", "\\", "n", "t", "0", "r", "'", "u{E9}", "u{1F600}"])
            } else if roll < 45, hashes > 0 {
                text += pick(["\"", "\\ ", "\\(x)", hashes > 1 ? "\"" + String(repeating: "#", count: hashes - 1) : "\\n"])
            } else if roll < 60, depth < 3 {
                text += "\\" + marks + "(" + expression(depth: depth + 1) + ")"
            } else {
                text += pick(["word", "(", ")", "[", "]", ",", ":"])
            }
        }
        return text
    }

    mutating func comment() -> String {
        switch next() % 10 {
        case 0..<3: return " // " + pick(["\"", #"NSLocalizedString("x")"#, "it's", "/*"])
        case 3..<5: return " /* " + pick(["\"", #"/* nested */ Text("x")"#, "'", "\"\"\""]) + " */"
        default: return ""
        }
    }
}
