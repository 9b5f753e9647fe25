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
        let small = PropertyListReader.Limits(maximumBytes: 10, maximumDepth: 32)
        let tooLarge = #expect(throws: PropertyListError.self) {
            try PropertyListReader.read(Data("<plist><dict/></plist>".utf8), limits: small)
        }
        #expect(tooLarge?.code == .tooLarge)
        let shallow = PropertyListReader.Limits(maximumBytes: 1000, maximumDepth: 2)
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

    /// A `bplist00` image: objects in order, the top object first, 1-byte offsets and references.
    static func binary(_ objects: [[UInt8]], offsetSize: UInt8 = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += (0..<Int(offsetSize)).reversed().map { UInt8(truncatingIfNeeded: offset >> (8 * $0)) } }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        bytes += [0, 0, 0, 0, 0, 0, offsetSize, 1] + be64(objects.count) + be64(0) + be64(table)
        return Data(bytes)
    }

    @Test func readsBinaryValues() throws {
        // dict { "a": [true, 7, "é"] }
        let data = Self.binary([
            [0xD1, 1, 2], [0x51, 0x61], [0xA3, 3, 4, 5], [0x09], [0x10, 7], [0x61, 0x00, 0xE9],
        ])
        let value = try PropertyListReader.read(data)
        #expect(value == .dictionary([
            PropertyListEntry(key: "a", keyLocation: nil, value: .array([.boolean(true, nil), .integer(7, nil), .string("é", nil)], nil))
        ], nil))
    }

    @Test("binary rejections", arguments: [
        ("a set (Foundation crashed on one)", [[0xC1, 1], [0x09]], PropertyListError.Code.unreadableBinary),
        ("a reference past the objects", [[0xA1, 9]], .unreadableBinary),
        ("a non-string key", [[0xD1, 1, 1], [0x09]], .unreadableBinary),
        ("a duplicate key", [[0xD2, 1, 1, 2, 2], [0x51, 0x61], [0x09]], .duplicateKey),
        ("a string past the end", [[0x5F, 0x10, 0x7F, 0x61]], .unreadableBinary),
        ("a self-containing array", [[0xA1, 0]], .tooDeep),
        ("a null", [[0x00]], .unreadableBinary),
    ] as [(String, [[UInt8]], PropertyListError.Code)])
    func rejectsBinary(_ what: String, objects: [[UInt8]], code: PropertyListError.Code) {
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Self.binary(objects)) }
        #expect(error?.code == code, "\(what)")
    }

    @Test func sharedBinaryReferencesCannotExpandExponentially() {
        // 40 arrays, each holding the next one twice: 2^40 nodes if expanded naively.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        let deep = PropertyListReader.Limits(maximumBytes: 1 << 20, maximumDepth: 64)
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Self.binary(objects), limits: deep) }
        #expect(error?.code == .unreadableBinary)
    }

    /// External oracle: Foundation's parser agrees with ours on every valid fixture.
    @Test(
        "Foundation's PropertyListSerialization agrees",
        arguments: try FileManager.default.contentsOfDirectory(atPath: Fixtures.url("formats/stringsdict/valid").path)
            .sorted())
    func agreesWithFoundation(fixture: String) throws {
        let data = try Fixtures.data("formats/stringsdict/valid/\(fixture)")
        let ours = try PropertyListReader.read(data).normalized
        let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        #expect(try Self.tree(foundation) == ours)
        // And our binary parser reads Foundation's binary writer the same way.
        let binary = try PropertyListSerialization.data(fromPropertyList: foundation, format: .binary, options: 0)
        #expect(try PropertyListReader.read(binary).normalized == ours)
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
