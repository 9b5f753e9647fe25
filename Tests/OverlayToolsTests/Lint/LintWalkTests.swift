import Foundation
import OverlayCore
import Testing
@testable import OverlayTools

/// A scratch directory of Swift sources, links and oddities, removed with `rm -rf` (which copes with any depth).
struct LintTree {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func remove() {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/rm")
        process.arguments = ["-rf", root]
        try? process.run()
        process.waitUntilExit()
    }

    static let positive = "let title = NSLocalizedString(\"cart.title\", comment: \"\")\n"
}

@Suite struct LintWalkTests {
    static func codes(_ report: LintReport) -> [String] {
        report.findings.map { "\($0.location.file ?? "?") \($0.code)" }
    }

    @Test func walksSwiftFilesSkippingHiddenEntriesAndLinks() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        let outside = try LintTree()
        defer { outside.remove() }
        try outside.write("Elsewhere.swift", LintTree.positive)
        try tree.write("Sources/Checkout/Cart.swift", "import Foundation\n" + LintTree.positive)
        try tree.write("Sources/Checkout/Clean.swift", "let t = NSLocalizedString(\"k\", bundle: localizer.bundle(for: \"Checkout\") ?? .module, comment: \"\")\n")
        try tree.write("Sources/Checkout/NOTES.md", LintTree.positive)
        try tree.write("Sources/.Hidden.swift", LintTree.positive)
        try tree.write(".build/checkouts/Dep/Sources/Dep/Dep.swift", LintTree.positive)
        try tree.write(".git/hooks/x.swift", LintTree.positive)
        try tree.link("Sources/Outside", to: outside.root)
        try tree.link("Sources/Outside.swift", to: outside.path("Elsewhere.swift"))
        try tree.link("Sources/Loop", to: tree.root)
        try tree.link("Sources/Checkout/Inside.swift", to: tree.path("Sources/Checkout/Cart.swift"))

