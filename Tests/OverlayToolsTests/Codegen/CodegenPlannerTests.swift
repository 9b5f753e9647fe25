import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayTools

/// Names, parameter types and doc lines of generated members, and the diff `--check` reports.
@Suite struct CodegenPlannerTests {
    struct Naming: CustomTestStringConvertible, Sendable {
        var key: String
        var name: String
        var reasons: [CodegenNote.Reason] = []
        var testDescription: String { "\(key) → \(name)" }
    }

    static let namings: [Naming] = [
        Naming(key: "checkout.cta.title", name: "checkoutCtaTitle"),
        Naming(key: "checkout.placeOrder", name: "checkoutPlaceOrder"),
        Naming(key: "OK", name: "ok"),
        Naming(key: "URLTitle.hint", name: "urlTitleHint"),
        Naming(key: "Qm7-Lk-2.title", name: "qm7Lk2Title"),
        Naming(key: "Imported %lld notes into %lld folders", name: "importedNotesIntoFolders"),
        Naming(key: "Hello %{name}, %1$@!", name: "hello"),
        Naming(key: "404.title", name: "_404Title", reasons: [.leadingDigit]),
        Naming(key: "default", name: "default", reasons: [.keyword]),
        Naming(key: "init", name: "init_", reasons: [.reserved]),
        Naming(key: "self", name: "self_", reasons: [.reserved]),
        Naming(key: "handle", name: "handle_", reasons: [.reserved]),
        Naming(key: "café.menu", name: "cafMenu", reasons: [.nonASCII]),
        Naming(key: "", name: "key811c9dc5", reasons: [.noName]),
        Naming(key: "…", name: "key\(SwiftIdentifier.digest("…"))", reasons: [.noName]),
        Naming(key: "設定", name: "key\(SwiftIdentifier.digest("設定"))", reasons: [.nonASCII, .noName]),
    ]

    @Test("member names", arguments: namings)
    func memberName(naming: Naming) {
        let result = CodegenPlanner.memberName(for: naming.key)
        #expect(result.name == naming.name)
        #expect(result.notes.map(\.0) == naming.reasons)
    }

    @Test("type names never shadow what the generated code names")
    func typeNames() {
        #expect(CodegenPlanner.typeName(for: "Localizable") == "Localizable")
        #expect(CodegenPlanner.typeName(for: "main-screen") == "MainScreen")
        #expect(CodegenPlanner.typeName(for: "String") == "String_")
        #expect(CodegenPlanner.typeName(for: "Localizer") == "Localizer_")
        #expect(CodegenPlanner.typeName(for: "2FA") == "_2FA")
        #expect(CodegenPlanner.typeName(for: "Протокол") == "Table\(SwiftIdentifier.digest("Протокол"))")
    }

    static func module(_ strings: [String: String], plurals: [String: StringsdictEntry] = [:]) -> CatalogModule {
        var localization = CatalogLocalization(identifier: "en", directoryName: "en.lproj")
        localization.tables["Localizable"] = CatalogTable(name: "Localizable", strings: strings, plurals: plurals)
        return CatalogModule(name: "Shop", developmentRegion: "en", localizations: ["en": localization])
    }

    static func signature(_ member: CodegenMember?) -> String {
        guard let member else { return "none" }
        return member.parameters.map { "\($0.label ?? "_"):\($0.type)" }.joined(separator: ",")
    }

