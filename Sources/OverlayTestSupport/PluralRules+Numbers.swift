package import OverlayCore

/// Numbers straight to operands and categories, for tests (the renderer and the tools parse the text they are given
/// into ``PluralOperands`` once, so the client has no such shortcut).
extension PluralOperands {
    /// An integer's operands, as its decimal text gives them.
    package init(_ value: Int) {
        self = PluralOperands(String(value))!
    }
}

extension PluralRules {
    /// A number as written (`"1.0"`, `"1.2c6"`); nil when the text is not a number.
    package func category(for number: String) -> PluralCategory? {
        PluralOperands(number).map(category(for:))
    }

    package func category(for number: Int) -> PluralCategory {
        category(for: PluralOperands(number))
    }
}
