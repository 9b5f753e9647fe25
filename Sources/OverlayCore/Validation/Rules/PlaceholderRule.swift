/// An overlay value's placeholders against the shipped development-language value of the same key
/// (FORMATS.md §4.4): what the app passes must render safely in the new text.
enum PlaceholderRule {
    static func check(
        _ value: CatalogValue, shippedSource: SlotMap, strict: Bool, location: Finding.Location
    ) -> [Finding] {
        ValueRules.compatibility(source: shippedSource, translation: value, strict: strict)
            .map { $0.finding(at: location) }
    }
}
