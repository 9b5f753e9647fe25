import Foundation
import OverlayCore
import SwiftUI

// Every form below reaches the overlay, or does not localize at all: none is reported.
// NSLocalizedString("in a comment", comment: "")
/* A block comment /* nested */ Text("still a comment") */

enum CorrectLookups {
    static func all(localizer: Localizer) -> [String] {
        let bundle = localizer.bundle(for: "Checkout") ?? .module
        return [
            NSLocalizedString("cart.title", bundle: bundle, comment: ""),
            NSLocalizedString(
                "cart.empty",
                tableName: "Cart",
                bundle:
                    localizer.bundle(for: "Checkout") ?? .module,
                comment: "Shown when the cart is empty"),
            String(localized: "cart.title", bundle: bundle),
            "NSLocalizedString(\"in a string\", comment: \"\")",
            """
            Text("in a multi-line string") and NSLocalizedString("k", comment: "")
            """,
            #"NSLocalizedString("in a raw string with " inside", comment: "")"#,
            #"\(NSLocalizedString("in a raw string, \( is text", comment: ""))"#,
            myNSLocalizedString("a longer name"),
            formatter.NSLocalizedString("a member"),
        ]
    }

    static let pattern = /NSLocalizedString\("/
    static let verbatim = Text(verbatim: "Overlay Notes")

    static func keyed(_ bundle: Bundle) -> Text {
        Text(LocalizedStringKey("cart.title"), bundle: bundle)
    }
}
