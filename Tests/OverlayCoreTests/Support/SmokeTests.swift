import Testing
@testable import OverlayCore

@Suite struct PluralCategoryTests {
    @Test func evaluationOrderPutsOtherLast() {
        #expect(PluralCategory.allCases.sorted().last == .other)
        #expect(PluralCategory.zero < .one)
    }
}
