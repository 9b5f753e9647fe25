import Foundation
import Testing
@testable import OverlayTools

/// The Swift compiler's own parser as the oracle for the lexer: `swiftc -swift-version 6 -dump-parse
/// -dump-ast-format json` prints every call with its callee, argument labels and decoded string literals. For
/// each snippet of the lint table, the calls ``SwiftSource`` finds (names the rules look at, free or
/// module-qualified) must be the compiler's, with the same labels and the same literal values.
@Suite struct LintCompilerOracleTests {
    /// Names whose calls are compared.
    static let tracked: Set<String> = [
        "NSLocalizedString", "String", "AttributedString", "LocalizedStringResource", "LocalizedStringKey", "Text",
        "print", "f",
    ]

    /// Tricky literals, each passed to `Text(…)` so their values are compared too.
    static let literals: [String] = [
        #""plain""#,
        #""escapes \" \\ \t \n \r \0 \' \u{E9} \u{1F600} end""#,
        ##"#"raw \n "quoted" \#n \#t \#u{41}"#"##,
        ###"##"two "# hashes \#n \##n \##u{42}"##"###,
        "\"\"\"\n    indented\n      more\n    \n\n    last\n    \"\"\"",
        "\"\"\"\n\tTab indented\n\t\"\"\"",
        "\"\"\"\n  joined \\\n  line \\\\\n  kept\n  \"\"\"",
        "\"\"\"\n  quotes \" and \"\" and \\\"\"\" inside\n  \"\"\"",
        "#\"\"\"\n  raw \\n \"\"\" \\#n \\#\n  continued\n  \"\"\"#",
        "\"\"\"\n\"\"\"",
        // `#"""` closed by `"#` on its own line is a single-line raw literal holding `""`.
        ##"#""""#"##,
        ###"#""" "#"###,
        ##"#"""\#n\n"""#"##,
        "\"\"\"\n  \n\n    x\n  \"\"\"",
        #""""#,
        #""e\u{301} café""#,
        #""not plain \(x)""#,
    ]

    @Test func snippetsParseAsTheCompilerParsesThem() throws {
        let snippets = LintSnippets.all.filter(\.compiles)
        let oracle = try CompilerOracle.calls(in: snippets.map(\.source), tracked: Self.tracked)
        for (snippet, expected) in zip(snippets, oracle) {
            #expect(Self.calls(in: snippet.source) == expected, "\(snippet.name)")
        }
    }

    @Test func literalValuesAreTheCompilersValues() throws {
        let sources = Self.literals.map { "let v = Text(\($0))" }
        let oracle = try CompilerOracle.calls(in: sources, tracked: Self.tracked)
        for (source, expected) in zip(sources, oracle) {
            #expect(Self.calls(in: source) == expected, "\(source)")
        }
        // The oracle really saw decoded values, not "·" for every literal.
        #expect(oracle.first == [CompilerOracle.Call(name: "Text", labels: "_:", literals: ["plain"])])
    }

    @Test("CRLF inside a multi-line literal is a line feed in its value")
    func crlfMultilineLiteral() throws {
        let source = "let v = Text(\"\"\"\r\n  one\r\n  two\r\n  \"\"\")"
        let oracle = try CompilerOracle.calls(in: [source], tracked: Self.tracked)
        #expect(Self.calls(in: source) == oracle[0])
        #expect(oracle[0].first?.literals == ["one\ntwo"])
    }

    /// The calls of tracked names that ``SwiftSource`` finds, in the shape the oracle reports them.
    static func calls(in text: String) -> [CompilerOracle.Call] {
        let source = SwiftSource(text)
        var calls: [CompilerOracle.Call] = []
        for name in tracked {
            for call in source.calls(named: name) { calls.append(describe(call, name: name, in: source)) }
        }
        for index in source.tokens.indices where source.isIdentifier(index, "localizedString") && index >= 4
            && source.tokens[index - 1].kind == .period && source.isIdentifier(index - 2, "main")
            && source.tokens[index - 3].kind == .period && source.isIdentifier(index - 4, "Bundle")
            && source.isFreeReference(index - 4, modules: ["Foundation"])
        {
            if let call = source.call(at: index) {
                calls.append(describe(call, name: "Bundle.main.localizedString", in: source))
            }
        }
        return calls.sorted()
    }

    static func describe(_ call: SwiftCall, name: String, in source: SwiftSource) -> CompilerOracle.Call {
        CompilerOracle.Call(
            name: name, labels: call.arguments.map { ($0.label ?? "_") + ":" }.joined(),
            literals: call.arguments.map { source.stringLiteralValue(of: $0) ?? "·" })
    }
}

/// Runs `swiftc -dump-parse` over snippets, each wrapped in a function of its own, and lists their calls.
enum CompilerOracle {
    struct Call: Hashable, Comparable, CustomStringConvertible {
        var name: String
        var labels: String
        /// Each argument's decoded value when it is a plain string literal, `·` otherwise.
        var literals: [String]

