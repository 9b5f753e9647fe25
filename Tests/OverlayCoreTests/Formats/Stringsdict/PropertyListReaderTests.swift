import Foundation
import Testing
@testable import OverlayCore

@Suite struct PropertyListReaderTests {
    static func read(_ body: String) throws(PropertyListError) -> PropertyListValue {
        try PropertyListReader.read(Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\(body)</plist>".utf8))
    }

    @Test func readsEveryValueKindWithLocations() throws {
        let value = try Self.read(
            "<dict>\n<key>s</key><string>x</string>\n<key>i</key><integer>-42</integer><key>r</key><real>1.5</real>"
                + "<key>t</key><true/><key>f</key><false></false><key>d</key><date>2024-01-02T03:04:05Z</date>"
                + "<key>b</key><data>aGVs\nbG8=</data><key>a</key><array><string/><dict/></array></dict>")
        let entries = try #require(value.dictionaryEntries)
        #expect(value.location == SourceLocation(line: 2, column: 22))
        #expect(entries.map(\.key) == ["s", "i", "r", "t", "f", "d", "b", "a"])
        #expect(entries[0].keyLocation == SourceLocation(line: 3, column: 1))
        #expect(entries[0].value == .string("x", SourceLocation(line: 3, column: 13)))
        #expect(entries[1].value.normalized == .integer(-42, nil))
        #expect(entries[2].value.normalized == .real(1.5, nil))
        #expect(entries[3].value.normalized == .boolean(true, nil))
        #expect(entries[4].value.normalized == .boolean(false, nil))
        #expect(entries[5].value.normalized == .date(Date(timeIntervalSince1970: 1_704_164_645), nil))
        #expect(entries[6].value.normalized == .data(Data("hello".utf8), nil))
        #expect(entries[7].value.normalized == .array([.string("", nil), .dictionary([], nil)], nil))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let value = try Self.read("<array><string>é👍</string><string>x</string></array>")
        guard case .array(let values, _) = value else { throw PropertyListError(code: .malformed, message: "") }
        #expect(values[1].location == SourceLocation(line: 2, column: 48))
    }

    @Test("rejections", arguments: [
        ("<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>", PropertyListError.Code.duplicateKey),
        ("<dict><key>a</key></dict>", .missingValue),
        ("<dict><string>a</string></dict>", .unexpectedElement),
        ("<dict><key>a</key><string>1</string>", .mismatchedTag),
        ("<array><string>a</array>", .mismatchedTag),
        ("<integer>12x</integer>", .invalidValue),
        ("<integer>99999999999999999999</integer>", .invalidValue),
        ("<real>one</real>", .invalidValue),
        ("<date>2024-13-01T00:00:00Z</date>", .invalidValue),
        ("<date>yesterday</date>", .invalidValue),
        ("<data>!!!</data>", .invalidValue),
        ("<thing/>", .unexpectedElement),
        ("<key>a</key>", .unexpectedElement),
        ("<string>a<b/></string>", .unexpectedElement),
        ("<string>&nbsp;</string>", .unknownEntity),
        ("<string>a & b</string>", .unknownEntity),
        ("<string>&#0;</string>", .unknownEntity),
        ("<string>&#xD800;</string>", .unknownEntity),
        ("", .missingValue),
        ("<string>a</string><string>b</string>", .malformed),
        ("<string>a<!-- Apple refuses this --></string>", .malformed),
        ("<integer> 5 </integer>", .invalidValue),
        ("text", .malformed),
        ("<string>a<!-- open</string>", .malformed),
        ("<string><![CDATA[a</string>", .malformed),
        ("<dict", .malformed),
    ] as [(String, PropertyListError.Code)])
    func rejects(body: String, code: PropertyListError.Code) {
        let error = #expect(throws: PropertyListError.self) { try Self.read(body) }
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.location != nil)
    }

