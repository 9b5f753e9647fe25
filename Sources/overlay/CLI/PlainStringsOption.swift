import OverlayCore

/// `--plain-strings as-written|formatted` of `check` and `publish` (docs/FORMATS.md §4.6).
enum PlainStringsOption {
    static let option = CommandSignature.Option.value(
        "plain-strings", "as-written|formatted",
        "How the app shows a .strings value without arguments, for modules whose Info.plist has no "
            + "OverlayPlainStrings: as-written (default: NSLocalizedString, Text) or formatted (String(format:) on "
            + "every value, as SwiftGen's and R.swift's accessors do).")

    /// What the command line says, ``PlainStrings/asWritten`` when it says nothing.
    static func value(_ arguments: ParsedArguments) throws(UsageError) -> PlainStrings {
        guard let text = arguments.value("plain-strings") else { return .asWritten }
        guard let parsed = PlainStrings(rawValue: text) else {
            throw UsageError(message: "--plain-strings takes as-written or formatted (got '\(text)')")
        }
        return parsed
    }
}
