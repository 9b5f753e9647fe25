/// Why a lookup answered what it did: every layer of the fallback chain with what it held, and one reason with what
/// to do ("we published a fix, why does this device still show the old text?").
///
/// ```swift
/// let why = localizer.explain("cart.title", module: "Checkout")
/// log.info("\(why.reason.rawValue): \(why.sentence)")
/// ```
public struct ResolutionExplanation: Sendable, Equatable {
    /// Why the shown value is the one shown. Stable strings (`--json`).
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// An active overlay revision answered.
        case overlay
        /// The store holds a revision with another answer that this process has not applied yet (from
        /// `overlay inspect --explain --launched-at`, which reads the store).
        case pendingNextLaunch = "pending-next-launch"
        /// The store belongs to another catalog (source hash): its overlay is ignored, shipped strings serve.
        case overlayIgnoredSourceHash = "overlay-ignored-source-hash"
        /// The module's overlay was withdrawn (revoked, dropped from the manifest, …): shipped strings serve (from
        /// `overlay inspect --explain`, which reads the store's history).
        case overlayWithdrawn = "overlay-withdrawn"
        /// The module's active overlay revision cannot be read: shipped strings serve.
        case overlayUnreadable = "overlay-unreadable"
        /// The overlay revision has no value for the key in any locale of the chain; the shipped value serves.
        case overlayLacksKey = "overlay-lacks-key"
        /// The overlay has the key but this build's catalog does not, so the overlay's value is never loaded.
        case keyUnknownToBuild = "key-unknown-to-build"
        /// No overlay revision for the module: the shipped value serves.
        case noOverlay = "no-overlay"
        /// The key has values only in locales outside the chain: nothing in the chain answered.
        case localeNotInChain = "locale-not-in-chain"
        /// A layer has the key, but its entry was rejected: the next layer's value shows.
        case entryRejected = "entry-rejected"
        /// No layer has the key: the sentinel (development) or the key (production) shows.
        case miss
    }

    /// What one layer of one chain locale held.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// This layer's value is the one shown.
        case answered
        /// This layer has a value, but an earlier layer answered.
        case shadowed
        /// The layer has the table for this locale but not the key.
        case keyAbsent = "key-absent"
        /// The entry breaks a rule the client enforces (``Step/rejection``), so it is never served.
        case rejected
        /// The layer has this locale but not the table.
        case tableAbsent = "table-absent"
        /// The layer has no localization for this locale.
        case localeAbsent = "locale-absent"
        /// The overlay has the key but the build's catalog does not: never loaded.
        case keyUnknownToBuild = "key-unknown-to-build"
        /// No overlay revision serves the module (none, ignored, withdrawn or unreadable: see the reason).
        case noRevision = "no-revision"
    }

    /// One layer of one chain locale.
    public struct Step: Sendable, Equatable {
        public var locale: String
        public var layer: ResolutionLayer
        public var outcome: Outcome
        /// The layer's text for the key, when it has one.
        public var value: String?
        /// The overlay revision number, for overlay steps of a served revision.
        public var revision: Int?
        /// For a ``Outcome/rejected`` entry, the code of the rule it breaks (`plural.missing-other`).
        public var rejection: String? = nil
        /// For a ``Outcome/rejected`` entry, the finding's message.
        public var rejectionMessage: String? = nil
    }

    public var key: String
    public var module: String
    public var table: String
    /// The locales searched, in order (each: overlay, then shipped).
    public var chain: [String]
    /// What the lookup answered.
    public var resolution: Resolution
    /// What `string(forKey:)` shows: the value, the sentinel or the key.
    public var shown: String
    /// Overlay then shipped for each chain locale.
    public var steps: [Step]
    package var pending: ActiveRevision?
    /// What the pending revision would show, when it differs from ``shown``.
    public var pendingValue: String?
    /// Shipped or overlay locales outside the chain that have the key.
    public var otherLocales: [String]
    public var reason: Reason
    /// One sentence: the reason and what to do.
    public var sentence: String
}