        static func < (lhs: Call, rhs: Call) -> Bool { lhs.description < rhs.description }
        var description: String { "\(name)(\(labels)) \(literals)" }
    }

    static let modules: Set<String> = ["Foundation", "SwiftUI", "Swift"]

    /// The calls of each snippet; every snippet must be valid Swift.
    static func calls(in snippets: [String], tracked: Set<String>) throws -> [[Call]] {
        let parsed = try parse(snippets, tracked: tracked)
        try #require(parsed.diagnostics.isEmpty, "swiftc rejected a snippet: \(parsed.diagnostics)")
        return parsed.calls.map { $0 ?? [] }
    }

    /// The calls of each snippet, nil for a snippet swiftc reported an error in (or lost to a neighbour's error).
    static func parse(_ snippets: [String], tracked: Set<String>) throws -> (calls: [[Call]?], diagnostics: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Snippets.swift")
        var text = ""
        var lines: [ClosedRange<Int>] = []
        var line = 1
        for (index, snippet) in snippets.enumerated() {
            let chunk = "func snippet\(index)() {\n\(snippet)\n}\n"
            let count = chunk.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            lines.append(line...(line + count - 1))
            line += count
            text += chunk
        }
        try Data(text.utf8).write(to: file)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "6", "-dump-parse", "-dump-ast-format", "json", file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let json = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let diagnostics = String(decoding: errorData, as: UTF8.self)
        let errorLines = Set(diagnostics.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(file.path + ":"), line.contains(": error: ") else { return nil }
            return Int(line.dropFirst(file.path.count + 1).prefix { $0.isNumber })
        })

        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any], "no JSON from swiftc")
        let items = try #require(root["items"] as? [[String: Any]])
        var result = [[Call]?](repeating: nil, count: snippets.count)
        for item in items {
            guard let name = ((item["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String,
                name.hasPrefix("snippet"), let index = Int(name.dropFirst("snippet".count)), index < snippets.count,
                !errorLines.contains(where: lines[index].contains)
            else { continue }
            var calls: [Call] = []
            collect(item["body"] as Any, tracked: tracked, into: &calls)
            result[index] = calls.sorted()
        }
        return (result, diagnostics)
    }

    static func collect(_ node: Any, tracked: Set<String>, into calls: inout [Call]) {
        if let object = node as? [String: Any] {
            if object["_kind"] as? String == "call_expr", let function = object["fn"] as? [String: Any],
                let name = calleeName(function, tracked: tracked)
            {
                let arguments = (object["args"] as? [String: Any])?["args"] as? [[String: Any]] ?? []
                let literals = arguments.map { argument -> String in
                    guard let expression = argument["expr"] as? [String: Any],
                        expression["_kind"] as? String == "string_literal_expr"
                    else { return "·" }
                    return expression["value"] as? String ?? "·"
                }
                // The list's own `labels` is left out when no argument has one, so build it from the arguments.
                let labels = arguments.map { (($0["label"] as? String) ?? "_") + ":" }.joined()
                calls.append(Call(name: name, labels: labels, literals: literals))
            }
            // A binding's initializer appears twice, as written and as processed.
            for (key, value) in object where key != "processed_init" { collect(value, tracked: tracked, into: &calls) }
        } else if let array = node as? [Any] {
            for value in array { collect(value, tracked: tracked, into: &calls) }
        }
    }

    /// `Name(…)`, `Module.Name(…)`, `Name.init(…)` for a tracked name; `[Foundation.]Bundle.main.localizedString(…)`.
    static func calleeName(_ function: [String: Any], tracked: Set<String>) -> String? {
        func reference(_ node: Any?) -> String? {
            guard let node = node as? [String: Any], node["_kind"] as? String == "unresolved_decl_ref_expr" else { return nil }
            return node["name"] as? String
        }
        switch function["_kind"] as? String {
        case "unresolved_decl_ref_expr":
            return reference(function).flatMap { tracked.contains($0) ? $0 : nil }
        case "unresolved_dot_expr":
            guard let field = function["field"] as? String else { return nil }
            let base = function["base"]
            if let module = reference(base), modules.contains(module), tracked.contains(field) { return field }
            if field == "init", let name = reference(base), tracked.contains(name) { return name }
            if field == "localizedString", let main = base as? [String: Any], main["field"] as? String == "main" {
                let bundle = main["base"] as? [String: Any]
                if reference(bundle) == "Bundle" { return "Bundle.main.localizedString" }
                if bundle?["field"] as? String == "Bundle", reference(bundle?["base"]) == "Foundation" {
                    return "Bundle.main.localizedString"
                }
            }
            return nil
        default:
            return nil
        }
    }
}