    @Test("parameter types follow the slot map; substitutions are labelled")
    func parameterTypes() throws {
        let plural = StringsdictEntry.format(PluralFormat(
            format: "%#@files@ in %{folder}",
            variables: ["files": PluralVariable(valueType: "lu", forms: [.one: "%lu file", .other: "%lu files"])]))
        let plan = CodegenPlanner.plan(Self.module(
            [
                "object": "Hi %@", "int": "%d", "long": "%lld", "unsigned": "%u", "double": "%.2f", "char": "%C",
                "cstring": "%s", "gap": "only %2$ld", "named": "%{zeta} %{alpha} %ld", "label": "%{default}",
                "star": "%*d", "plain": "Plain", "percent": "100%%",
            ],
            plurals: ["files": plural]))
        let members = Dictionary(uniqueKeysWithValues: try #require(plan.tables.first).members.map { ($0.key, $0) })
        #expect(Self.signature(members["object"]) == "_:String")
        #expect(Self.signature(members["int"]) == "_:Int")
        #expect(Self.signature(members["long"]) == "_:Int")
        #expect(Self.signature(members["unsigned"]) == "_:UInt")
        #expect(Self.signature(members["double"]) == "_:Double")
        #expect(Self.signature(members["char"]) == "_:Character")
        #expect(Self.signature(members["cstring"]) == "_:String")
        #expect(Self.signature(members["gap"]) == "_:String,_:Int", "slot 1 still takes an argument")
        #expect(Self.signature(members["named"]) == "_:Int,alpha:String,zeta:String")
        #expect(Self.signature(members["label"]) == "default:String")
        #expect(Self.signature(members["star"]) == "_:Int,_:Int", "a * width takes its own slot")
        #expect(Self.signature(members["files"]) == "_:UInt,folder:String", "a plural variable takes its value type")
        #expect(Self.signature(members["plain"]) == "")
        #expect(members["plain"]?.isFormatted == false)
        #expect(members["percent"]?.isFormatted == true, "%% is rendered to one %")
        #expect(CodegenWriter.declaration(try #require(members["label"]), modifier: "")
            == "func label(`default` sub1: String) -> String { handle.format(\"label\", substitutions: [\"default\": sub1]) }")
    }

    @Test("a pointer argument gets no member; a text that is no valid format is returned as written")
    func unsupported() throws {
        let plan = CodegenPlanner.plan(Self.module(["pointer": "at %p", "broken": "Save 50%", "ok": "OK"]))
        let table = try #require(plan.tables.first)
        #expect(table.members.map(\.key) == ["broken", "ok"])
        #expect(table.members.first?.parameters.isEmpty == true)
        #expect(table.members.first?.isFormatted == false)
        #expect(plan.notes.map(\.reason) == [.asWritten, .unsupported])
    }

