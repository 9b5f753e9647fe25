import Foundation
import Testing
import OverlayCore

/// `overlay resolve` against testdata/catalog: stdout is exactly the rendered string.
@Suite struct ResolveCommandTests {
    static let catalog = CLI.testdata("catalog")

    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdout: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["cart.title", "--module", "Checkout", "--locale", "fr"], stdout: "Panier"),
        Case(arguments: ["cart.title", "--module", "Checkout", "--locale", "fr-CA"], stdout: "Panier d’achat"),
        // fr-CA lacks the key: fr answers, per key
        Case(arguments: ["checkout.card.ending", "--module", "Checkout", "--locale", "fr-CA", "--arg", "4242"],
             stdout: "Carte se terminant par 4242"),
        Case(arguments: ["cart.items", "--module", "Checkout", "--locale", "ru", "--count", "21"], stdout: "21 товар"),
        Case(arguments: ["cart.items", "--module", "Checkout", "--locale", "ru", "--count", "5"], stdout: "5 товаров"),
        Case(arguments: ["cart.items", "--module", "Checkout", "--locale", "ar", "--count", "0"], stdout: "لا توجد منتجات"),
        Case(arguments: ["cart.items", "--module", "Checkout", "--locale", "ar", "--count", "100"], stdout: "100 منتج"),
        Case(arguments: ["cart.items", "--module", "Checkout", "--locale", "fr-CA", "--count", "0"], stdout: "0 article"),
        Case(arguments: ["cart.summary", "--module", "Checkout", "--locale", "en", "--count", "2"],
             stdout: "2 items from 2 stores"),
        // --arg converted to each slot's class: %1$lld takes 1042, %2$@ the date
        Case(arguments: ["order.placed", "--module", "Checkout", "--locale", "en", "--arg", "1042", "--arg", "3 May"],
             stdout: "Order #1042 placed on 3 May"),
        Case(arguments: ["order.ready", "--module", "Checkout", "--locale", "ar", "--arg", "ليون", "--count", "2"],
             stdout: "طلبان جاهزان للاستلام من ليون"),
        Case(arguments: ["cart.reserved", "--module", "Checkout", "--locale", "en", "--count", "2", "--sub", "store=Lyon %@"],
             stdout: "2 items reserved at Lyon %@"),
        // Base.lproj answers for the development region (en has no Main.strings); de has its own
        Case(arguments: ["Xa3-bc-1.title", "--module", "App", "--table", "Main", "--locale", "en"], stdout: "Notes"),
        Case(arguments: ["Xa3-bc-1.title", "--module", "App", "--table", "Main", "--locale", "de-AT"], stdout: "Notizen"),
    ]

    @Test("renders", arguments: cases)
    func renders(_ test: Case) throws {
        let result = try CLI.run(["resolve"] + test.arguments + ["--bundle", Self.catalog])
        #expect(result.stdout == test.stdout + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
    }

    @Test func totalMissPrintsTheKeyAndFails() throws {
        let production = try CLI.run(["resolve", "no.such.key", "--module", "Checkout", "--locale", "fr", "--bundle", Self.catalog])
        #expect(production.stdout == "no.such.key\n")
        #expect(production.status == 1)
        #expect(production.stderr.contains("warning: no value for 'no.such.key'"))
        let development = try CLI.run(
            ["resolve", "no.such.key", "--module", "Checkout", "--locale", "fr", "--bundle", Self.catalog, "--dev"])
        #expect(development.stdout == "⟦Checkout/Localizable:no.such.key⟧\n")
        #expect(development.status == 1)
    }

    @Test("usage errors", arguments: [
        (["order.placed", "--arg", "abc", "--arg", "x"], "is not an integer"),
        (["order.placed", "--arg", "1"], "needs a value"),
        (["order.placed", "--arg", "1", "--arg", "x", "--arg", "y"], "too many --arg"),
        (["cart.items"], "--count"),
        (["cart.items", "--count", "1.5"], "is not an integer"),
        (["cart.title", "--sub", "=x"], "name=value"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(
            ["resolve"] + arguments + ["--module", "Checkout", "--locale", "en", "--bundle", Self.catalog])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func jsonReportsWhereTheValueCameFrom() throws {
        let result = try CLI.run(
            ["resolve", "checkout.pay", "--module", "Checkout", "--locale", "fr-CA", "--arg", "12 €", "--bundle", Self.catalog, "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["value"] as? String == "Payer 12 €")
        #expect(object["layer"] as? String == "shipped")
        #expect(object["locale"] as? String == "fr")
        #expect(object["revision"] is NSNull)
        #expect(object["chain"] as? [String] == ["fr-CA", "fr", "en"])
    }

    @Test func traceGoesToStderr() throws {
        let result = try CLI.run(
            ["resolve", "cart.title", "--module", "Checkout", "--locale", "fr-CA", "--bundle", Self.catalog, "--trace"])
        #expect(result.stdout == "Panier d’achat\n")
        #expect(result.stderr.contains("trace: chain fr-CA → fr → en"))
        #expect(result.stderr.contains("trace: answered by shipped fr-CA"))
    }

    @Test func storeRevisionOverlaysTheShippedValue() throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let hash = try CLI.run(["source-hash", Self.catalog]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let files = ["fr.lproj/Localizable.strings": Data("\"cart.title\" = \"Mon panier\";\n".utf8)]
        let sha = String(repeating: "ab", count: 32)
        try OverlayStore.open(at: store, appVersion: "2.4.0", sourceHash: hash)
            .activate(module: "Checkout", sha256: sha, revision: 9, files: files)
        let base = ["resolve", "cart.title", "--module", "Checkout", "--bundle", Self.catalog, "--store", store.path]
        let overlay = try CLI.run(base + ["--locale", "fr-CA", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(overlay.stdout.utf8)) as? [String: Any])
        #expect(object["value"] as? String == "Panier d’achat")  // shipped fr-CA comes before overlay fr
        let french = try CLI.run(base + ["--locale", "fr", "--trace"])
        #expect(french.stdout == "Mon panier\n")
        #expect(french.stderr.contains("answered by overlay fr revision 9"))

        // A store written for another catalog (another source hash) is ignored.
        let foreign = store.appendingPathComponent("foreign")
        try OverlayStore.open(at: foreign, appVersion: "2.4.0", sourceHash: "sha256:" + String(repeating: "0", count: 64))
            .activate(module: "Checkout", sha256: sha, revision: 9, files: files)
        #expect(try CLI.run(["resolve", "cart.title", "--module", "Checkout", "--bundle", Self.catalog, "--store", foreign.path, "--locale", "fr"]).stdout == "Panier\n")
    }

    /// What `resolve --store` shows is what an app shows: an index file an older store left is not read, a link the
    /// digest list does not name is not read, and a listed table replaced by a link makes the revision damaged (the
    /// shipped text shows, and `--trace` says why).
    @Test func damagedStoreFilesShowWhatAnAppShows() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-damage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.appendingPathComponent("store")
        let hash = try CLI.run(["source-hash", Self.catalog]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let files = ["fr.lproj/Localizable.strings": Data("\"cart.title\" = \"Mon panier\";\n\"cart.empty\" = \"Vide\";\n".utf8)]
        try OverlayStore.open(at: store, appVersion: "2.4.0", sourceHash: hash)
            .activate(module: "Checkout", sha256: String(repeating: "cd", count: 32), revision: 4, files: files)
        let revision = store.appendingPathComponent("modules/Checkout/\(String(repeating: "cd", count: 32))")
        let base = ["--module", "Checkout", "--bundle", Self.catalog, "--store", store.path, "--locale", "fr"]

        // Ranges that, read as an index, would show other bytes: the table itself is what shows.
        try Data("OVLYIDX2\u{1}\u{0}\u{0}\u{0}OVLYIDX1 \"cart.title\" = \"x\";".utf8)
            .write(to: revision.appendingPathComponent("overlay-strings.index"))
        let title = try CLI.run(["resolve", "cart.title"] + base + ["--trace"])
        #expect(title.stdout == "Mon panier\n")
        #expect(title.stderr.contains("answered by overlay fr revision 4"))

        let outside = root.appendingPathComponent("outside.stringsdict")
        try Data("""
            <plist version="1.0"><dict><key>cart.items</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>OUTSIDE</string>
            <key>other</key><string>OUTSIDE</string></dict></dict></dict></plist>
            """.utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: revision.appendingPathComponent("fr.lproj/Localizable.stringsdict"), withDestinationURL: outside)
        #expect(try CLI.run(["resolve", "cart.items"] + base + ["--count", "2"]).stdout == "2 articles\n")

        let table = revision.appendingPathComponent("fr.lproj/Localizable.strings")
        let copy = root.appendingPathComponent("Localizable.strings")
        try FileManager.default.moveItem(at: table, to: copy)
        try FileManager.default.createSymbolicLink(at: table, withDestinationURL: copy)
        let shipped = try CLI.run(["resolve", "cart.title"] + base + ["--trace"])
        #expect(shipped.stdout == "Panier\n")
        #expect(shipped.stderr.contains("cannot be read"))
    }

    @Test func helpDocumentsOutputAndExitStatus() throws {
        #expect(try CLI.run(["--help"]).stdout.contains("  resolve "))
        let help = try CLI.run(["resolve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: overlay resolve <key> --module <M>"))
        #expect(help.stdout.contains("Exit status: 0 when the key was found"))
        #expect(help.stdout.contains("EXAMPLES:"))
    }

    /// Issue 9: a missing store used to print nothing and exit 1; the app would show its shipped strings.
    @Test func aMissingStoreAnswersWithTheShippedStringAndANote() throws {
        let result = try CLI.run(
            ["resolve", "cart.title", "--module", "Checkout", "--locale", "fr", "--bundle", Self.catalog, "--store", "/nonexistent"])
        #expect(result.status == 0)
        #expect(result.stdout == "Panier\n")
        #expect(result.stderr.contains("/nonexistent: note: no store here"), "\(result.stderr)")
    }

    /// Issue 22: a `.stringsdict` entry whose variants name the next variable eight times, six levels deep, rendered
    /// 32 MB per lookup. The shipped development value shows instead, and the process's peak memory (read by Python's
    /// `resource` from outside) is that of rendering an ordinary key.
    @Test func aValueThatRendersPastTheBoundsShowsTheDevelopmentTextWithoutTheMemory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("resolve-bound-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for directory in ["M/en.lproj", "M/fr.lproj"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try Data("\"k\" = \"%ld items\";\n\"small\" = \"%ld items\";\n".utf8)
            .write(to: root.appendingPathComponent("M/en.lproj/Localizable.strings"))
        let leaf = "%1$ld " + String(repeating: "x", count: 1_000)
        var variables = ""
        for level in 0..<6 {
            let text = level < 5 ? Array(repeating: "%1$#@v\(level + 1)@", count: 8).joined(separator: " ") : leaf
            variables += "<key>v\(level)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>ld</string><key>one</key><string>\(text)</string>"
                + "<key>many</key><string>\(text)</string><key>other</key><string>\(text)</string></dict>"
        }
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>k</key><dict>"
            + "<key>NSStringLocalizedFormatKey</key><string>%1$#@v0@</string>\(variables)</dict></dict></plist>\n"
        try Data(plist.utf8).write(to: root.appendingPathComponent("M/fr.lproj/Localizable.stringsdict"))

        /// stdout, and the peak resident kilobytes of the `overlay resolve` child.
        func resolve(_ key: String) throws -> (String, Int) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c", "import resource, subprocess, sys; subprocess.run(sys.argv[1:]); "
                    + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)",
                CLI.executable.path, "resolve", key, "--module", "M", "--locale", "fr", "--arg", "3",
                "--bundle", root.path,
            ]
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let peak = Int(stderr.split(separator: "\n").last.map(String.init) ?? "") ?? -1
            return (String(decoding: stdout, as: UTF8.self), peak)
        }
        let (ordinary, ordinaryPeak) = try resolve("small")
        let (bounded, boundedPeak) = try resolve("k")
        #expect(ordinary == "3 items\n")
        #expect(bounded == "3 items\n", "printed \(bounded.utf8.count) bytes")
        #expect(ordinaryPeak > 0 && boundedPeak - ordinaryPeak < 8_192, "peak \(boundedPeak) KB against \(ordinaryPeak) KB")
    }
}