extension Localizer {
    /// Walks the fallback chain of `key` and says what each layer held and why the shown value won. Costs a table
    /// read per locale (for diagnostics, never per lookup); counts nothing. What only the store knows (a revision
    /// pending for the next launch, a withdrawn overlay) `overlay inspect --explain` adds in OverlayTools.
    public func explain(_ key: String, table tableName: String = "Localizable", module: String) -> ResolutionExplanation {
        let current = snapshot
        let quiet = LocalizerCounters()
        let view = LocalizerSnapshot(
            catalog: current.catalog, overlays: OverlayModules(
                revisions: current.overlays.revisions, fallbacks: current.overlays.fallbacks,
                checksRevisions: current.overlays.checksRevisions, counters: quiet),
            preferredLanguages: current.preferredLanguages, mode: mode, device: device, counters: quiet)
        let handle = view.table(tableName, in: module)
        let resolution = handle.resolve(key)
        let shown = handle.string(forKey: key)

        let shipped = current.catalog.modules[module]
        let listing = view.overlays.listing(module)
        let knownKeys = (shipped.flatMap { $0.table(tableName, locale: $0.developmentRegion) }
            ?? shipped.flatMap { LocalizerSnapshot.translatedKeys(tableName, of: $0) })?.keySet ?? []

        var steps: [ResolutionExplanation.Step] = []
        var answered = false
        /// `held`: what the layer's tables for `locale` hold for the key; nil without one, the outcome then `absent`.
        func step(
            _ locale: String, _ layer: ResolutionLayer, revision: Int?, absent: ResolutionExplanation.Outcome,
            held: (value: CatalogValue?, rejection: StringsdictFile.Rejection?)?
        ) {
            var outcome = absent
            var value: String?
            if let found = held?.value {
                value = ResolvedValue(value: found, layer: layer, locale: locale, revision: revision, device: device).text
                if layer == .overlay && !knownKeys.contains(key) {
                    outcome = .keyUnknownToBuild
                } else if !answered && resolution.layer == layer && resolution.locale == locale {
                    outcome = .answered
                    answered = true
                } else {
                    outcome = .shadowed
                }
            } else if let held {
                outcome = held.rejection == nil ? .keyAbsent : .rejected
            }
            let rejection = held?.rejection
            steps.append(.init(locale: locale, layer: layer, outcome: outcome, value: value, revision: revision,
                               rejection: rejection?.error.findingCode, rejectionMessage: rejection?.error.message))
        }
        // The tables the lookup merged, read again for the one key.
        func overlayHeld(_ locale: String) -> (value: CatalogValue?, rejection: StringsdictFile.Rejection?)? {
            var tables: [OverlayModules.Table] = []
            view.overlays.forEachTable(tableName, module: module, locale: locale) { tables.append($0) }
            guard !tables.isEmpty else { return nil }
            return (tables.lazy.compactMap { $0.value(forKey: key) }.first,
                    tables.lazy.compactMap { $0.rejected[key] }.first)
        }
        // A build without the module has no locale of it.
        let build = shipped ?? CatalogModule(name: module, developmentRegion: "")
        for locale in handle.chain {
            var overlayAbsent = ResolutionExplanation.Outcome.noRevision
            if let listing {
                let hasLocale = listing.locales[locale] != nil
                    || (listing.locales["Base"] != nil && locale == listing.developmentRegion)
                overlayAbsent = hasLocale ? .tableAbsent : .localeAbsent
            }
            step(locale, .overlay, revision: listing?.revision.revision, absent: overlayAbsent,
                 held: overlayHeld(locale))
            let table = build.table(tableName, locale: locale)
            let hasLocale = build.localizations[locale] != nil
                || (locale == build.developmentRegion && build.base != nil)
            step(locale, .shipped, revision: nil, absent: hasLocale ? .tableAbsent : .localeAbsent,
                 held: table.map { ($0.value(forKey: key), $0.rejectedEntries[key]) })
        }

        var otherLocales: Set<String> = []
        for locale in shipped?.localizations.keys ?? [:].keys where !handle.chain.contains(locale) {
            if build.table(tableName, locale: locale)?.value(forKey: key) != nil {
                otherLocales.insert(locale)
            }
        }
        for locale in listing?.locales.keys ?? [:].keys where locale != "Base" && !handle.chain.contains(locale) {
            if overlayHeld(locale)?.value != nil { otherLocales.insert(locale) }
        }

        var explanation = ResolutionExplanation(
            key: key, module: module, table: tableName, chain: handle.chain, resolution: resolution, shown: shown,
            steps: steps, otherLocales: otherLocales.sorted(by: String.utf8Precedes), reason: .miss, sentence: "")
        (explanation.reason, explanation.sentence) = Self.reason(
            explanation, hasRevision: listing != nil, servedRevision: current.overlays.revisions[module],
            ignoredSourceHash: ignoredSourceHash.withLock { $0 }, buildSourceHash: sourceHash)
        return explanation
    }

