import Synchronization

/// What one handle answers: its keys (a ``KeyIndex``), the table that answers each key, and the ``ResolvedValue``s
/// made from those answers on each key's first lookup.
///
/// Building it reads no value: the chain's tables are merged key by key into the index, and an overlay table is not
/// even read when every key it could answer is already answered by a table before it in the chain.
///
/// `@unchecked Sendable`: everything is immutable after `init` except the value cells, which are atomics written
/// once each (a racing thread's value is discarded).
final class MergedTableValues: @unchecked Sendable {
    /// One table of the chain, in chain order: overlay then shipped, per locale.
    struct Layer: Sendable {
        var kind: ResolutionLayer
        var locale: String
        var revision: Int?
        var source: Source
    }

    enum Source: Sendable {
        case shipped(CatalogTable)
        case overlay(OverlayModules.Table)
    }

    /// The layer that answers an entry, and where in it; `layer` −1: no answer (a development key no layer of the
    /// chain has).
    struct Answer {
        var layer: Int32
        /// The index of a `.strings` entry of an overlay text table; −1: look the key up in the layer.
        var entry: Int32

        static let none = Answer(layer: -1, entry: -1)
    }

    let index: KeyIndex
    private let answers: [Answer]
    private let layers: [Layer]
    private let device: String
    private let cells: UnsafeMutablePointer<Atomic<Unmanaged<ResolvedValue>?>>

    init(index: KeyIndex, answers: [Answer], layers: [Layer], device: String) {
        precondition(answers.count == index.count)
        self.index = index
        self.answers = answers
        self.layers = layers
        self.device = device
        cells = .allocate(capacity: max(index.count, 1))
        for entry in 0..<index.count { (cells + entry).initialize(to: Atomic(nil)) }
    }

    deinit {
        for entry in 0..<index.count {
            cells[entry].load(ordering: .acquiring)?.release()
        }
        cells.deinitialize(count: index.count)
        cells.deallocate()
    }

    /// The winning value of `key`, or nil.
    @inline(__always)
    func value(forKey key: String) -> ResolvedValue? {
        guard let entry = index.entry(for: key) else { return nil }
        return value(at: entry)
    }

    /// What ``shortRender(forKey:_:)`` found.
    enum ShortRender {
        case text(String)
        /// The key has no value.
        case miss
        /// The value does not take the short path (or was not built yet): render the entry's value the general way.
        case general(entry: Int)
    }

    /// Renders `key`'s value when it is constant or takes its ``DirectRenderPlan``, retaining nothing on the way: the cells
    /// hold the values, and this handle holds the cells, for as long as the call lasts.
    @inline(__always)
    func shortRender<Arguments: RandomAccessCollection<FormatArgument>>(
        forKey key: String, _ arguments: Arguments
    ) -> ShortRender where Arguments.Index == Int {
        guard let entry = index.entry(for: key) else { return .miss }
        guard let stored = cells[entry].load(ordering: .acquiring) else { return .general(entry: entry) }
        let text = stored._withUnsafeGuaranteedRef { resolved in
            resolved.withCompiled { compiled in compiled.constantText ?? compiled.directPlan?.render(arguments) }
        }
        if let text { return .text(text) }
        return .general(entry: entry)
    }

    /// Every key with its winning value (each value built now if it was not yet).
    var all: [String: ResolvedValue] {
        var result: [String: ResolvedValue] = [:]
        result.reserveCapacity(index.count)
        for entry in 0..<index.count {
            if let value = value(at: entry) { result[index.key(at: entry)] = value }
        }
        return result
    }

    @inline(__always)
    func value(at entry: Int) -> ResolvedValue? {
        if let stored = cells[entry].load(ordering: .acquiring) { return stored.takeUnretainedValue() }
        return makeValue(at: entry)
    }

