import Foundation
import Testing

/// What only the tools run lives in OverlayPublishing, not in what an app links (issue 26): no type moved out of
/// OverlayCore and OverlaySync is declared (or extended) there again.
@Suite struct ClientBoundaryTests {
    /// The types that left the client; the tools reach them through OverlayPublishing.
    static let publishingOnly = [
        "CacheHeaders", "TableArtifact", "CatalogChecker", "FindingList", "CatalogNameRules", "XCStringsCatalog", "XCStringsError",
        "XCFormatTokens", "StoreInspection", "ArtifactEncoder", "FileTransport", "DERReader", "KeyAlgorithm", "PEM",
        "PEMBlock", "PEMLabels", "CompiledXCStrings", "StringCatalogCompiler",
    ]

    /// Functions that left the client types they extend: the publisher's one-folder-at-a-time check, the String Catalog
    /// merge, the catalog's missing-`other` rejection, the journal reader only tests used, tool-only platform calls,
    /// and the check of a built product's differing module copies.
    static let publishingOnlyMembers = [
        "validateContentsByFolder", "byFolder", "loadSourceModule", "compileXCStrings", "rejection",
        "readJournal", "setTimes", "pageFaults", "differingCopies",
    ]

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file of the client modules, as (path, text).
    static func clientSources() throws -> [(path: String, text: String)] {
        var sources: [(path: String, text: String)] = []
        for module in ["OverlayCore", "OverlaySync"] {
            let root = repositoryRoot.appendingPathComponent("Sources/\(module)")
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let path = root.appendingPathComponent(relative).path
                sources.append((path, try String(contentsOfFile: path, encoding: .utf8)))
            }
        }
        return sources
    }

    @Test func movedTypesAreNotDeclaredInTheClient() throws {
        let sources = try Self.clientSources()
        #expect(sources.count > 100, "the client sources were not found at \(Self.repositoryRoot.path)")
        for name in Self.publishingOnly {
            let declaration = try Regex("(struct|enum|class|actor|protocol|typealias|extension)\\s+\(name)\\b")
            for source in sources where source.text.contains(declaration) {
                Issue.record("\(source.path) declares \(name), which only the tools use: it belongs in OverlayPublishing")
            }
        }
    }

    @Test func movedMembersAreNotDeclaredInTheClient() throws {
        let sources = try Self.clientSources()
        for name in Self.publishingOnlyMembers {
            let declaration = try Regex("func\\s+\(name)\\b")
            for source in sources where source.text.contains(declaration) {
                Issue.record("\(source.path) declares \(name), which only the tools use: it belongs in OverlayPublishing")
            }
        }
    }

    /// The check itself finds a declaration (so an empty pass above is not a regex that can never match).
    @Test func theCheckFindsADeclaration() throws {
        let sources = try Self.clientSources()
        let declaration = try Regex("(struct|enum|class|actor|protocol|typealias|extension)\\s+Localizer\\b")
        #expect(sources.contains { $0.text.contains(declaration) })
    }
}
