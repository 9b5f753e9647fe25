import Foundation
import Testing
@testable import OverlayCore

/// Width and device rule shapes, written inline: each case is one small entry.
@Suite struct StringsdictRuleTests {
    static func plist(_ entry: String) -> String { "<plist><dict><key>k</key><dict>\(entry)</dict></dict></plist>" }

    static func read(_ entry: String) throws(StringsdictError) -> StringsdictFile {
        try StringsdictReader.readFile(Data(plist(entry).utf8))
    }

    static let plural = "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
        + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
        + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict>"

    @Test("rule rejections", arguments: [
        ("<key>NSStringVariableWidthRuleType</key><string>x</string>", StringsdictError.Code.invalidWidth),
        ("<key>NSStringVariableWidthRuleType</key><dict><key>-1</key><string>x</string></dict>", .invalidWidth),
        ("<key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>x</string><key>01</key><string>y</string></dict>", .invalidWidth),
        ("<key>NSStringVariableWidthRuleType</key><dict><key>1</key><integer>1</integer></dict>", .nonStringVariant),
        ("<key>NSStringDeviceSpecificRuleType</key><array/>", .unknownDevice),
        ("<key>NSStringDeviceSpecificRuleType</key><dict/>", .emptyRule),
        ("<key>NSStringDeviceSpecificRuleType</key><dict><key>mac</key><true/></dict>", .nonStringVariant),
        ("<key>NSStringDeviceSpecificRuleType</key><dict><key>mac</key><dict/></dict>", .entryKind),
        ("<key>NSStringDeviceSpecificRuleType</key><dict><key>ipad</key><string>x</string></dict><key>n</key><dict/>", .unexpectedKey),
        ("<key>NSStringLocalizedFormatKey</key><string>x</string><key>NSStringDeviceSpecificRuleType</key><dict/>", .entryKind),
        ("<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
            + "<key>NSStringFormatSpecTypeKey</key><true/><key>NSStringFormatValueTypeKey</key><string>d</string>"
            + "<key>other</key><string>x</string></dict>", .unsupportedSpecType),
        ("<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
            + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + "<key>NSStringFormatValueTypeKey</key><integer>4</integer><key>other</key><string>x</string></dict>",
            .invalidValueType),
        ("<key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>"
            + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%#@n@</string></dict>",
            .variableCycle),
    ] as [(String, StringsdictError.Code)])
    func rejects(entry: String, code: StringsdictError.Code) {
        // An entry-level rule rejects the entry (the file still reads); the strict dictionary reader throws it.
        let file = try? Self.read(entry)
        #expect(file?.rejected.count == 1)
        let error = file?.rejected.first?.error
        #expect(throws: StringsdictError.self) { try StringsdictReader.read(Data(Self.plist(entry).utf8)) }
        #expect(error?.code == code)
        #expect(error?.key == "k")
        #expect(error?.location != nil)
    }

    @Test func deviceVariantsMayBeStringsOrEntries() throws {
        let file = try Self.read(
            "<key>NSStringDeviceSpecificRuleType</key><dict><key>applewatch</key><string>Tap</string>"
                + "<key>other</key><dict>\(Self.plural)</dict></dict>")
        guard case .device(let variants) = file.entries[0].entry else {
            Issue.record("not a device rule")
            return
        }
        #expect(variants["applewatch"] == .text("Tap"))
        #expect(SlotMap(entry: file.entries[0].entry).signature == "1:int32")
    }

    @Test func translatedDeviceAndWidthEntriesAreCheckedToo() throws {
        let source = try Self.read("<key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>%@</string></dict>")
        let translation = try Self.read(
            "<key>NSStringVariableWidthRuleType</key><dict><key>1</key><string>%d</string><key>9</key><string>%@</string></dict>")
        let issues = FormatCompatibility.check(
            source: SlotMap(entry: source.entries[0].entry), translation: SlotMap(entry: translation.entries[0].entry))
        #expect(issues.map(\.code) == [.conflictingSlot, .classMismatch])
    }

    @Test func bigEndianUTF16IsRead() throws {
        let text = "<plist><dict><key>k</key><dict>\(Self.plural)</dict></dict></plist>"
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try StringsdictReader.read(Data(bytes)).keys.sorted() == ["k"])
    }
}
