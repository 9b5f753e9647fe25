import Foundation

// The shape SwiftGen's structured-strings template generates: every key goes through tr(), which asks the
// module's shipped bundle (Bundle.module in a package, Bundle(for:) in a framework) and so never sees an overlay.
internal enum L10n {
  internal enum Cart {
    internal static let title = L10n.tr("Cart", "cart.title", fallback: "Cart")
  }
}

extension L10n {
  private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
    let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table) // lint-expect: 18 lint.bundle-module
    return String(format: format, locale: Locale.current, arguments: args)
  }
}

private final class BundleToken {
  static let bundle: Bundle = {
    #if SWIFT_PACKAGE
    return Bundle.module
    #else
    return Bundle(for: BundleToken.self)
    #endif
  }()
}

/// A hand-written helper of the same kind: `.module` is the shipped bundle too.
func receiptTitle() -> String {
    NSLocalizedString("receipt.title", bundle: .module, comment: "") // lint-expect: 5 lint.nslocalizedstring
}

/// Allowed: the overlay's bundle, with the shipped one only as its fallback.
func overlayTitle(localizer: Localizer) -> String {
    let bundle = localizer.bundle(for: "Checkout") ?? .module
    return bundle.localizedString(forKey: "cart.title", value: nil, table: "Cart")
}
