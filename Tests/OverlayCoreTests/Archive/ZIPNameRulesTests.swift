import Testing
@testable import OverlayCore

/// Entry-name rules, one code each (DESIGN.md "Security and reliability / ZIP").
@Suite struct ZIPNameRulesTests {
    static let rejected: [(name: String, code: ZIPError.Code)] = [
        ("../x", .pathTraversal),
        ("x/../../y", .pathTraversal),
        ("a/..", .pathTraversal),
        ("/x", .absolutePath),
        ("//../", .absolutePath),
        ("/", .absolutePath),
        ("a\\b", .backslash),
        ("..\\x", .backslash),
        ("C:x", .driveLetter),
        ("c:/x", .driveLetter),
        ("a/b:stream", .driveLetter),
        ("a//b", .emptySegment),
        ("a/b//", .emptySegment),
        ("", .emptySegment),
        ("./a", .dotSegment),
        ("a/./b", .dotSegment),
        ("a\u{0}b", .controlCharacter),
        ("a\nb", .controlCharacter),
        ("a\u{7F}", .controlCharacter),
        ("a\u{85}b", .controlCharacter),
    ]

    @Test("An unsafe name is rejected with its own code", arguments: rejected)
    func rejects(_ testCase: (name: String, code: ZIPError.Code)) {
        let error = #expect(throws: ZIPError.self) { try ZIPNameRules.check(testCase.name) }
        #expect(error?.code == testCase.code, "\(testCase.name.debugDescription): \(String(describing: error))")
        #expect(error?.entryName == testCase.name)
    }

    @Test("Safe names pass", arguments: ["a", "a/", "fr.lproj/Localizable.strings", "a/b/c/", "..a", "a..", "a.b/c.d", "Résumé", "設定.strings", ".hidden"])
    func accepts(_ name: String) throws {
        try ZIPNameRules.check(name)
    }

    static let duplicates: [[String]] = [
        ["a", "a"],
        ["Info.plist", "info.PLIST"],
        ["Straße", "STRASSE"],
        ["R\u{E9}sum\u{E9}", "Re\u{301}sume\u{301}"],
        ["fr.lproj/", "fr.lproj"],
        ["fr.lproj", "fr.lproj/Localizable.strings"],
        ["FR.lproj", "fr.lproj/a/b"],
    ]

    @Test("Names that collide exactly, case-folded, NFC/NFD or as file-and-folder are duplicates", arguments: duplicates)
    func rejectsDuplicates(_ names: [String]) {
        let error = #expect(throws: ZIPError.self) { try ZIPNameRules.checkDuplicates(names) }
        #expect(error?.code == .duplicateName)
    }

    @Test("Distinct names and a folder with its files are not duplicates")
    func acceptsDistinct() throws {
        try ZIPNameRules.checkDuplicates(["fr.lproj/", "fr.lproj/a.strings", "fr.lproj/b.strings", "fr-CA.lproj/a.strings", "a", "ab"])
    }

    static let fileTypes: [(madeBy: UInt16, mode: UInt32, code: ZIPError.Code?)] = [
        (0x0314, 0o100644, nil),
        (0x0314, 0o040755, nil),
        (0x0314, 0, nil),
        (0x0314, 0o120777, .symlink),
        (0x1314, 0o120777, .symlink),  // macOS host
        (0x0314, 0o020644, .specialFile),  // character device
        (0x0314, 0o010644, .specialFile),  // FIFO
        (0x0314, 0o140644, .specialFile),  // socket
        (0x0014, 0o120777, nil),  // MS-DOS host: upper bits carry no Unix mode
    ]

    @Test("Unix symlinks and special files are rejected; other hosts' attributes are not read as modes", arguments: fileTypes)
    func checksFileType(_ testCase: (madeBy: UInt16, mode: UInt32, code: ZIPError.Code?)) {
        let result = Result { () throws(ZIPError) in
            try ZIPNameRules.checkFileType(name: "x", versionMadeBy: testCase.madeBy, externalAttributes: testCase.mode << 16)
        }
        switch result {
        case .success: #expect(testCase.code == nil)
        case .failure(let error): #expect(error.code == testCase.code)
        }
    }
}
