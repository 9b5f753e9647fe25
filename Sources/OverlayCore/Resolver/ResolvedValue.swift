import Synchronization

/// Which layer answered a lookup.
public enum ResolutionLayer: String, Sendable, Hashable, CaseIterable {
    /// A downloaded revision in the store.
    case overlay
    /// The catalog the app shipped with.
    case shipped
    /// Nothing: the sentinel (development) or the caller's default or the key (production).
    case miss
}

/// One key's answer in a pre-merged table: the value and where it came from.
package final class ResolvedValue: Sendable {
    package let value: CatalogValue
    /// `.overlay` or `.shipped`.
    package let layer: ResolutionLayer
    /// The chain locale that answered.
    package let locale: String
    /// Nil for shipped values.
    package let revision: Int?
    /// What `string(forKey:)` returns: the string, or an entry's format key (the widest width variant, the device's
    /// variant).
    package let text: String

    private let device: String
    /// Set on the first render. Not an `AtomicLazyReference`, whose `load` is not specialized.
    private let compiledValue = Atomic<Unmanaged<RenderProgram>?>(nil)

    init(value: CatalogValue, layer: ResolutionLayer, locale: String, revision: Int?, device: String) {
        self.value = value
        self.layer = layer
        self.locale = locale
        self.revision = revision
        self.device = device
        self.text = ResolvedValue.text(of: value, device: device)
    }

    /// Built once; a racing thread's copy is discarded.
    var compiled: RenderProgram {
        if let stored = compiledValue.load(ordering: .acquiring) { return stored.takeUnretainedValue() }
        let built = Unmanaged.passRetained(RenderProgram(value, rules: PluralRules.cardinal(for: locale), device: device))
        let (exchanged, original) = compiledValue.compareExchange(
            expected: nil, desired: built, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return built.takeUnretainedValue() }
        built.release()
        return original.takeUnretainedValue()
    }

    /// Without retaining the compiled value: this value holds it.
    @inline(__always)
    func withCompiled<Result>(_ body: (RenderProgram) -> Result) -> Result {
        if let stored = compiledValue.load(ordering: .acquiring) { return stored._withUnsafeGuaranteedRef(body) }
        return body(compiled)
    }

    deinit {
        compiledValue.load(ordering: .acquiring)?.release()
    }

    private static func text(of value: CatalogValue, device: String) -> String {
        switch value {
        case .string(let text): return text
        case .plural(let entry): return text(of: entry, device: device, depth: 0)
        }
    }

    private static func text(of entry: StringsdictEntry, device: String, depth: Int) -> String {
        switch entry {
        case .text(let text): return text
        case .format(let plural): return plural.format
        case .width(let variants): return variants.keys.max().flatMap { variants[$0] } ?? ""
        case .device(let variants):
            guard depth < RenderProgram.maximumDepth,
                let chosen = RenderProgram.variant(of: variants, forDevice: device)
            else { return "" }
            return text(of: chosen, device: device, depth: depth + 1)
        }
    }
}

/// The answer to ``Localizer/resolve(_:table:module:)``: the value and where it came from, for tracing.
public struct Resolution: Sendable, Equatable {
    /// The value found; on a miss, `.string` of the sentinel (development) or the key (production).
    package var value: CatalogValue
    /// Which layer answered.
    public var layer: ResolutionLayer
    /// The chain locale that answered; nil on a miss.
    public var locale: String?
    /// The overlay revision number when the overlay answered.
    public var revision: Int?
    /// The locales searched, in order (each: overlay, then shipped).
    public var chain: [String]
}

/// What the Localizer counted since it was built.
public struct LocalizerStats: Sendable, Hashable {
    /// Lookups no layer answered.
    public var misses: Int
    /// Renders whose arguments did not fit the value (the shipped development value, or the key, was shown).
    public var renderErrors: Int
    /// Store revisions not loaded: a snapshot for another source hash, or a revision directory that cannot be read.
    public var ignoredRevisions: Int

    public init(misses: Int = 0, renderErrors: Int = 0, ignoredRevisions: Int = 0) {
        self.misses = misses
        self.renderErrors = renderErrors
        self.ignoredRevisions = ignoredRevisions
    }
}
