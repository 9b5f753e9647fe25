import Foundation
import Testing
@testable import OverlayCore

@Suite struct OverlayContentValidatorTests {
    static let shipped: CatalogModule = {
        let result = CatalogLoader.module(named: "M", developmentRegion: "en", files: [
            "en.lproj/Localizable.strings": Data("\"greet\" = \"Hello, %@!\";\n\"count\" = \"%ld left\";\n".utf8),
            "en.lproj/Localizable.stringsdict": Data(stringsdict(
                key: "n.items", valueType: "ld", forms: ["one": "%ld item", "other": "%ld items"]).utf8),
            "ru.lproj/Localizable.strings": Data("\"greet\" = \"Привет, %@!\";\n\"count\" = \"Осталось %ld\";\n".utf8),
        ])
        return result.module
    }()

    func findings(_ files: [String: String]) -> [Finding] {
        let overlay = CatalogLoader.module(
            named: "M", developmentRegion: "en", files: files.mapValues { Data($0.utf8) })
        return overlay.findings + OverlayContentValidator.validate(overlay.module, shipped: Self.shipped)
    }

    @Test func aCorrectOverlayIsClean() {
        #expect(findings([
            "ru.lproj/Localizable.strings": "\"greet\" = \"Здравствуйте, %@!\";\n\"count\" = \"Осталось: %ld\";\n"
        ]).isEmpty)
    }

    @Test("each defect is rejected with its code", arguments: [
        ("\"greet\" = \"Здравствуйте, %d!\";\n\"count\" = \"%ld\";\n", "format.class-mismatch"),
        ("\"greet\" = \"Здравствуйте %n\";\n\"count\" = \"%ld\";\n", "format.write-back"),
        ("\"greet\" = \"%@ на 50% больше\";\n\"count\" = \"%ld\";\n", "format.unknown-conversion"),
        ("\"greet\" = \"%@: 100% sure\";\n\"count\" = \"%ld\";\n", "format.accidental-specifier"),
        ("\"greet\" = \"%2$@\";\n\"count\" = \"%ld\";\n", "format.unknown-slot"),
        ("\"greet\" = \"Привет\"\n", "strings.missing-semicolon"),
        ("\"greet\" = \"Привет, %@!\";\n\"greet\" = \"Здравствуйте, %@!\";\n\"count\" = \"%ld\";\n", "strings.duplicate-key"),
    ])
    func rejected(ru: String, code: String) {
        let found = findings(["ru.lproj/Localizable.strings": ru])
        #expect(found.contains { $0.code == code && $0.severity == .error }, "\(found.map(\.code))")
    }

    @Test func unknownKeyAndPartialTableAreWarnings() {
        let found = findings(["ru.lproj/Localizable.strings": "\"greet\" = \"Привет, %@!\";\n\"new.key\" = \"Новое\";\n"])
        #expect(found.map(\.code).sorted() == ["key.unknown", "overlay.table-missing-keys"])
        #expect(found.allSatisfy { $0.severity == .warning })
    }

    @Test func pluralWithoutOtherAndMissingCategory() {
        let noOther = findings(["ru.lproj/Localizable.stringsdict": stringsdict(
            key: "n.items", valueType: "ld", forms: ["one": "%ld штука"])])
        #expect(noOther.map(\.code).contains("plural.missing-other"))
        let missingFew = findings(["ru.lproj/Localizable.stringsdict": stringsdict(
            key: "n.items", valueType: "ld", forms: ["one": "%ld штука", "many": "%ld штук", "other": "%ld штуки"])])
        #expect(missingFew.map(\.code).contains("plural.missing-category"))
    }

    @Test func keySyntaxAndSizeLimits() {
        var limits = ValidationLimits()
        limits.maxKeyBytes = 8
        limits.maxValueBytes = 8
        let location = Finding.Location()
        #expect(KeySyntaxRule.check(key: "", value: .string("x"), knownToShipped: true, limits: limits, location: location)
            .map(\.code) == [])  // Xcode writes "" keys (`Text("")`): data, not an error
        #expect(KeySyntaxRule.check(key: "a\u{1B}b", value: .string("x"), knownToShipped: true, limits: limits, location: location)
            .map(\.code) == ["key.control-character"])
        #expect(KeySyntaxRule.check(key: "a\tb\nc", value: .string("x"), knownToShipped: true, limits: limits, location: location)
            .map(\.code) == [])
        #expect(KeySyntaxRule.check(key: "123456789", value: .string("123456789"), knownToShipped: true, limits: limits, location: location)
            .map(\.code) == ["key.too-long", "value.too-long"])
    }
}