    @Test("document-level rejections", arguments: [
        ("<dict/>", PropertyListError.Code.unexpectedElement),
        ("<plist><dict/></plist><dict/>", .malformed),
        ("<plist><dict/></plist", .malformed),
        ("<!DOCTYPE plist [ <!ENTITY a \"b\"> <plist/>", .malformed),
        ("", .malformed),
        ("<plist/>", .missingValue),
        ("<plist a=b><dict/></plist>", .malformed),
    ] as [(String, PropertyListError.Code)])
    func rejectsDocument(text: String, code: PropertyListError.Code) {
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Data(text.utf8)) }
        #expect(error?.code == code)
    }

    @Test func limitsBoundSizeAndDepth() {
        let small = ParseLimits(maxDepth: 32, maxBytes: 10)
        let tooLarge = #expect(throws: PropertyListError.self) {
            try PropertyListReader.read(Data("<plist><dict/></plist>".utf8), limits: small)
        }
        #expect(tooLarge?.code == .tooLarge)
        let shallow = ParseLimits(maxDepth: 2, maxBytes: 1000)
        #expect(throws: Never.self) { try PropertyListReader.read(Data("<plist><array><array/></array></plist>".utf8), limits: shallow) }
        let tooDeep = #expect(throws: PropertyListError.self) {
            try PropertyListReader.read(Data("<plist><array><array><array/></array></array></plist>".utf8), limits: shallow)
        }
        #expect(tooDeep?.code == .tooDeep)
    }

    @Test func skipsPrologCommentsAndInternalDoctypeSubset() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?><!-- c --><!DOCTYPE plist [ <!ENTITY x \"]>\"> ]>\n<?pi x?>"
            + "<plist version='1.0'><!-- c --><string>ok</string><!-- c --></plist>\n<!-- trailing -->\n"
        #expect(try PropertyListReader.read(Data(text.utf8)).normalized == .string("ok", nil))
    }

    @Test func rejectsBrokenEncodingsAndBinaries() {
        let utf8 = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Data([0x3C, 0xC3, 0x28])) }
        #expect(utf8?.code == .invalidEncoding)
        let oddUTF16 = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Data([0xFF, 0xFE, 0x3C])) }
        #expect(oddUTF16?.code == .invalidEncoding)
        let binary = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Data("bplist00garbage".utf8)) }
        #expect(binary?.code == .unreadableBinary)
    }

    /// Binary lists come only from the app's own bundles: refused unless the caller accepts them, then read by
    /// Foundation (which crashed on a corrupted one holding a set: that is why downloaded bytes never reach it).
    @Test func binaryIsReadOnlyWhenAccepted() throws {
        let object: [String: Any] = ["b": ["a": [true, 7, "é", 1.5, false] as [Any]], "a": Data([1, 2])]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let refused = #expect(throws: PropertyListError.self) { try PropertyListReader.read(data) }
        #expect(refused?.code == .unreadableBinary)
        #expect(try PropertyListReader.read(data, acceptingBinary: true) == .dictionary([
            PropertyListEntry(key: "a", keyLocation: nil, value: .data(Data([1, 2]), nil)),
            PropertyListEntry(key: "b", keyLocation: nil, value: .dictionary([
                PropertyListEntry(key: "a", keyLocation: nil, value: .array([
                    .boolean(true, nil), .integer(7, nil), .string("é", nil), .real(1.5, nil), .boolean(false, nil),
                ], nil))
            ], nil)),
        ], nil))
        let shallow = ParseLimits(maxDepth: 2, maxBytes: 1000)
        let deep = #expect(throws: PropertyListError.self) {
            try PropertyListReader.read(data, limits: shallow, acceptingBinary: true)
        }
        #expect(deep?.code == .tooDeep)
    }

    /// External oracle: Foundation's parser agrees with ours on every valid fixture.
    @Test(
        "Foundation's PropertyListSerialization agrees",
        arguments: try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("formats/stringsdict/valid").path)
            .sorted())
    func agreesWithFoundation(fixture: String) throws {
        let data = try Fixtures.data("formats/stringsdict/valid/\(fixture)")
        let ours = try PropertyListReader.read(data, acceptingBinary: true).normalized
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(try Self.tree(foundation) == ours)
        // And a binary list of the same tree reads the same way.
        let binary = try PropertyListSerialization.data(fromPropertyList: foundation, format: .binary, options: 0)
        #expect(try PropertyListReader.read(binary, acceptingBinary: true).normalized == ours)
    }

    /// Foundation's objects as a normalized tree, independently of our parsers.
    static func tree(_ object: Any) throws -> PropertyListValue {
        switch object {
        case let value as String: return .string(value, nil)
        case let value as Bool where type(of: object) == Bool.self: return .boolean(value, nil)
        case let value as Date: return .date(value, nil)
        case let value as Data: return .data(value, nil)
        case let number as NSNumber:
            let kind = String(cString: number.objCType)
            return kind == "d" || kind == "f" ? .real(number.doubleValue, nil) : .integer(number.int64Value, nil)
        case let values as [Any]: return .array(try values.map(tree), nil)
        case let dictionary as [String: Any]:
            return PropertyListValue.dictionary(
                try dictionary.map { PropertyListEntry(key: $0.key, keyLocation: nil, value: try tree($0.value)) }, nil
            ).normalized
        default:
            throw PropertyListError(code: .malformed, message: "unexpected \(type(of: object))")
        }
    }
}

extension PropertyListValue {
    /// The same tree without locations and with dictionary entries sorted by key, for comparing parsers.
    var normalized: PropertyListValue {
        switch self {
        case .string(let value, _): .string(value, nil)
        case .integer(let value, _): .integer(value, nil)
        case .real(let value, _): .real(value, nil)
        case .boolean(let value, _): .boolean(value, nil)
        case .date(let value, _): .date(value, nil)
        case .data(let value, _): .data(value, nil)
        case .array(let values, _): .array(values.map(\.normalized), nil)
        case .dictionary(let entries, _):
            .dictionary(
                entries.map { PropertyListEntry(key: $0.key, keyLocation: nil, value: $0.value.normalized) }
                    .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) },
                nil)
        }
    }
}
