/// What `overlay lint` reports, one case per finding code (docs/LINT.md explains each).
///
/// The first seven are lookups that resolve in a bundle the build shipped — `Bundle.main`, or a module's own
/// resources (`Bundle.module`, `Bundle(for:)`) — so they never see a revision the overlay activated. The last
/// three are files the linter could not check.
package enum LintRule: String, CaseIterable, Sendable {
    /// `NSLocalizedString(…)` without `bundle:`, or with `bundle: .main`.
    case nsLocalizedString = "lint.nslocalizedstring"
    /// `Bundle.main.localizedString(forKey:value:table:)`.
    case bundleMain = "lint.bundle-main"
    /// `localizedString(forKey:value:table:)` on `Bundle.module`, `Bundle(for:)` or a name bound to one of them.
    case bundleModule = "lint.bundle-module"
    /// `String(localized:…)` or `AttributedString(localized:…)` without `bundle:`, or with `.main` or `nil`.
    case stringLocalized = "lint.string-localized"
    /// `LocalizedStringResource(…)` without `bundle:`, or with `bundle: .main`.
    case localizedStringResource = "lint.localized-string-resource"
    /// `LocalizedStringKey(…)` not passed straight to a call that names a bundle.
    case localizedStringKey = "lint.localized-string-key"
    /// SwiftUI `Text("literal")` without `bundle:` (`Text(verbatim:)` does not localize and is fine).
    case textLiteral = "lint.text-literal"
    /// The file is not UTF-8; it was still checked, byte by byte.
    case invalidUTF8 = "lint.invalid-utf8"
    /// The file is larger than the linter reads, so it was not checked.
    case fileTooLarge = "lint.file-too-large"
    /// The file or directory could not be read, so it was not checked.
    case unreadable = "lint.unreadable"

    /// The expression that replaces `Bundle.main` in the fixes: the module's active overlay revision, or the
    /// module's own resources when it has none (`Localizer.bundle(for:)`, DESIGN.md "Resolver").
    static func overlayBundle(module: String?) -> String {
        "localizer.bundle(for: \"\(module ?? "<Module>")\") ?? .module"
    }

    /// What is wrong and the fix. `bundle` is the source text of the call's `bundle:` argument when it has one
    /// that names the main bundle (`.main`, `Bundle.main`, `nil`) or, with `isShipped`, a bundle the build shipped
    /// (`.module`, `Bundle(for: T.self)`); `callee` is the name as written.
    static func message(
        _ rule: LintRule, module: String?, bundle given: String?, isShipped: Bool = false, callee: String
    ) -> String {
        let bundle = overlayBundle(module: module)
        let found = given.map { "with bundle: \($0)" } ?? "without bundle:"
        let reads = isShipped ? "reads only the strings the build shipped" : "reads the main bundle, which never holds the overlay"
        let resolves = isShipped ? "resolves in the bundle the build shipped" : "resolves in the main bundle"
        switch rule {
        case .nsLocalizedString:
            return "NSLocalizedString \(found) \(reads); "
                + "pass bundle: \(bundle)"
        case .bundleMain:
            return "Bundle.main.localizedString reads the main bundle, which never holds the overlay; "
                + "call localizedString on (\(bundle)) instead, or look the key up with "
                + "localizer.table(in: \"\(module ?? "<Module>")\")"
        case .bundleModule:
            return "\(given ?? "Bundle.module").localizedString reads only the strings the build shipped, never the overlay; "
                + "call localizedString on (\(bundle)) instead, or look the key up with "
                + "localizer.table(in: \"\(module ?? "<Module>")\")"
        case .stringLocalized:
            return "\(callee)(localized:) \(found) \(resolves) and never sees the overlay; "
                + "pass bundle: \(bundle)"
        case .localizedStringResource:
            return "LocalizedStringResource \(found) \(resolves) and never sees the overlay; "
                + "pass bundle: .atURL((\(bundle)).bundleURL)"
        case .localizedStringKey:
            if let given, isShipped {
                return "LocalizedStringKey is handed to a call with bundle: \(given), which holds only the strings the build "
                    + "shipped; pass bundle: \(bundle)"
            }
            return "LocalizedStringKey carries no bundle, so the view that shows it looks it up in the main bundle; "
                + "pass it to Text(_:tableName:bundle:) with bundle: \(bundle)"
        case .textLiteral:
            return "Text(\"…\") \(found) looks its literal up \(isShipped ? "in the bundle the build shipped" : "in the main bundle") "
                + "and never sees the overlay; "
                + "pass bundle: \(bundle), or write Text(verbatim:) for text that is not localized"
        case .invalidUTF8:
            return "the file is not UTF-8"
        case .fileTooLarge:
            return "the file is too large to check"
        case .unreadable:
            return "the file could not be read"
        }
    }
}
