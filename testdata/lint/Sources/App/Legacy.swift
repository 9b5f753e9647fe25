import Foundation

/// Code from before the overlay: it asks the main bundle directly.
final class LegacyAlert {
    func message() -> String {
        Bundle.main.localizedString(forKey: "alert.message", value: nil, table: "Alerts") // lint-expect: 9 lint.bundle-main
    }

    func title() -> String {
        Foundation.NSLocalizedString("alert.title", tableName: "Alerts", comment: "") // lint-expect: 20 lint.nslocalizedstring
    }
}
