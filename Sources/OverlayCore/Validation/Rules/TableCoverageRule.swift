/// Apple's `Bundle` falls back per table, the Localizer per key: an overlay table that lacks keys its shipped
/// counterpart has would show those keys untranslated to apps that read the revision through `Bundle`.
enum TableCoverageRule {
    static func check(
        overlay: CatalogTable, shipped: CatalogTable?, module: String, locale: String
    ) -> [Finding] {
        guard let shipped, !hasEveryKey(of: shipped, overlay) else { return [] }
        let missing = shipped.keySet.subtracting(overlay.keySet)
        let examples = missing.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        return [Finding(
            code: "overlay.table-missing-keys", severity: .warning,
            message: "the overlay's \(locale) \(overlay.name) table lacks \(missing.count) key(s) the shipped one has (\(examples)); apps reading it through Bundle show those keys raw — publish whole tables",
            location: .init(file: overlay.files.first, module: module, locale: locale, table: overlay.name))]
    }

    /// One lookup per shipped key instead of two sets.
    static func hasEveryKey(of shipped: CatalogTable, _ overlay: CatalogTable) -> Bool {
        func has(_ key: String) -> Bool { overlay.strings[key] != nil || overlay.plurals[key] != nil }
        return shipped.strings.keys.allSatisfy(has) && shipped.plurals.keys.allSatisfy(has)
    }
}
