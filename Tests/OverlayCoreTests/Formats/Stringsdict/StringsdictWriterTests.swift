import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

@Suite struct StringsdictWriterTests {
    static let entries: [String: StringsdictEntry] = [
        "n.items": .format(PluralFormat(format: "%1$@ has %2$#@count@", variables: [
            "count": PluralVariable(valueType: "ld", forms: [.one: "%2$ld item & <more>", .other: "%2$ld items \"quoted\""])
        ])),
        "nested": .format(PluralFormat(format: "%#@files@", variables: [
            "files": PluralVariable(valueType: "ld", forms: [.one: "one file in %#@folders@", .other: "%ld files in %#@folders@"]),
            "folders": PluralVariable(valueType: "ld", forms: [.zero: "no folder", .other: "%ld folders"]),
        ])),
        "title.width": .width([20: "Short", 100: "A much longer title\r\nwith a break"]),
        "device": .device(["mac": .text("Click"), "other": .format(PluralFormat(format: "%#@taps@", variables: [
            "taps": PluralVariable(valueType: "d", forms: [.one: "Tap once", .other: "Tap %d times"])
        ]))]),
    ]

    @Test func roundTripsThroughOurReader() throws {
        let data = StringsdictWriter.write(Self.entries)
        #expect(try StringsdictReader.read(data) == Self.entries)
    }

    @Test func foundationReadsTheSameStrings() throws {
        let data = StringsdictWriter.write(Self.entries)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let items = try #require(plist["n.items"] as? [String: Any])
        let count = try #require(items["count"] as? [String: String])
        #expect(count["one"] == "%2$ld item & <more>")
        #expect(count["other"] == "%2$ld items \"quoted\"")
        let width = try #require((plist["title.width"] as? [String: Any])?["NSStringVariableWidthRuleType"] as? [String: String])
        #expect(width["100"] == "A much longer title\r\nwith a break")
    }

    @Test func sameTableSameBytes() {
        #expect(StringsdictWriter.write(Self.entries) == StringsdictWriter.write(Self.entries))
    }
}
