import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayPublishing

/// Module archives built in memory against the sample catalog: each rule of the archive path passes and fails.
@Suite struct ModuleValidatorTests {
    static let shipped = try! CatalogLoader.load(at: Fixtures.url("catalog"), mode: .lenient).catalog
    static let key = try! Ed25519PrivateKey.generate()

    static var context: ValidationContext {
        ValidationContext(
            trustedKeys: try! TrustedKeys([key.publicKey]), appVersion: "1.0", sourceHash: shipped.sourceHash,
            shipped: shipped, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func header(module: String = "Checkout", revision: Int = 2, sourceHash: String? = nil) -> Data {
        ModuleHeader(
            module: module, sourceHash: sourceHash ?? shipped.sourceHash, revision: revision, developmentRegion: "en",
            locales: ["fr"], tables: ["Localizable"]).encoded()
    }

    static func archive(_ files: [String: Data]) -> Data { ZIPWriter.archive(files) }

    static let goodFiles: [String: Data] = [
        "overlay-module.json": header(),
        "Info.plist": Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>".utf8),
        "fr.lproj/Localizable.strings": Data("\"cart.title\" = \"Mon panier\";\n".utf8),
    ]

    func verdict(_ bytes: Data, entry: Manifest.Module? = nil, revoked: Bool = false) -> ModuleVerdict {
        let sha = SHA256.hash(bytes).hex
        let entry = entry ?? Manifest.Module(
            name: "Checkout", path: Manifest.archivePath(name: "Checkout", sha256: sha), sha256: sha, size: bytes.count,
            revision: 2, locales: ["fr"], tables: ["Localizable"], entries: 1)
        let manifest = Manifest(
            appVersion: "1.0", sourceHash: Self.shipped.sourceHash, developmentRegion: "en", revision: 3,
            publishedAt: Date(timeIntervalSince1970: 1_799_990_000), expiresAt: Date(timeIntervalSince1970: 1_801_000_000),
            revoked: revoked ? [.init(module: "Checkout", sha256: entry.sha256)] : [], modules: [entry])
        return ModuleValidator.validate(archive: bytes, entry: entry, manifest: manifest, context: Self.context)
    }

    func errorCodes(_ verdict: ModuleVerdict) -> [String] {
        verdict.findings.filter { $0.severity == .error }.map(\.code)
    }

    @Test func aGoodArchiveIsAcceptedWithItsFilesAndTables() {
        let result = verdict(Self.archive(Self.goodFiles))
        #expect(result.isAccepted, "\(result.findings)")
        #expect(result.files?["fr.lproj/Localizable.strings"] != nil)
        #expect(result.content?.localizations["fr"]?.tables["Localizable"]?.strings["cart.title"] == "Mon panier")
        #expect(result.header?.revision == 2)
    }

    /// The publisher's self-check inflates the archive whole once, then parses one folder at a time without keeping
    /// the files: the same findings as the device's path, which keeps them all.
    @Test func checkingOneFolderAtATimeFindsWhatCheckingAllAtOnceFinds() {
        var files = Self.goodFiles
        files["fr.lproj/Localizable.strings"] = Data("\"cart.title\" = \"Mon panier %d\";\n".utf8)
        files["de.lproj/Localizable.strings"] = Data("\"cart.title\" = \"Warenkorb\"\n".utf8)
        let bytes = Self.archive(files)
        let all = ModuleValidator.validateContents(
            bytes, expectedModule: "Checkout", expectedRevision: 2, context: Self.context, file: "Checkout.zip")
        let byFolder = ModuleValidator.validateContentsByFolder(
            bytes, expectedModule: "Checkout", expectedRevision: 2, context: Self.context, file: "Checkout.zip")
        #expect(all.findings.filter { $0.severity == .error }.count >= 2)  // one in each folder
        #expect(byFolder.findings == all.findings)
        #expect(byFolder.files == nil && all.files == nil)

        let good = ModuleValidator.validateContentsByFolder(
            Self.archive(Self.goodFiles), expectedModule: "Checkout", expectedRevision: 2, context: Self.context,
            file: "Checkout.zip")
        #expect(good.files == [:] && good.content == nil && good.header?.revision == 2)
        var damaged = Array(bytes)
        damaged[damaged.count / 3] ^= 0xFF  // inside a deflated entry: the whole archive is refused before parsing
        #expect(ModuleValidator.validateContentsByFolder(
            Data(damaged), expectedModule: "Checkout", expectedRevision: 2, context: Self.context, file: "Checkout.zip"
            ).findings.map(\.code)
            == ModuleValidator.validateContents(
                Data(damaged), expectedModule: "Checkout", expectedRevision: 2, context: Self.context, file: "Checkout.zip"
            ).findings.map(\.code))
    }

