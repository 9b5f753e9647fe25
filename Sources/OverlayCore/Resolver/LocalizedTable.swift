import Synchronization

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
///
/// `@unchecked Sendable`: immutable after `init` but for the value cells, atomics written once each.
public final class LocalizedTable: @unchecked Sendable {
    /// The module name.
    public let module: String
    /// The table name (`Localizable`).
    public let table: String
    /// The locales searched, most preferred first, each overlay then shipped.
    public let chain: [String]
    /// The shipped module's development region, whose shipped value is the fallback of a failed render.
    public let developmentRegion: String
    /// Every key with its winning value, each built now if not yet: for listing, not for lookups.
    package var values: [String: ResolvedValue] {
        var result: [String: ResolvedValue] = [:]
        result.reserveCapacity(index.count)
        for entry in 0..<index.count {
            if let value = value(at: entry) { result[index.key(at: entry)] = value }
        }
        return result
    }

    private let index: KeyIndex
    private let answers: [Answer]
    private let layers: [Layer]
    /// Each key's ``ResolvedValue``, built on its first lookup.
    private let cells: UnsafeMutablePointer<Atomic<Unmanaged<ResolvedValue>?>>
    private let developmentValues: CatalogTable?
    private let mode: Localizer.Mode
    private let device: String
    private let counters: LocalizerCounters

    /// Merges the chain now; keeps what it needs of `snapshot`, not the snapshot, which caches this handle.
    init(_ table: String, in module: String, of snapshot: LocalizerSnapshot) {
        let shipped = snapshot.catalog.modules[module]
        let chain = snapshot.chain(for: module)
        let region = shipped?.developmentRegion ?? "en"
        let developmentValues = shipped.flatMap { $0.table(table, locale: region) }
        self.module = module
        self.table = table
        self.chain = chain
        developmentRegion = region
        self.developmentValues = developmentValues
        (index, answers, layers) = Self.merge(
            table: table, chain: chain, shipped: shipped, developmentTable: developmentValues,
            translatedKeys: shipped.flatMap { LocalizerSnapshot.translatedKeys(table, of: $0) },
            overlays: snapshot.overlays, overlayModule: module)
        cells = .allocate(capacity: max(index.count, 1))
        for entry in 0..<index.count { (cells + entry).initialize(to: Atomic(nil)) }
        mode = snapshot.mode
        device = snapshot.device
        counters = snapshot.counters
    }

    deinit {
        for entry in 0..<index.count {
            cells[entry].load(ordering: .acquiring)?.release()
        }
        cells.deinitialize(count: index.count)
        cells.deallocate()
    }

    /// The text for `key`: a string as written (no formatting), an entry's format key.
    ///
    /// On a total miss (counted): the sentinel `⟦Module/Table:key⟧` in development mode, else `defaultValue` or the
    /// key.
    public func string(forKey key: String, default defaultValue: String? = nil) -> String {
        if let entry = index.entry(for: key) {
            // Read without retaining the cell's value (this handle holds it): two threads write to nothing shared.
            if let stored = cells[entry].load(ordering: .acquiring) {
                return stored._withUnsafeGuaranteedRef { $0.text }
            }
            if let text = makeValue(at: entry)?.text { return text }
        }
        return miss(key, default: defaultValue)
    }

    /// The winning value for `key` with its layer, locale and revision, or nil (not counted as a miss).
    package func value(forKey key: String) -> ResolvedValue? { index.entry(for: key).flatMap(value(at:)) }

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
        guard let entry = index.entry(for: key) else { return miss(key, default: defaultValue) }
        if let text = shortRender(entry, arguments) { return text }
        guard let resolved = value(at: entry) else { return miss(key, default: defaultValue) }
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
        if let entry = index.entry(for: key), let text = shortRender(entry, CollectionOfOne(argument)) { return text }
        return format(key, [argument], default: defaultValue)
    }

    /// Where `key`'s value comes from, for tracing; a miss is counted.
    public func resolve(_ key: String) -> Resolution {
        if let resolved = value(forKey: key) {
            return Resolution(
                value: resolved.value, layer: resolved.layer, locale: resolved.locale, revision: resolved.revision,
                chain: chain)
        }
        return Resolution(value: .string(miss(key, default: nil)), layer: .miss, locale: nil, revision: nil, chain: chain)
    }

    /// The development sentinel for `key`: `⟦Module/Table:key⟧`.
    public func sentinel(forKey key: String) -> String { "⟦\(module)/\(table):\(key)⟧" }

    /// ``RenderProgram/text(for:)`` of the entry's value if it is built, retaining nothing on the way; nil: render it
    /// the general way.
    @inline(__always)
    private func shortRender<Arguments: RandomAccessCollection<FormatArgument>>(
        _ entry: Int, _ arguments: Arguments
    ) -> String? where Arguments.Index == Int {
        guard let stored = cells[entry].load(ordering: .acquiring) else { return nil }
        return stored._withUnsafeGuaranteedRef { resolved in resolved.withCompiled { $0.text(for: arguments) } }
    }

    @inline(__always)
    private func value(at entry: Int) -> ResolvedValue? {
        if let stored = cells[entry].load(ordering: .acquiring) { return stored.takeUnretainedValue() }
        return makeValue(at: entry)
    }

    private func makeValue(at entry: Int) -> ResolvedValue? {
        let answer = answers[entry]
        guard answer.layer >= 0, Int(answer.layer) < layers.count else { return nil }
        let layer = layers[Int(answer.layer)]
        let key = index.key(at: entry)
        let value: CatalogValue?
        switch layer.source {
        case .shipped(let table):
            value = table.value(forKey: key)
        case .overlay(let table):
            if answer.entry >= 0, let strings = table.strings, Int(answer.entry) < strings.entries.count {
                value = .string(strings.string(strings.entries[Int(answer.entry)].value))
            } else {
                value = table.plurals[key].map(CatalogValue.plural)
            }
        }
        guard let value else { return nil }
        let built = Unmanaged.passRetained(ResolvedValue(
            value: value, layer: layer.kind, locale: layer.locale, revision: layer.revision, device: device))
        // A thread that lost the race takes the winner's value.
        let (exchanged, original) = cells[entry].compareExchange(
            expected: nil, desired: built, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return built.takeUnretainedValue() }
        built.release()
        return original.takeUnretainedValue()
    }

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