        let report = try Linter.lint([tree.root])
        #expect(Self.codes(report) == ["\(tree.root)/Sources/Checkout/Cart.swift lint.nslocalizedstring"])
        #expect(report.findings.first?.location.module == "Checkout")
        #expect(report.findings.first?.location.line == 2)
        #expect(report.filesChecked == 2)
        #expect(report.lines == 3)
        #expect(report.symlinksSkipped == 4)
        #expect(report.filesAllowed == 0)
    }

    @Test func allowExemptsFilesByTheirPathRelativeToTheArgument() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("App/Localization/L10n.swift", LintTree.positive)
        try tree.write("App/Localization/Old/Legacy.swift", LintTree.positive)
        try tree.write("App/View.swift", LintTree.positive)
        let globs = try ["Localization/*.swift", "**/Localization/*.swift", "**/Legacy.swift", "App/View.swift"].map { try LintGlob($0) }

        let report = try Linter.lint([tree.root + "/App"], options: LintOptions(allow: globs))
        #expect(Self.codes(report) == ["\(tree.root)/App/View.swift lint.nslocalizedstring"])
        #expect(report.filesAllowed == 2)
        #expect(report.filesChecked == 1)
        // Each pattern counts the files it matched; the last is relative to the wrong directory.
        #expect(report.allowMatches == [1, 1, 1, 0])
    }

    @Test func aFileArgumentMatchesAllowByItsName() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("L10n.swift", LintTree.positive)
        let allowed = try Linter.lint([tree.path("L10n.swift")], options: LintOptions(allow: [try LintGlob("L10n.swift")]))
        #expect(allowed.findings.isEmpty && allowed.filesAllowed == 1)
        let linted = try Linter.lint([tree.path("L10n.swift")])
        #expect(Self.codes(linted) == ["\(tree.path("L10n.swift")) lint.nslocalizedstring"])
    }

    @Test func argumentsMayBeLinksAndTheSameDirectoryIsWalkedOnce() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("Real/Sources/App/A.swift", LintTree.positive)
        try tree.write("Real/One.swift", LintTree.positive)
        try tree.link("Alias", to: tree.path("Real"))
        try tree.link("One.swift", to: tree.path("Real/One.swift"))

        let viaLink = try Linter.lint([tree.path("Alias")])
        #expect(Self.codes(viaLink).sorted() == [
            "\(tree.path("Alias"))/One.swift lint.nslocalizedstring",
            "\(tree.path("Alias"))/Sources/App/A.swift lint.nslocalizedstring",
        ])
        #expect(viaLink.findings.map(\.location.module).contains("App"))
        let fileLink = try Linter.lint([tree.path("One.swift")])
        #expect(fileLink.filesChecked == 1 && fileLink.findings.count == 1)

        let twice = try Linter.lint([tree.path("Real"), tree.path("Alias"), tree.path("Real/Sources")])
        #expect(twice.filesChecked == 2)
        #expect(twice.findings.count == 2)
    }

    @Test func filesItCannotCheckAreFindingsAndTheRestIsStillChecked() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("A/Latin1.swift", bytes: Array("let s = \"caf".utf8) + [0xE9] + Array("\"\n".utf8) + Array(LintTree.positive.utf8))
        try tree.write("A/UTF16.swift", bytes: [0xFF, 0xFE] + Array("let a = 1".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        let big = String(repeating: "// padding\n", count: 200) + LintTree.positive
        try tree.write("A/Big.swift", big)
        try tree.write("B/Fine.swift", LintTree.positive)

        let report = try Linter.lint([tree.root], options: LintOptions(maximumFileSize: 1_000))
        #expect(Self.codes(report) == [
            "\(tree.path("A/Big.swift")) lint.file-too-large",
            "\(tree.path("A/Latin1.swift")) lint.invalid-utf8",
            "\(tree.path("A/Latin1.swift")) lint.nslocalizedstring",
            "\(tree.path("A/UTF16.swift")) lint.invalid-utf8",
            "\(tree.path("B/Fine.swift")) lint.nslocalizedstring",
        ])
        let latin1 = report.findings[1]
        #expect(latin1.location.line == 1 && latin1.location.column == 13)
        #expect(latin1.message.contains("byte 0xE9") && latin1.message.contains("re-save it as UTF-8"))
        #expect(report.findings[3].message.contains("UTF-16"))
        #expect(report.findings[0].message.contains("\(big.utf8.count) bytes") && report.findings[0].message.contains("--allow 'A/Big.swift'"))
        #expect(report.findings[0].location.line == nil)
        #expect(report.filesChecked == 3)
    }

    @Test func aDirectoryThatCannotBeOpenedIsAFinding() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("Near.swift", LintTree.positive)
        // Directories nested until their path passes PATH_MAX: the walk cannot open what lies below (ENAMETOOLONG).
        var descriptor = open(tree.root, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<25 {
            try #require(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            try #require(next >= 0)
            descriptor = next
        }
        let file = openat(descriptor, "Deep.swift", O_WRONLY | O_CREAT, 0o644)
        close(file)
        close(descriptor)

        let report = try Linter.lint([tree.root])
        let codes = report.findings.map(\.code)
        #expect(codes.first == "lint.nslocalizedstring")
        #expect(codes.dropFirst() == ["lint.unreadable"])
        let unreadable = try #require(report.findings.last)
        #expect(unreadable.message.contains("File name too long"))
        #expect(unreadable.message.contains("--allow '"))
    }

    @Test func aNameThatIsNotUTF8IsAFinding() throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("Fine.swift", "let a = 1\n")
        // "caf\xE9.swift": a Latin-1 name, which no Swift String can spell.
        let name = Array((tree.root + "/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".swift".utf8CString)
        let descriptor = name.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        try #require(descriptor >= 0)
        close(descriptor)

        let report = try Linter.lint([tree.root])
        #expect(report.findings.map(\.code) == ["lint.unreadable"])
        #expect(report.findings.first?.location.file == tree.root)
        #expect(report.findings.first?.message.contains("1 entry has a name that is not UTF-8") == true)
        #expect(report.filesChecked == 1)
    }

    @Test("a PATH that is not there, or not Swift, is an error naming it", arguments: [
        ("missing", LintError.Code.pathNotFound, "does not exist"),
        ("README.md", LintError.Code.notSwiftSource, "is not a directory or a .swift file"),
        ("fifo.swift", LintError.Code.notSwiftSource, "is not a directory or a .swift file"),
    ])
    func badArguments(name: String, code: LintError.Code, phrase: String) throws {
        let tree = try LintTree()
        defer { tree.remove() }
        try tree.write("README.md", "# notes\n")
        try tree.write("Fine.swift", LintTree.positive)
        try #require(mkfifo(tree.path("fifo.swift"), 0o644) == 0)
        #expect {
            _ = try Linter.lint([tree.path("Fine.swift"), tree.path(name)])
        } throws: { error in
            guard let error = error as? LintError else { return false }
            return error.code == code && error.message.contains(phrase) && error.subject == tree.path(name)
        }
    }

    @Test("the module is the directory after the last Sources/", arguments: [
        ("/p/Sources/Checkout/Cart.swift", "Checkout"),
        ("Sources/Checkout/Views/Cart.swift", "Checkout"),
        ("/p/Sources/App/Sources/Inner/X.swift", "Inner"),
        ("/p/App/View.swift", nil),
        ("/p/Sources/Loose.swift", nil),
    ])
    func module(path: String, expected: String?) {
        #expect(Linter.module(forPath: path) == expected)
    }
}
