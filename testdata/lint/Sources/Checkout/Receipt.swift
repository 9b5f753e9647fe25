import Foundation

/// Receipt lines: Foundation lookups, one inside an interpolation and one whose bundle: spans lines.
enum Receipt {
    static func summary(total: String) -> String {
        "\(NSLocalizedString("receipt.total", comment: "Total label")): \(total)" // lint-expect: 12 lint.nslocalizedstring
    }

    static func footer() -> String {
        NSLocalizedString( // lint-expect: 9 lint.nslocalizedstring
            "receipt.footer",
            bundle:
                .main,
            comment: "Footer")
    }

    static func title() -> LocalizedStringResource {
        LocalizedStringResource("receipt.title", defaultValue: "Receipt") // lint-expect: 9 lint.localized-string-resource
    }
}
