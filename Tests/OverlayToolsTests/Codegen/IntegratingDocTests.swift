import Foundation
import Testing
@testable import OverlayTools

/// Every Swift snippet of docs/INTEGRATING.md compiles against the library, with the typed keys codegen writes.
///
/// The convention (also stated at the end of the page): a block fenced ```` ```swift ```` is a source file of the
/// app; a block fenced ```` ```swift body ```` holds statements and is wrapped in
/// `func snippetN(localizer: Localizer, sync: SyncService) async throws { … }`. All blocks, and codegen's files for
/// testdata/catalog's Checkout module, are type-checked together as one module (Swift 6, warnings as errors).
@Suite struct IntegratingDocTests {
    static let page = SwiftProgram.repositoryRoot.appendingPathComponent("docs/INTEGRATING.md")

    struct Block {
        var isBody: Bool
        var text: String
        var line: Int
    }

    static func blocks(of markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else {
                    block.text += line + "\n"
                    current = block
                }
            } else if line == "```swift" || line == "```swift body" {
                current = Block(isBody: line.hasSuffix("body"), text: "", line: index + 1)
            }
        }
        return blocks
    }

    @Test("every swift block of INTEGRATING.md compiles")
    func snippetsCompile() throws {
        let markdown = try String(contentsOf: Self.page, encoding: .utf8)
        let blocks = Self.blocks(of: markdown)
        #expect(blocks.count >= 8, "the page lost its snippets")
        #expect(blocks.contains { $0.isBody } && blocks.contains { !$0.isBody })
        let directory = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = SwiftProgram.repositoryRoot.appendingPathComponent("testdata/catalog")
        let checkout = try Codegen.generate(catalog: catalog, module: "Checkout", access: .internal)
        var files = ["Checkout.swift": checkout.source, "CheckoutIntegration.swift": checkout.integration]
        for (index, block) in blocks.enumerated() {
            let name = String(format: "Snippet%02d-line%d.swift", index + 1, block.line)
            if block.isBody {
                let body = block.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                files[name] = """
                    import Foundation
                    import OverlayCore
                    import OverlaySync

                    func snippet\(index + 1)(localizer: Localizer, sync: SyncService) async throws {
                    \(body.joined(separator: "\n"))
                    }

                    """
            } else {
                files[name] = block.text
            }
        }
        try SwiftProgram.typecheck(files, in: directory)
    }

    @Test("a snippet that does not compile fails the check")
    func brokenSnippetFails() throws {
        let directory = try SwiftProgram.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SwiftProgram.Failure.self) {
            try SwiftProgram.typecheck(["A.swift": "import OverlayCore\nlet x: Localizer = 1\n"], in: directory)
        }
        #expect(throws: SwiftProgram.Failure.self, "a warning is an error") {
            try SwiftProgram.typecheck(["A.swift": "func f() { var unused = 1 }\n"], in: directory)
        }
    }
}