    private static func reason(
        _ e: ResolutionExplanation, hasRevision: Bool, servedRevision: ActiveRevision?, ignoredSourceHash: String?,
        buildSourceHash: String
    ) -> (ResolutionExplanation.Reason, String) {
        let shown = "\"\(e.shown)\""
        let place = "\(e.module)/\(e.table):\(e.key)"
        let shippedFrom = e.resolution.locale.map { " (shipped \($0))" } ?? ""
        if e.resolution.layer == .overlay {
            return (.overlay,
                    "Shows \(shown) from overlay revision \(e.resolution.revision ?? 0) (\(e.resolution.locale ?? "")) "
                        + "of \(e.module); to change it, publish a new revision and sync.")
        }
        if let ignoredSourceHash {
            return (.overlayIgnoredSourceHash,
                    "Shows \(shown)\(shippedFrom) because the store's overlay was written for source hash "
                        + "\(ignoredSourceHash), not this build's \(buildSourceHash), so it is ignored; publish for "
                        + "this build's catalog and sync.")
        }
        if servedRevision != nil, !hasRevision {
            return (.overlayUnreadable,
                    "Shows \(shown)\(shippedFrom) because the active overlay revision of \(e.module) cannot be read; "
                        + "run overlay inspect --verify on the store and sync again.")
        }
        if e.steps.contains(where: { $0.outcome == .keyUnknownToBuild }) {
            return (.keyUnknownToBuild,
                    "Shows \(shown)\(shippedFrom) because this build's catalog has no key \(place), so the overlay's "
                        + "value is never loaded; add the key to the app's development catalog in the next build.")
        }
        if let rejected = e.steps.first(where: { $0.outcome == .rejected }) {
            let instead = e.resolution.layer == .miss
                ? "no other layer has the key, so the app shows \(shown)"
                : "the app shows the next layer's value, \(shown)\(shippedFrom)"
            return (.entryRejected,
                    "The \(rejected.layer.rawValue) \(rejected.locale) entry of \(place) is rejected "
                        + "(\(rejected.rejection ?? "rejected"): \(rejected.rejectionMessage ?? "it breaks a rule")), so "
                        + "\(instead); fix the entry in the catalog and publish it.")
        }
        if e.resolution.layer == .miss {
            if !e.otherLocales.isEmpty {
                return (.localeNotInChain,
                        "Shows \(shown) because only \(e.otherLocales.joined(separator: ", ")) \(e.otherLocales.count == 1 ? "has" : "have") "
                            + "\(place), outside the chain \(e.chain.joined(separator: " → ")); add it to the "
                            + "development region or a locale of the chain.")
            }
            return (.miss,
                    "Shows \(shown) because no layer has \(place); add the key to the catalog (and publish), or fix "
                        + "the key in the code.")
        }
        if hasRevision {
            return (.overlayLacksKey,
                    "Shows \(shown)\(shippedFrom) because overlay revision \(servedRevision?.revision ?? 0) of "
                        + "\(e.module) has no value for \(e.key) in \(e.chain.joined(separator: ", ")); add it to the "
                        + "catalog and publish.")
        }
        return (.noOverlay,
                "Shows \(shown)\(shippedFrom) because no overlay revision of \(e.module) is served (none in the "
                    + "store, or no store); to change the text, publish a revision and sync.")
    }
}