    @Test func sizeAndDigestAreCheckedBeforeParsing() {
        let bytes = Self.archive(Self.goodFiles)
        let sha = SHA256.hash(bytes).hex
        let wrongSize = Manifest.Module(
            name: "Checkout", path: "modules/Checkout-\(sha.prefix(16)).zip", sha256: sha, size: bytes.count + 1,
            revision: 2, locales: [], tables: [], entries: 0)
        #expect(errorCodes(verdict(bytes, entry: wrongSize)) == ["integrity.size"])
        let otherSha = String(repeating: "0", count: 64)
        let wrongDigest = Manifest.Module(
            name: "Checkout", path: "modules/Checkout-\(otherSha.prefix(16)).zip", sha256: otherSha, size: bytes.count,
            revision: 2, locales: [], tables: [], entries: 0)
        #expect(errorCodes(verdict(bytes, entry: wrongDigest)) == ["integrity.sha256"])
    }

    @Test func aRevokedArchiveIsNeverAccepted() {
        #expect(errorCodes(verdict(Self.archive(Self.goodFiles), revoked: true)) == ["revoked"])
    }

    @Test("header binding", arguments: [
        ("missing", "archive.missing-header"),
        ("module", "binding.module"),
        ("revision", "binding.revision"),
        ("source hash", "binding.source-hash"),
        ("malformed", "artifact.invalid-json"),
    ])
    func headerBinding(defect: String, code: String) {
        var files = Self.goodFiles
        switch defect {
        case "missing": files["overlay-module.json"] = nil
        case "module": files["overlay-module.json"] = Self.header(module: "App")
        case "revision": files["overlay-module.json"] = Self.header(revision: 1)
        case "source hash": files["overlay-module.json"] = Self.header(sourceHash: "sha256:" + String(repeating: "1", count: 64))
        default: files["overlay-module.json"] = Data("{".utf8)
        }
        #expect(errorCodes(verdict(Self.archive(files))).first == code)
    }

    @Test func anEntryOutsideTheModuleLayoutIsRejected() {
        var files = Self.goodFiles
        files["payload.sh"] = Data("#!/bin/sh\n".utf8)
        #expect(errorCodes(verdict(Self.archive(files))) == ["zip.unexpected-entry"])
    }

    @Test("content rules", arguments: [
        ("\"cart.subtotal\" = \"Sous-total : %d\";\n", "format.class-mismatch"),
        ("\"cart.subtotal\" = \"Sous-total : %n\";\n", "format.write-back"),
        ("\"cart.subtotal\" = \"Sous-total\"\n", "strings.missing-semicolon"),
    ])
    func contentRules(strings: String, code: String) {
        var files = Self.goodFiles
        files["fr.lproj/Localizable.strings"] = Data(strings.utf8)
        let result = verdict(Self.archive(files))
        #expect(!result.isAccepted)
        #expect(errorCodes(result).contains(code), "\(errorCodes(result))")
    }

    @Test func aPluralWithoutOtherAndAGapAreRejected() {
        var files = Self.goodFiles
        files["fr.lproj/Localizable.stringsdict"] = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>cart.items</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
            <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>%ld article</string></dict>
            </dict></dict></plist>
            """.utf8)
        #expect(errorCodes(verdict(Self.archive(files))).contains("plural.missing-other"))

        var gap = Self.goodFiles
        // "order.placed" ships as "Order #%1$lld placed on %2$@"; reading only slot 2 leaves a gap at slot 1.
        gap["fr.lproj/Localizable.strings"] = Data("\"order.placed\" = \"Commande du %2$@\";\n".utf8)
        #expect(errorCodes(verdict(Self.archive(gap))) == ["format.gap"])
    }

    @Test func aModuleTheBuildDoesNotShipIsRejected() {
        var files = Self.goodFiles
        files["overlay-module.json"] = Self.header(module: "Ghost")
        let bytes = Self.archive(files)
        let sha = SHA256.hash(bytes).hex
        let entry = Manifest.Module(
            name: "Ghost", path: Manifest.archivePath(name: "Ghost", sha256: sha), sha256: sha, size: bytes.count,
            revision: 2, locales: ["fr"], tables: ["Localizable"], entries: 1)
        #expect(errorCodes(verdict(bytes, entry: entry)).contains("binding.unknown-module"))
    }
}
