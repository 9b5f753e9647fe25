import Foundation
import OverlayCore

/// The one helper meant to call the raw API: it asks the overlay's bundle first and, on purpose, the main bundle
/// for keys no module ships. Exempt it with `--allow 'Sources/App/Localization/**'`.
enum OverlayStrings {
    static func string(_ key: String, module: String, localizer: Localizer) -> String {
        let bundle = localizer.bundle(for: module) ?? .module
        let text = NSLocalizedString(key, bundle: bundle, comment: "")
        return text == key ? Bundle.main.localizedString(forKey: key, value: nil, table: nil) : text // lint-expect: 30 lint.bundle-main
    }
}
