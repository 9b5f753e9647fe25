import Foundation
import Testing
@testable import OverlayCore
import OverlayPublishing
import OverlayTestSupport
@testable import OverlayTools

/// What `overlay codegen` writes compiles under Swift 6 with warnings as errors, and its members render what the
/// catalog says — through the Localizer, so an overlay's text wins.
@Suite(.serialized) struct CodegenCompileTests {
    static let catalog = SwiftProgram.repositoryRoot.appendingPathComponent("testdata/catalog")

    /// Every module of testdata/catalog (Onboarding internal, the others public), their integration files, and
    /// a program that calls members of every kind: plain, `%@`, `%lld`, positional, plural, two plurals, a
    /// named substitution, `%f`, a `%%` text, an `.xcstrings` plural and device variant, a `Base.lproj` table.
    @Test("the sample catalog's modules compile and render, overlays applied")
    func sampleCatalog() throws {
        let directory = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String: String] = [:]
        for (module, access) in [
            ("Account", CodegenAccess.public), ("App", .public), ("Checkout", .public), ("Onboarding", .internal),
        ] {
            let output = try Codegen.generate(catalog: Self.catalog, module: module, access: access)
            files["\(module).swift"] = output.source
            files["\(module)Integration.swift"] = output.integration
        }
        files["main.swift"] = Self.program
        files["AppBundles.swift"] = Self.appBundles
        let (store, _, key) = try Self.storeWithCheckoutOverlay(in: directory)

