import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing

@Suite struct StringsdictReaderTests {
    struct Rejection: CustomTestStringConvertible, Sendable {
        var fixture: String
        var code: StringsdictError.Code
        var line: Int?
        var column: Int?
        var testDescription: String { fixture }
    }

    static let rejections: [Rejection] = [
        .init(fixture: "top-level-is-an-array", code: .topLevelNotDictionary, line: 4, column: 1),
        .init(fixture: "entry-is-a-string", code: .entryNotDictionary, line: 6, column: 2),
        .init(fixture: "entry-has-no-kind", code: .entryKind, line: 6, column: 2),
        .init(fixture: "entry-has-format-and-width-rule", code: .entryKind, line: 9, column: 3),
        .init(fixture: "width-rule-with-extra-key", code: .unexpectedKey, line: 12, column: 3),
        .init(fixture: "format-key-is-not-a-string", code: .formatNotString, line: 8, column: 3),
        .init(fixture: "variable-is-not-a-dict", code: .variableNotDictionary, line: 10, column: 3),
        .init(fixture: "token-names-a-missing-variable", code: .missingVariable, line: 8, column: 3),
        .init(fixture: "nested-token-names-a-missing-variable", code: .missingVariable, line: 16, column: 4),
        .init(fixture: "spec-type-is-not-plural-rule", code: .unsupportedSpecType, line: 12, column: 4),
        .init(fixture: "spec-type-is-missing", code: .unsupportedSpecType, line: 9, column: 3),
        .init(fixture: "value-type-is-an-object", code: .invalidValueType, line: 14, column: 4),
        .init(fixture: "value-type-is-missing", code: .invalidValueType, line: 9, column: 3),
        .init(fixture: "value-type-has-a-percent", code: .invalidValueType, line: 14, column: 4),
        .init(fixture: "plural-without-other", code: .missingOther, line: 9, column: 3),
        .init(fixture: "variables-reference-each-other", code: .variableCycle, line: 9, column: 3),
        .init(fixture: "unknown-category-key", code: .unknownCategory, line: 15, column: 4),
        .init(fixture: "plural-variant-is-not-a-string", code: .nonStringVariant, line: 16, column: 4),
        .init(fixture: "width-key-is-not-an-integer", code: .invalidWidth, line: 9, column: 4),
        .init(fixture: "width-rule-is-empty", code: .emptyRule, line: 8, column: 3),
        .init(fixture: "unknown-device", code: .unknownDevice, line: 9, column: 4),
        .init(fixture: "duplicate-lookup-key", code: .duplicateKey, line: 21, column: 2),
        .init(fixture: "duplicate-category-in-variable", code: .duplicateKey, line: 17, column: 4),
        .init(fixture: "unclosed-dict", code: .malformedPropertyList, line: 21, column: 1),
        .init(fixture: "external-entity-is-refused", code: .malformedPropertyList, line: 8, column: 10),
        .init(fixture: "nested-too-deep", code: .malformedPropertyList, line: 3, column: 225),
        .init(fixture: "invalid-utf8", code: .malformedPropertyList, line: nil, column: nil),
        // Found by FuzzStringsdict: Foundation leaked on the first and crashed (SEGV) on the second.
        .init(fixture: "binary-property-list-corrupted", code: .malformedPropertyList, line: nil, column: nil),
        .init(
            fixture: "binary-property-list-with-a-set-that-crashed-foundation", code: .malformedPropertyList, line: nil,
            column: nil),
    ]

    @Test("every structural check rejects with its code and location", arguments: rejections)
    func rejects(_ rejection: Rejection) throws {
        let data = try Fixtures.data("formats/stringsdict/invalid/\(rejection.fixture).stringsdict")
        // A broken file throws; a broken entry rejects that entry and the rest of the file reads.
        var error: StringsdictError?
        do {
            let file = try StringsdictReader.readFile(data)
            #expect(file.rejected.count == 1, "\(file)")
            error = file.rejected.first?.error
            #expect(file.rejected.first?.key == error?.key)
        } catch let thrown {
            error = thrown
        }
        #expect(throws: StringsdictError.self) { try StringsdictReader.read(data) }
        #expect(error?.code == rejection.code)
        #expect(error?.location?.line == rejection.line)
        #expect(error?.location?.column == rejection.column)
        #expect(error?.message.isEmpty == false)
    }

