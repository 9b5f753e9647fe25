import Testing
@testable import OverlayCore

/// The module-archive allow-list (DESIGN.md "Module archive").
@Suite struct ZIPModuleLayoutTests {
    static let rejectedFixtures = ["module-with-unexpected-entry.zip"]

    @Test("Allowed module archive entries", arguments: [
        "overlay-module.json", "Info.plist", "fr.lproj/Localizable.strings", "fr-CA.lproj/Localizable.stringsdict",
        "Base.lproj/Main.strings", "zh-Hans.lproj/InfoPlist.strings", "pt_BR.lproj/Errors.strings", "fr.lproj/",
    ])
    func allowed(_ name: String) {
        #expect(ModuleArchiveLayout.isAllowed(name))
    }

    @Test("Anything else is refused", arguments: [
        "scripts/install.sh", "overlay-module.json/", "fr.lproj/Localizable.txt", "fr.lproj/sub/Localizable.strings",
        "fr/Localizable.strings", ".lproj/Localizable.strings", "fr.lproj/.strings", "fr.lproj/.hidden.strings",
        "Localizable.strings", "info.plist", "fr.lproj", "1fr.lproj/Localizable.strings", "fr.lproj/Résumé.strings",
    ])
    func refused(_ name: String) {
        #expect(!ModuleArchiveLayout.isAllowed(name))
    }

    @Test("A module archive with an extra file is rejected with zip.unexpected-entry naming it")
    func rejectsFixture() throws {
        let archive = try ZIPArchive(data: try Fixtures.data("zip/module-with-unexpected-entry.zip"))
        let error = #expect(throws: ZIPError.self) { try ModuleArchiveLayout.validate(archive) }
        #expect(error?.code.rawValue == "zip.unexpected-entry")
        #expect(error?.entryName == "scripts/install.sh")
    }

    @Test("Real module archives pass the layout")
    func acceptsModules() throws {
        for file in ["valid-infozip-deflate-with-directories.zip", "valid-python-deflate.zip", "valid-python-data-descriptors.zip"] {
            let archive = try ZIPArchive(data: try Fixtures.data("zip/\(file)"))
            try ModuleArchiveLayout.validate(archive)
        }
    }
}
