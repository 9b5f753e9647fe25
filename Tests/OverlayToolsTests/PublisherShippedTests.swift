import Foundation
import Testing
@testable import OverlayCore
@testable import OverlayTools

/// `publish --bundle`: a value the build already ships broken never blocks (not in the catalog check, not in the
/// client validators the publisher runs over its output); a newly broken one does; another structure is refused.
@Suite struct PublisherShippedTests {
    static let broken = "\"cart.title\" = \"1$@ > %2$@\";\n"

    /// The workspace catalog with a German table whose `cart.title` reads argument 2 but not 1 (a gap).
    static func workspace(german: String) throws -> PublishWorkspace {
        let workspace = try PublishWorkspace()
        let english = "\"cart.title\" = \"%1$@ > %2$@\";\n"
        let module = workspace.catalog.appendingPathComponent("Shop")
        for (locale, text) in [("en", english), ("de", german)] {
            let directory = module.appendingPathComponent("\(locale).lproj")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent("Localizable.strings"))
        }
        return workspace
    }

    @Test func aShippedDefectPublishesAndANewOneDoesNot() async throws {
        let build = try Self.workspace(german: Self.broken)
        defer { build.remove() }
        var options = build.options()
        // Without --bundle nothing is known to be shipped: the gap blocks, and the message says how to exempt it.
        let refused = await #expect(throws: PublishError.self) { try await build.publish(options) }
        #expect(refused?.message.contains("--bundle") == true)
        options.shipped = build.catalog
        let report = try await build.publish(options)
        #expect(report.findings.contains { $0.code == "format.gap" && $0.isAlreadyShipped })

        // The same catalog with another broken German value, against the build: refused.
        let next = try Self.workspace(german: "\"cart.title\" = \"%1$d > %2$@\";\n")
        defer { next.remove() }
        var changed = next.options()
        changed.shipped = build.catalog
        let error = await #expect(throws: PublishError.self) { try await next.publish(changed) }
        #expect(error?.findings.contains { $0.isBlocking && $0.code == "format.class-mismatch" } == true)
    }

    @Test func anotherStructureThanTheBuildsIsRefusedNamingTheKey() async throws {
        let build = try Self.workspace(german: Self.broken)
        defer { build.remove() }
        let other = try Self.workspace(german: Self.broken)
        defer { other.remove() }
        try Data("\"cart.title\" = \"%1$@ > %2$@\";\n\"cart.new\" = \"New\";\n".utf8)
            .write(to: other.catalog.appendingPathComponent("Shop/en.lproj/Localizable.strings"))
        var options = other.options()
        options.shipped = build.catalog
        let error = await #expect(throws: PublishError.self) { try await other.publish(options) }
        #expect(error?.message.contains("+ Shop/Localizable cart.new") == true, "\(error?.message ?? "")")
    }
}
