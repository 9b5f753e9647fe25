@testable import OverlayCore
import Testing

@Suite("Replay rule: rollback and equivocation against the highest manifest seen")
struct ReplayRuleTests {
    let seen = SeenManifest(revision: 7, sha256: String(repeating: "ab", count: 32))

    @Test("a lower revision is a rollback, the same revision with other bytes equivocation")
    func refusals() {
        #expect(ReplayRule.check(revision: 6, sha256: seen.sha256, seen: seen, file: "m").map(\.code) == ["replay.rollback"])
        #expect(ReplayRule.check(revision: 7, sha256: String(repeating: "cd", count: 32), seen: seen, file: "m").map(\.code)
            == ["replay.equivocation"])
        let finding = ReplayRule.check(revision: 1, sha256: "x", seen: seen, file: "manifest.json")[0]
        #expect(finding.severity == .error && finding.location.file == "manifest.json" && finding.message.contains("7"))
    }

    @Test("the same manifest again, a later one, or a store that has seen none pass")
    func accepted() {
        #expect(ReplayRule.check(revision: 7, sha256: seen.sha256, seen: seen, file: "m").isEmpty)
        #expect(ReplayRule.check(revision: 8, sha256: "other", seen: seen, file: "m").isEmpty)
        #expect(ReplayRule.check(revision: 1, sha256: "any", seen: nil, file: "m").isEmpty)
    }
}