    /// Builds the entry's value once; a thread that loses the race takes the winner's.
    private func makeValue(at entry: Int) -> ResolvedValue? {
        let answer = answers[entry]
        guard answer.layer >= 0 else { return nil }
        let layer = layers[Int(answer.layer)]
        let key = index.key(at: entry)
        let value: CatalogValue?
        switch layer.source {
        case .shipped(let table), .overlay(.catalog(let table)):
            value = table.value(forKey: key)
        case .overlay(.text(let strings, let plurals)):
            if answer.entry >= 0, let strings {
                value = .string(strings.string(strings.entries[Int(answer.entry)].value))
            } else {
                value = plurals[key].map(CatalogValue.plural)
            }
        }
        guard let value else { return nil }  // cannot happen: the answer was taken from this layer
        let built = Unmanaged.passRetained(
            ResolvedValue(value: value, layer: layer.kind, locale: layer.locale, revision: layer.revision, device: device))
        let (exchanged, original) = cells[entry].compareExchange(
            expected: nil, desired: built, ordering: .acquiringAndReleasing)
        guard !exchanged, let original else { return built.takeUnretainedValue() }
        built.release()
        return original.takeUnretainedValue()
    }
}

extension MergedTableValues {
    /// Merges the chain per key — for each locale, the overlay's table, then the shipped one; the first table with
    /// the key answers — reading overlay tables only while some key could still take an answer from them.
    ///
    /// Overlay keys outside `knownKeys` (the shipped development table, or for a table without development text
    /// the keys its shipped translations have) are not served. Within a table a `.stringsdict` entry wins over a
    /// `.strings` one and the last of duplicate `.strings` keys wins, as when the catalog loader reads it.
    static func merge(
        table tableName: String, chain: [String], shipped: CatalogModule?, developmentTable: CatalogTable?,
        knownKeys: CatalogTable?, overlays: OverlayModules, overlayModule moduleName: String, device: String
    ) -> MergedTableValues {
        var builder = KeyIndex.Builder(capacity: (knownKeys?.plurals.count ?? 0) + (knownKeys?.strings.count ?? 0))
        var answers: [Answer] = []
        var layers: [Layer] = []
        // The development keys come first: entries below `knownCount` are the keys an overlay may answer.
        for key in knownKeys?.plurals.keys ?? [:].keys { _ = builder.insert(key) }
        for key in knownKeys?.strings.keys ?? [:].keys { _ = builder.insert(key) }
        let knownCount = builder.entryCount
        answers = Array(repeating: .none, count: knownCount)
        var unanswered = knownCount

        let developmentRegion = shipped?.developmentRegion ?? "en"
        let revision = overlays.listing(moduleName)?.revision.revision
        for locale in chain {
            if unanswered > 0, let table = overlays.table(tableName, module: moduleName, locale: locale) {
                let layer = Int32(layers.count)
                layers.append(Layer(kind: .overlay, locale: locale, revision: revision, source: .overlay(table)))
                func answer(_ entry: Int?, from tableEntry: Int32) {
                    guard let entry, entry < knownCount, answers[entry].layer < 0 else { return }
                    answers[entry] = Answer(layer: layer, entry: tableEntry)
                    unanswered -= 1
                }
                switch table {
                case .catalog(let catalogTable):
                    for key in catalogTable.plurals.keys { answer(builder.entry(for: key), from: -1) }
                    for key in catalogTable.strings.keys { answer(builder.entry(for: key), from: -1) }
                case .text(let strings, let plurals):
                    for key in plurals.keys { answer(builder.entry(for: key), from: -1) }
                    if let strings {
                        for position in strings.entries.indices.reversed() {  // the last duplicate wins
                            let entry = strings.withUTF8(strings.entries[position].key) { builder.entry(utf8: $0) }
                            answer(entry, from: Int32(position))
                        }
                    }
                }
            }
            guard let shipped,
                let table = locale == developmentRegion
                    ? developmentTable : LocalizerSnapshot.table(tableName, of: shipped, locale: locale)
            else { continue }
            let layer = Int32(layers.count)
            layers.append(Layer(kind: .shipped, locale: locale, revision: nil, source: .shipped(table)))
            func answer(_ key: String) {
                let (entry, inserted) = builder.insert(key)
                if inserted {
                    answers.append(Answer(layer: layer, entry: -1))
                } else if answers[entry].layer < 0 {
                    answers[entry] = Answer(layer: layer, entry: -1)
                    if entry < knownCount { unanswered -= 1 }
                }
            }
            for key in table.plurals.keys { answer(key) }
            for key in table.strings.keys { answer(key) }
        }
        return MergedTableValues(index: KeyIndex(builder), answers: answers, layers: layers, device: device)
    }
}