    @Test("collisions are settled in key byte order, whatever the dictionary order")
    func collisions() throws {
        let keys = ["a.b", "a-b", "a_b", "aB", "a.b_2"]
        var expected: [String]?
        for permutation in [keys, keys.reversed(), keys.shuffled(), keys.shuffled()] {
            var strings: [String: String] = [:]
            for key in permutation { strings[key] = key }
            let plan = CodegenPlanner.plan(Self.module(strings))
            let names = try #require(plan.tables.first).members.map { "\($0.key)=\($0.name)" }
            if let expected { #expect(names == expected) } else { expected = names }
            #expect(plan.notes.filter { $0.reason == .collision }.count == 3)
        }
        // Byte order: "a-b" < "a.b" < "a.b_2" < "aB" < "a_b".
        #expect(expected == ["a-b=aB", "a.b=aB_2", "a.b_2=aB2", "aB=aB_3", "a_b=aB_4"])
    }

    @Test("doc lines escape what could break or disguise the comment")
    func documentation() {
        #expect(CodegenPlanner.documentationLine("a\nb\r\tc") == "a\\nb\\r\\tc")
        #expect(CodegenPlanner.documentationLine("evil \u{202E}txt") == "evil \\u{202E}txt")
        #expect(CodegenPlanner.documentationLine("x\u{2028}y\u{0}") == "x\\u{2028}y\\u{0}")
        #expect(CodegenPlanner.documentationLine("Montréal */ é") == "Montréal */ é")
        let long = CodegenPlanner.documentationLine(String(repeating: "a", count: 500))
        #expect(long.count == CodegenPlanner.maxDocumentationLine + 1 && long.hasSuffix("…"))
        var forms: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases { forms[category] = "%ld \(category.rawValue)" }
        let variables = Dictionary(uniqueKeysWithValues: ["a", "b", "c"].map { ($0, PluralVariable(valueType: "ld", forms: forms)) })
        let lines = CodegenPlanner.documentation(of: .plural(.format(PluralFormat(format: "%#@a@ %#@b@ %#@c@", variables: variables))))
        #expect(lines.count == CodegenPlanner.maxDocumentationLines)
        #expect(lines.first == "%#@a@ %#@b@ %#@c@")
        #expect(lines[1] == "- a.zero: %ld zero")
        #expect(lines.last == "…")
        #expect(SwiftIdentifier.stringLiteral("q\"\\\n\u{202E}é") == "\"q\\\"\\\\\\n\\u{202E}\\u{E9}\"")
    }

    @Test("the sample catalog generates the same bytes every time")
    func deterministic() throws {
        let catalog = SwiftProgram.repositoryRoot.appendingPathComponent("testdata/catalog")
        for module in ["App", "Checkout", "Onboarding"] {
            let first = try Codegen.generate(catalog: catalog, module: module, access: .public)
            let second = try Codegen.generate(catalog: catalog, module: module, access: .public)
            #expect(first.source == second.source)
            #expect(first.integration == second.integration)
            #expect(first.source.contains("/// Subtotal: %@") || module != "Checkout")
        }
    }

    @Test("--check's diff names the members added, removed and changed")
    func diff() {
        let old = CodegenWriter.source(
            CodegenPlanner.plan(Self.module(["keep": "Keep", "gone": "Gone", "edit": "Old text", "type": "%@"])),
            access: .public)
        let new = CodegenWriter.source(
            CodegenPlanner.plan(Self.module(["keep": "Keep", "fresh": "Fresh", "edit": "New text", "type": "%ld"])),
            access: .public)
        let diff = CodegenDiff(existing: old, generated: new)
        #expect(!diff.isCurrent)
        #expect(diff.added == ["Localizable.fresh"])
        #expect(diff.removed == ["Localizable.gone"])
        #expect(diff.changed == ["Localizable.edit", "Localizable.type"])
        #expect(diff.summary == "1 added: Localizable.fresh; 1 removed: Localizable.gone; 2 changed: Localizable.edit, Localizable.type")
        #expect(CodegenDiff(existing: new, generated: new).isCurrent)
        #expect(CodegenDiff(existing: nil, generated: new).added.count == 4)
        let internalNew = CodegenWriter.source(
            CodegenPlanner.plan(Self.module(["keep": "Keep", "fresh": "Fresh", "edit": "New text", "type": "%ld"])),
            access: .internal)
        #expect(CodegenDiff(existing: new, generated: internalNew).changed.count == 4)
        #expect(CodegenDiff(existing: new + "\n", generated: new).summary == "the header, imports or access level differ")
    }

    @Test("a module name that is a path, or names no folder, is refused with the fix")
    func refusals() throws {
        let catalog = SwiftProgram.repositoryRoot.appendingPathComponent("testdata/catalog")
        for name in ["", "..", "../catalog", "Checkout/en.lproj", ".hidden", "Nope"] {
            #expect(throws: Codegen.Failure.self) { try Codegen.generate(catalog: catalog, module: name, access: .public) }
        }
        do {
            _ = try Codegen.generate(catalog: catalog, module: "Nope", access: .public)
        } catch let failure as Codegen.Failure {
            #expect(failure.message.contains("--module"))
        }
    }

    @Test("a development table that does not read fails instead of losing its keys")
    func unreadableTable() throws {
        let root = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lproj = root.appendingPathComponent("Shop/en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n\"b\" = ".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        #expect {
            try Codegen.generate(catalog: root, module: "Shop", access: .public)
        } throws: { error in
            let message = (error as? Codegen.Failure)?.message ?? ""
            return message.hasPrefix("Shop/en.lproj/Localizable.strings") && message.contains("does not read")
        }
    }

    @Test("a file codegen did not write is never overwritten; links are refused")
    func existingFiles() throws {
        let root = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let foreign = root.appendingPathComponent("Strings.swift")
        try Data("let handWritten = 1\n".utf8).write(to: foreign)
        #expect(throws: Codegen.Failure.self) { try Codegen.write("// Generated by `overlay codegen` x\n", to: foreign) }
        #expect(try String(contentsOf: foreign, encoding: .utf8) == "let handWritten = 1\n")
        let link = root.appendingPathComponent("Link.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: foreign)
        #expect(throws: Codegen.Failure.self) { try Codegen.existingFile(at: link) }
        let mine = root.appendingPathComponent("Mine.swift")
        try Codegen.write("// Generated by `overlay codegen` v1\n", to: mine)
        try Codegen.write("// Generated by `overlay codegen` v2\n", to: mine)
        #expect(try Codegen.existingFile(at: mine) == "// Generated by `overlay codegen` v2\n")
        #expect(try Codegen.existingFile(at: root.appendingPathComponent("absent.swift")) == nil)
    }
}
