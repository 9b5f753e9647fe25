/// A handle on one table of one module with the fallback chain pre-merged: a lookup is one hashed read.
///
/// Get it once from ``Localizer/table(_:in:)`` and keep it; it reads the snapshot it was built from, so ask for a new
/// one when observers are told of a change. Unlike `Bundle`, which falls back per table, it falls back per *key*
/// (each chain locale, overlay then shipped): a partial `fr-CA` table never hides what `fr` has.
///
/// ```swift
/// let checkout = localizer.table(in: "Checkout")
/// checkout.string(forKey: "cart.title")                       // "Panier"
/// checkout.format("cart.items", [.int(3)])                    // "3 articles"
/// checkout.format("cart.reserved", [2], substitutions: ["store": "Lyon"])
/// ```
public final class LocalizedTable: Sendable {
    /// The module name.
    public let module: String
    /// The table name (`Localizable`).
    public let table: String
    /// The locales searched, most preferred first, each overlay then shipped.
    public let chain: [String]
    /// The shipped module's development region, whose shipped value is the fallback of a failed render.
    public let developmentRegion: String
    /// Every key with its winning value, each built now if not yet: for listing, not for lookups.
    package var values: [String: ResolvedValue] { merged.all }

    private let merged: MergedTableValues
    private let developmentValues: CatalogTable?
    private let mode: Localizer.Mode
    private let device: String
    private let counters: LocalizerCounters

    /// Merges the chain now; keeps what it needs of `snapshot`, not the snapshot, which caches this handle.
    init(_ table: String, in module: String, of snapshot: LocalizerSnapshot) {
        let shipped = snapshot.catalog.modules[module]
        let chain = snapshot.chain(for: module)
        let region = shipped?.developmentRegion ?? "en"
        let developmentValues = shipped.flatMap { LocalizerSnapshot.table(table, of: $0, locale: region) }
        self.module = module
        self.table = table
        self.chain = chain
        developmentRegion = region
        self.developmentValues = developmentValues
        merged = MergedTableValues.merge(
            table: table, chain: chain, shipped: shipped, developmentTable: developmentValues,
            translatedKeys: shipped.flatMap { LocalizerSnapshot.translatedKeys(table, of: $0) },
            overlays: snapshot.overlays, overlayModule: module, device: snapshot.device)
        mode = snapshot.mode
        device = snapshot.device
        counters = snapshot.counters
    }

    /// The text for `key`: a string as written (no formatting), an entry's format key.
    ///
    /// On a total miss (counted): the sentinel `⟦Module/Table:key⟧` in development mode, else `defaultValue` or the
    /// key.
    public func string(forKey key: String, default defaultValue: String? = nil) -> String {
        if let text = merged.text(forKey: key) { return text }
        return miss(key, default: defaultValue)
    }

    /// The winning value for `key` with its layer, locale and revision, or nil (not counted as a miss).
    package func value(forKey key: String) -> ResolvedValue? { merged.value(forKey: key) }

    /// Renders `key` with printf-style arguments, plural selection and `%{name}` substitutions.
    ///
    /// Plural variants follow the CLDR rules of the locale that answered. When the arguments do not fit, the
    /// shipped development value is rendered instead, else the key is returned (a render error is counted). Misses
    /// behave as in ``string(forKey:default:)``; the default is never rendered.
    ///
    /// - Parameters:
    ///   - arguments: slot 1, 2, … in order.
    ///   - substitutions: values of `%{name}` tokens, inserted verbatim (never parsed as a format).
    ///   - width: the presentation width a width rule picks a variant for; nil picks the widest.
    public func format(
        _ key: String, _ arguments: [FormatArgument] = [], substitutions: [String: String] = [:],
        width: Int? = nil, default defaultValue: String? = nil
    ) -> String {
        let entry: Int
        switch merged.shortRender(forKey: key, arguments) {
        case .text(let text): return text
        case .miss: return miss(key, default: defaultValue)
        case .general(let found): entry = found
        }
        guard let resolved = merged.value(at: entry) else { return miss(key, default: defaultValue) }
        let renderer = FormatRenderer(arguments: arguments, substitutions: substitutions, width: width)
        do {
            return try renderer.render(resolved.compiled)
        } catch {
            counters.countRenderError()
        }
        let isDevelopmentValue = resolved.layer == .shipped && resolved.locale == developmentRegion
        if !isDevelopmentValue, let shipped = developmentValues?.value(forKey: key) {  // rare: compiled, not kept
            let fallback = RenderProgram(shipped, rules: PluralRules.cardinal(for: developmentRegion), device: device)
            if let text = try? renderer.render(fallback) { return text }
        }
        return key
    }

    /// `format(key, [.int(count)])` without building an argument array on the common path.
    public func format(_ key: String, count: Int, default defaultValue: String? = nil) -> String {
        let argument = FormatArgument.int(Int64(count))
        if case .text(let text) = merged.shortRender(forKey: key, CollectionOfOne(argument)) { return text }
        return format(key, [argument], default: defaultValue)
    }

    /// Where `key`'s value comes from, for tracing; a miss is counted.
    public func resolve(_ key: String) -> Resolution {
        if let resolved = merged.value(forKey: key) {
            return Resolution(
                value: resolved.value, layer: resolved.layer, locale: resolved.locale, revision: resolved.revision,
                chain: chain)
        }
        return Resolution(value: .string(miss(key, default: nil)), layer: .miss, locale: nil, revision: nil, chain: chain)
    }

    /// The development sentinel for `key`: `⟦Module/Table:key⟧`.
    public func sentinel(forKey key: String) -> String { "⟦\(module)/\(table):\(key)⟧" }

    private func miss(_ key: String, default defaultValue: String?) -> String {
        counters.countMiss()
        switch mode {
        case .development:
            counters.recordMiss(module: module, table: table, key: key)
            return sentinel(forKey: key)
        case .production: return defaultValue ?? key
        }
    }
}