    @Test func aBrokenEntryLosesOnlyItself() throws {
        let plural = "<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
            + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict></dict>"
        let xml = "<plist><dict><key>good</key>\(plural)<key>bad</key><string>oops</string><key>also</key>\(plural)</dict></plist>"
        let file = try StringsdictReader.readFile(Data(xml.utf8))
        #expect(file.entries.map(\.key) == ["good", "also"])
        #expect(file.rejected.map(\.key) == ["bad"])
        #expect(file.rejected.first?.error.code == .entryNotDictionary)
        // The same broken entry elsewhere has the same canonical bytes, whatever its position and spacing.
        let moved = try StringsdictReader.readFile(Data("<plist>\n<dict> <key>bad</key>\n <string>oops</string></dict></plist>".utf8))
        #expect(moved.rejected.first?.canonical == file.rejected.first?.canonical)
    }

    @Test func everyInvalidFixtureIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("formats/stringsdict/invalid").path)
        #expect(Set(names.map { String($0.dropLast(".stringsdict".count)) }) == Set(Self.rejections.map(\.fixture)))
    }

    @Test func errorsNameTheKeyAndTheCause() throws {
        let data = try Fixtures.data("formats/stringsdict/invalid/plural-without-other.stringsdict")
        let error = #expect(throws: StringsdictError.self) { try StringsdictReader.read(data) }
        #expect(error?.key == "k")
        let entity = try Fixtures.data("formats/stringsdict/invalid/external-entity-is-refused.stringsdict")
        let wrapped = #expect(throws: StringsdictError.self) { try StringsdictReader.read(entity) }
        #expect(wrapped?.cause?.code == .unknownEntity)
    }

    @Test func readsAPluralEntry() throws {
        let entries = try StringsdictReader.read(
            Fixtures.data("formats/stringsdict/valid/plural-with-one-and-other.stringsdict"))
        #expect(entries == [
            "n.items": .format(PluralFormat(format: "%#@v@", variables: [
                "v": PluralVariable(valueType: "ld", forms: [.one: "%ld item", .other: "%ld items"])
            ]))
        ])
    }

    @Test func readsPositionalTokensAndNestedVariables() throws {
        let entries = try StringsdictReader.read(
            Fixtures.data("formats/stringsdict/valid/positional-tokens-and-nested-variables.stringsdict"))
        guard case .format(let plural) = try #require(entries["files.in.folders"]) else {
            Issue.record("not a format entry")
            return
        }
        #expect(plural.format == "%1$#@files@ in %2$#@folders@")
        #expect(Set(plural.variables.keys) == ["files", "folders", "size"])
        #expect(plural.variables["files"]?.forms[.zero] == "no files")
        #expect(SlotMap(entry: .format(plural)).signature == "1:uint64,2:int32,3:double")
    }

    @Test func readsWidthRules() throws {
        let entries = try StringsdictReader.read(Fixtures.data("formats/stringsdict/valid/width-rule.stringsdict"))
        #expect(entries["welcome"] == .width([1: "Hi", 20: "Hello, %@", 50: "Welcome back, %@!"]))
    }

    @Test func readsDeviceRulesWithANestedPlural() throws {
        let entries = try StringsdictReader.read(
            Fixtures.data("formats/stringsdict/valid/device-rule-with-nested-plural.stringsdict"))
        let nested = StringsdictEntry.format(PluralFormat(format: "%#@n@ left", variables: [
            "n": PluralVariable(valueType: "ld", forms: [.one: "%ld item", .other: "%ld items"])
        ]))
        #expect(entries["tap"] == .device(["iphone": .text("Tap to continue"), "mac": .text("Click to continue"), "other": nested]))
    }

    @Test func decodesEntitiesCDATAAndSkipsComments() throws {
        let entries = try StringsdictReader.read(
            Fixtures.data("formats/stringsdict/valid/entities-cdata-and-comments-between-elements.stringsdict"))
        guard case .format(let plural) = try #require(entries["a&b"]) else {
            Issue.record("not a format entry")
            return
        }
        #expect(plural.format == "<b>%#@v@</b> \"q\" 'a' é👍<raw> & tail")
    }

    @Test func keepsFileOrderAndKeyLocations() throws {
        let file = try StringsdictReader.readFile(
            Fixtures.data("formats/stringsdict/valid/several-entries-in-file-order.stringsdict"))
        #expect(file.entries.map(\.key) == ["b.second", "a.first"])
        #expect(file.entries.map(\.location) == [SourceLocation(line: 5, column: 2), SourceLocation(line: 21, column: 2)])
    }

    @Test func utf16AndBinaryTablesReadLikeTheirXMLTwins() throws {
        let utf16 = try StringsdictReader.read(Fixtures.data("formats/stringsdict/valid/utf16-with-bom.stringsdict"))
        let utf8 = try StringsdictReader.read(Fixtures.data("formats/stringsdict/valid/plural-with-one-and-other.stringsdict"))
        #expect(utf16 == utf8)
        let binaryData = try Fixtures.data("formats/stringsdict/valid/binary-property-list.stringsdict")
        // Binary tables come only from the app's own build; downloaded bytes are read as XML only.
        #expect(throws: StringsdictError.self) { try StringsdictReader.readFile(binaryData) }
        let binary = try StringsdictReader.readFile(binaryData, acceptingBinary: true)
        let xml = try StringsdictReader.read(
            Fixtures.data("formats/stringsdict/valid/positional-tokens-and-nested-variables.stringsdict"))
        #expect(binary.dictionary == xml)
        #expect(binary.entries.first?.location == nil)
    }

    @Test func variantTypeDifferingFromValueTypeIsAWarningNotAnError() throws {
        let file = try StringsdictReader.readFile(
            Fixtures.data("formats/stringsdict/valid/variant-type-differs-from-value-type.stringsdict"))
        #expect(file.warnings.map(\.code) == ["stringsdict.variant-type-mismatch"])
        #expect(file.warnings.first?.severity == .warning)
        #expect(file.warnings.first?.location == Finding.Location(line: 16, column: 4, key: "n.count"))
    }

    @Test func unusedVariableIsAWarningBecauseCFNeverAppliesIt() throws {
        let file = try StringsdictReader.readFile(
            Fixtures.data("formats/stringsdict/valid/unused-variable-is-a-warning.stringsdict"))
        #expect(file.entries.map(\.key) == ["k"])
        #expect(file.warnings.map(\.code) == ["stringsdict.unused-variable"])
        #expect(file.warnings.first?.severity == .warning)
        #expect(file.warnings.first?.location == Finding.Location(line: 20, column: 3, key: "k"))
    }

    @Test func cleanTablesHaveNoWarnings() throws {
        let file = try StringsdictReader.readFile(
            Fixtures.data("formats/stringsdict/valid/positional-tokens-and-nested-variables.stringsdict"))
        #expect(file.warnings.isEmpty)
    }

    @Test func deeplySharedNestingStaysLinear() throws {
        // 30 variables, each variant naming the next one six times: naive expansion is 6^30 visits.
        var variables = ""
        for index in 0..<30 {
            let next = index == 29 ? "%d" : String(repeating: "%#@v\(index + 1)@ ", count: 6)
            variables += "<key>v\(index)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>\(next)</string></dict>"
        }
        let xml = "<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>"
            + variables + "</dict></dict></plist>"
        let file = try StringsdictReader.readFile(Data(xml.utf8))
        #expect(file.entries.count == 1)
        #expect(SlotMap(entry: file.entries[0].entry).positions.count > 1)
    }
}
