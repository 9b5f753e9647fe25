import Foundation
import Testing
@testable import OverlayCore

/// An overlay table, read as ranges of its bytes, reads what `StringsReader` reads: the same entries, and the same
/// files rejected.
@Suite struct OverlayStringsTests {
    static func entries(_ data: Data) -> [String]? {
        guard let table = OverlayStrings.read(data) else { return nil }
        return table.entries.map { "\(table.string($0.key))=\(table.string($0.value))" }
    }

    static func reference(_ data: Data) -> [String]? {
        guard let file = try? StringsReader.read(data) else { return nil }
        return file.entries.map { "\($0.key)=\($0.value)" }
    }

    static let fixtureFiles: [String] = {
        let root = Fixtures.testdata
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".strings") { files.append(path) }
        }
        return files.sorted()
    }()

    @Test func everyFixtureReadsTheSame() throws {
        #expect(Self.fixtureFiles.count > 100)
        for path in Self.fixtureFiles {
            let data = try Fixtures.data(path)
            #expect(Self.entries(data) == Self.reference(data), "\(path)")
        }
    }

    /// Random texts from pieces of the grammar, valid and broken: quotes of both kinds, escapes, unquoted strings,
    /// comments, braces, shorthand entries, junk, byte-order marks; seeded, so a failure reproduces.
    @Test func generatedTextsReadTheSame() {
        let pieces = [
            "\"k\" = \"v\";", "\"k2\"=\"v2\";\n", "'single' = 'quoted';", "unquoted = value;", "a/b:c.d-e$f_1 = x;",
            "\"esc\\\"aped\" = \"line\\nbreak \\U00E9 \\101 \\\\ \\u \\q\";", "\"short\";", "/* comment */", "// line\n",
            "/* unterminated", "\"open", "{", "}", "=", ";", " ", "\n", "\u{2028}", "\"k\" = (array);", "\"k\" = <00>;",
            "\"k\" \"v\";", "\"dup\" = \"first\";", "\"dup\" = \"second\";", "\"ключ\" = \"значение\";", "<", "\\",
            "\"\\UD83D\\UDE00\" = \"\\UD83D\";", "\"a\" = \"b\"", "'it\\'s' = \"x\";",
        ]
        var generator = SplitMix64(seed: 0x5EED_0F_57_12_16)
        var readable = 0
        for round in 0..<3_000 {
            var text = round % 7 == 0 ? "{" : ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
            if round % 7 == 0 { text += "}" }
            var data = Data(text.utf8)
            if round % 11 == 0 { data = Data([0xEF, 0xBB, 0xBF]) + data }
            let ours = Self.entries(data)
            #expect(ours == Self.reference(data), "\(text.debugDescription)")
            if ours != nil { readable += 1 }
        }
        #expect(readable > 300)
    }

    /// UTF-16 is transcoded once and walked like UTF-8 text: entries are ranges of the transcoded bytes, escapes decoded.
    @Test func decodedTextReadsBack() {
        let utf16 = Data([0xFF, 0xFE]) + "\"k\" = \"v é\";\n\"esc\" = \"a\\nb\";".data(using: .utf16LittleEndian)!
        #expect(Self.entries(utf16) == ["k=v é", "esc=a\nb"])
    }
}
