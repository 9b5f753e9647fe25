/// What `overlay lint` reports, one case per finding code (docs/LINT.md explains each).
///
/// The first six are lookups that resolve in the app's main bundle — `Bundle.main`, which holds only the strings
/// the build shipped — so they never see a revision the overlay activated. The last three are files the linter
/// could not check.
package enum LintRule: String, CaseIterable, Sendable {
    /// `NSLocalizedString(…)` without `bundle:`, or with `bundle: .main`.
    case nsLocalizedString = "lint.nslocalizedstring"
    /// `Bundle.main.localizedString(forKey:value:table:)`.
    case bundleMain = "lint.bundle-main"
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
    /// that names the main bundle (`.main`, `Bundle.main`, `nil`); `callee` is the name as written.
    static func message(_ rule: LintRule, module: String?, bundle given: String?, callee: String) -> String {
        let bundle = overlayBundle(module: module)
        let found = given.map { "with bundle: \($0)" } ?? "without bundle:"
        switch rule {
        case .nsLocalizedString:
            return "NSLocalizedString \(found) reads the main bundle, which never holds the overlay; "
                + "pass bundle: \(bundle)"
        case .bundleMain:
            return "Bundle.main.localizedString reads the main bundle, which never holds the overlay; "
                + "call localizedString on (\(bundle)) instead, or look the key up with "
                + "localizer.table(in: \"\(module ?? "<Module>")\")"
        case .stringLocalized:
            return "\(callee)(localized:) \(found) resolves in the main bundle and never sees the overlay; "
                + "pass bundle: \(bundle)"
        case .localizedStringResource:
            return "LocalizedStringResource \(found) resolves in the main bundle and never sees the overlay; "
                + "pass bundle: .atURL((\(bundle)).bundleURL)"
        case .localizedStringKey:
            return "LocalizedStringKey carries no bundle, so the view that shows it looks it up in the main bundle; "
                + "pass it to Text(_:tableName:bundle:) with bundle: \(bundle)"
        case .textLiteral:
            return "Text(\"…\") \(found) looks its literal up in the main bundle and never sees the overlay; "
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
