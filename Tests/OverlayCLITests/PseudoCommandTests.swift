import Foundation
import Testing

/// `overlay pseudo` writes a catalog copy that `check` and `publish --bundle` accept, and refuses to write over
/// anything.
@Suite struct PseudoCommandTests {
    @Test func theCopyChecksAndPublishesAgainstTheBuild() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pseudo-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let copy = root.appendingPathComponent("copy").path
        let result = try CLI.run(["pseudo", CLI.testdata("catalog"), "--style", "expanded", "--locale", "en-XA", "--out", copy])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote en-XA (expanded) for 4 modules"))
        #expect(try CLI.run(["check", copy]).status == 0)
        let keys = root.appendingPathComponent("keys").path
        #expect(try CLI.run(["keygen", "--out", keys]).status == 0)
        let publish = try CLI.run([
            "publish", copy, "--bundle", CLI.testdata("catalog"), "--app-version", "1.0",
            "--key", keys + "/overlay-signing-key.pem", "--out", root.appendingPathComponent("staging").path,
        ])
        #expect(publish.status == 0, "\(publish.stderr)")
        // Again into the same directory: refused, nothing changed.
        let again = try CLI.run(["pseudo", CLI.testdata("catalog"), "--style", "accented", "--locale", "en-XA", "--out", copy])
        #expect(again.status == 1)
        #expect(again.stderr.contains("is not an empty directory"))
    }

    @Test func aStyleItDoesNotKnowIsAUsageError() throws {
        let result = try CLI.run(["pseudo", CLI.testdata("catalog"), "--style", "loud", "--locale", "en-XA", "--out", "/tmp/x"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--style takes one of accented, expanded, rtl, bounded"))
    }
}
