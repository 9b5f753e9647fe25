import Testing
@testable import OverlayCore
@testable import OverlayPublishing

@Suite struct XCFormatTokensTests {
    @Test("first numeric argument: slot and value type", arguments: [
        ("%lld items", 1, "lld"),
        ("%@ has %lld items", 2, "lld"),
        ("%1$@ has %2$d", 2, "d"),
        ("%*d", 2, "d"),
        ("%.2f km", 1, "f"),
        ("%-5.1lf", 1, "lf"),
        ("100%% of %lu", 1, "lu"),
        ("%{name} has %zd", 1, "zd"),
        ("%#@x@ and %d", 2, "d"),
        ("%3$#@x@ %1$hhu", 1, "hhu"),
    ])
    func firstNumeric(_ text: String, _ slot: Int, _ valueType: String) {
        let argument = XCFormatTokens.firstNumericArgument(in: text)
        #expect(argument?.slot == slot)
        #expect(argument?.valueType == valueType)
    }

    @Test("no numeric argument", arguments: ["plain", "%@ only", "100%% sure", "%#@x@", "trailing %", "%k"])
    func noNumeric(_ text: String) {
        #expect(XCFormatTokens.firstNumericArgument(in: text) == nil)
    }

    @Test("token names, sequential and positional, but not after %%")
    func tokens() {
        #expect(XCFormatTokens.tokenNames(in: "%#@a@ %2$#@b_2@ %%#@c@ %#@d@x") == ["a", "b_2", "d"])
    }

    @Test("%arg becomes a positional specifier", arguments: [
        ("%arg files", "%2$lld files"),
        ("%%arg stays, %arg goes", "%%arg stays, %2$lld goes"),
        ("100%% and %arg%arg", "100%% and %2$lld%2$lld"),
        ("%ar", "%ar"),
        ("no arg", "no arg"),
    ])
    func replacingArg(_ text: String, _ expected: String) {
        #expect(XCFormatTokens.replacingArg(in: text, argNum: 2, specifier: "lld") == expected)
    }
}