        let program = try SwiftProgram.compile(files, in: directory)
        let caches = directory.appendingPathComponent("caches").path
        // The program reads what Xcode builds from the catalog, as an app does.
        let app = try XcodeLayout.build(catalog: Self.catalog, main: "App", into: directory.appendingPathComponent("build"))
        let lines = try SwiftProgram.output(of: program, [app.path, store.path, key.path, caches])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = [
            "Cart", "Subtotal: €12", "Order #1042", "Order #1042 placed on 3 May", "1 item", "3 items",
            "2 items reserved at Lyon", "3 items from 2 stores", "2 orders are ready for pickup at Lyon",
            "1.3 GB used", "Storage 80% full", "OK", "Notes", "Imported 3 notes into 1 folder", "You already have 1 note",
            "Overlay Notes", "Sync your notes from any device.", "Ann, member since May 2020",
            "An account with a@b.c already exists.",
            // fr with the overlay revision: the overlay's text wins, the shipped fr answers the rest.
            "Panier (mis à jour)", "Total partiel : 12 €", "Votre panier est vide.", "Panier (mis à jour)",
            "Panier (mis à jour)", "Votre panier est vide.", "in the caches", "⟦Checkout/Localizable:no.such.key⟧", "",
        ]
        #expect(lines == expected)
    }

    /// A store holding a French revision of Checkout for testdata/catalog, written the way a sync writes it, and the
    /// public key the program's SyncService is configured with: (store, revision directory, raw key file).
    static func storeWithCheckoutOverlay(in directory: URL) throws -> (URL, URL, URL) {
        let catalog = try CatalogLoader.load(at: Self.catalog, mode: .lenient).catalog
        let storeURL = directory.appendingPathComponent("store")
        let store = try OverlayStore.open(at: storeURL, appVersion: "1.0", sourceHash: catalog.sourceHash)
        try store.activate(
            module: "Checkout", sha256: String(repeating: "a1", count: 32), revision: 2,
            files: ["fr.lproj/Localizable.strings": Data(
                "\"cart.title\" = \"Panier (mis à jour)\";\n\"cart.subtotal\" = \"Total partiel : %@\";\n".utf8)])
        guard let revision = store.snapshot().modules["Checkout"]?.directory else {
            throw SwiftProgram.Failure(description: "the Checkout revision was not activated")
        }
        let key = directory.appendingPathComponent("signing.pub.raw")
        try Ed25519PrivateKey.generate().publicKey.rawRepresentation.write(to: key)
        return (storeURL, revision, key)
    }

    /// The bundles the programs name, as an app names its own: the app, and each resource bundle in it
    /// (`<Package>_<Module>.bundle`, where XcodeLayout puts every other module).
    static let appBundles = """
        import Foundation

        func appBundles(_ app: URL, main: String) throws -> [String: Bundle] {
            guard let own = Bundle(url: app) else { throw CocoaError(.fileNoSuchFile) }
            var bundles = [main: own]
            for name in try FileManager.default.contentsOfDirectory(atPath: app.path) where name.hasSuffix(".bundle") {
                guard let bundle = Bundle(url: app.appendingPathComponent(name)) else { throw CocoaError(.fileNoSuchFile) }
                bundles[String(name.dropLast(".bundle".count).split(separator: "_").last ?? "")] = bundle
            }
            return bundles
        }

        """

    /// `main.swift` of the sample program: argument 1 is the built app, 2 the store, 3 the trusted public key. It
    /// starts as an app does (docs/API.md): the store's snapshot comes from a SyncService, nothing is built by hand.
    static let program = """
        import Foundation
        import OverlayCore
        import OverlaySync

        let arguments = CommandLine.arguments
        setenv("XDG_CACHE_HOME", arguments[4], 1)  // where the bundle is written (the default is ~/.cache)
        let catalog = BuiltCatalogLoader.load(bundles: try appBundles(URL(fileURLWithPath: arguments[1]), main: "App")).catalog
        let key = try Ed25519PublicKey(rawRepresentation: Data(contentsOf: URL(fileURLWithPath: arguments[3])))
        let sync = SyncService(
            configuration: SyncConfiguration(
                origin: URL(fileURLWithPath: "/nonexistent-origin"), appVersion: "1.0", trustedKeys: try TrustedKeys([key]),
                shipped: catalog, storeURL: URL(fileURLWithPath: arguments[2])),
            transport: DefaultHTTPTransport.make())
        let store = try await sync.snapshot()
        let en = Localizer(catalog: catalog, preferredLanguages: ["en"])
        let fr = Localizer(catalog: catalog, store: store, preferredLanguages: ["fr"], mode: .development)
        let bundle = fr.checkoutBundle(shipped: .main)
        let checkout = Checkout.Localizable(en)
        let app = App.Localizable(en)
        let onboarding = Onboarding.Localizable(en)
        let french = Checkout.Localizable(fr)
        let lines = [
            checkout.cartTitle, checkout.cartSubtotal("€12"), checkout.orderNumber(1042), checkout.orderPlaced(1042, "3 May"),
            checkout.cartItems(1), checkout.cartItems(3), checkout.cartReserved(2, store: "Lyon"),
            checkout.cartSummary(3, 2), checkout.orderReady("Lyon", 2),
            app.homeStorageUsed(1.26), app.homeStoragePercent(80), app.ok, App.Main(en).xa3Bc1Title,
            onboarding.importedNotesIntoFolders(3, 1), onboarding.onboardingNotesCount(1), onboarding.overlayNotes,
            onboarding.onboardingSyncHint, Account.Localizable(en).accountMemberSince("May 2020", name: "Ann"),
            Account.Errors(en).errorEmailTaken(email: "a@b.c"),
            french.cartTitle, french.cartSubtotal("12 €"), french.cartEmpty,
            fr.checkoutTable().string(forKey: "cart.title"),
            // Through the bundle: the overlay's key, and one only the shipped fr table has (per-key fallback).
            bundle.localizedString(forKey: "cart.title", value: nil, table: nil),
            bundle.localizedString(forKey: "cart.empty", value: nil, table: nil),
            bundle.bundlePath.hasPrefix(arguments[4]) ? "in the caches" : bundle.bundlePath,
            fr.checkoutTable().string(forKey: "no.such.key"),
        ]
        print(lines.joined(separator: "\\n"))
        """

    /// Keys no plain name can come from still compile, with the names the planner reports.
    @Test("hostile keys and texts compile, named as reported")
    func hostileKeys() throws {
        let directory = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = directory.appendingPathComponent("catalog")
        let lproj = catalog.appendingPathComponent("Weird/en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try Data(Self.hostileStrings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        try Data("\"x\" = \"Other table\";\n".utf8).write(to: lproj.appendingPathComponent("my-table.strings"))
        try Data("\"y\" = \"Shadow\";\n".utf8).write(to: lproj.appendingPathComponent("String.strings"))
        // A module that ships only translations (its English lives in code): no typed keys, still compiles.
        let french = catalog.appendingPathComponent("CodeText/fr.lproj")
        try FileManager.default.createDirectory(at: french, withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n".utf8).write(to: french.appendingPathComponent("Localizable.strings"))
        let empty = try Codegen.generate(catalog: catalog, module: "CodeText", access: .public)
        #expect(empty.module.tables.isEmpty)
        let output = try Codegen.generate(catalog: catalog, module: "Weird", access: .public)
        let program = try SwiftProgram.compile(
            [
                "Weird.swift": output.source, "WeirdIntegration.swift": output.integration, "main.swift": Self.hostileProgram,
                "CodeText.swift": empty.source, "CodeTextIntegration.swift": empty.integration,
                "AppBundles.swift": Self.appBundles,
            ],
            in: directory)
        let app = try XcodeLayout.build(catalog: catalog, main: "Weird", into: directory.appendingPathComponent("build"))
        let lines = try SwiftProgram.output(of: program, [app.path]).split(separator: "\n").map(String.init)
        #expect(lines == [
            // `cart-title` sorts before `cart.title` (0x2D < 0x2E), so it keeps the plain name.
            "Cart (dash)", "Cart", "Default", "Self", "404", "Café", "Empty", "Привет", "Q \"quoted\" \\ back",
            "a */ b", "line", "break", "Save 50%", "Hi Ann, 2", "Other table", "Shadow",
        ])
        let reasons = Set(output.module.notes.map { "\($0.key)|\($0.reason.rawValue)|\($0.name ?? "-")" })
        let expectedReasons: Set<String> = [
            "cart.title|collision|cartTitle_2", "default|keyword|default", "self|reserved|self_",
            "handle|reserved|handle_", "404.title|leading-digit|_404Title", "café|non-ascii|caf",
            "|no-name|key811c9dc5", "Привет|non-ascii|key\(SwiftIdentifier.digest("Привет"))",
            "Привет|no-name|key\(SwiftIdentifier.digest("Привет"))", "pointer|unsupported|-",
            "percent|as-written|percent",
        ]
        #expect(reasons == expectedReasons)
        #expect(!output.source.contains("\u{202E}"), "a bidi override is escaped, never written")
        #expect(output.source.unicodeScalars.allSatisfy { $0.isASCII || !$0.properties.isDefaultIgnorableCodePoint })
    }

    static let hostileStrings = """
        "cart.title" = "Cart";
        "cart-title" = "Cart (dash)";
        "default" = "Default";
        "self" = "Self";
        "handle" = "Handle";
        "404.title" = "404";
        "café" = "Café";
        "" = "Empty";
        "Привет" = "Привет";
        "q\\"uote\\\\d" = "Q \\"quoted\\" \\\\ back";
        "comment.end" = "a */ b";
        "newline" = "line\\nbreak";
        "bidi" = "abc \\U202E evil";
        "pointer" = "at %p";
        "percent" = "Save 50%";
        "greet" = "Hi %{default}, %ld";

        """

    static let hostileProgram = """
        import Foundation
        import OverlayCore

        let app = URL(fileURLWithPath: CommandLine.arguments[1])
        let catalog = BuiltCatalogLoader.load(bundles: try appBundles(app, main: "Weird")).catalog
        let localizer = Localizer(catalog: catalog, preferredLanguages: ["en"])
        let weird = Weird.Localizable(localizer)
        let lines = [
            weird.cartTitle, weird.cartTitle_2, weird.default, weird.self_, weird._404Title, weird.caf, weird.key811c9dc5,
            weird.key\(SwiftIdentifier.digest("Привет")), weird.qUoteD, weird.commentEnd, weird.newline, weird.percent,
            weird.greet(2, default: "Ann"), Weird.MyTable(localizer).x, Weird.String_(localizer).y,
        ]
        _ = weird.handle_
        _ = (CodeText.moduleName, localizer.codeTextTable().string(forKey: "a"))
        print(lines.joined(separator: "\\n"))
        """
}
